/** API keys: better-auth's apiKeyClient unchanged, keys hashed at rest, limits and codes as better-auth's. */
import { createHash } from "node:crypto";
import { apiKeyClient } from "@better-auth/api-key/client";
import { createAuthClient } from "better-auth/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function signedInClient() {
  const jar = createCookieFetch(server.url);
  const client = createAuthClient({ baseURL: server.url, plugins: [apiKeyClient()], fetchOptions: { customFetchImpl: jar.fetch } });
  const email = `key-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const signUp = await client.signUp.email({ email, password: "password123", name: "Key Owner" });
  return { client, userId: signUp.data!.user.id, email };
}

const withKey = (key: string, method: string, path: string, body?: unknown) => server.request(method, path, { headers: { "x-api-key": key }, body });

describe("api-key endpoints through better-auth's apiKeyClient", () => {
  it("creates a key shown once, then gets, lists, updates and deletes it without ever showing it again", async () => {
    const { client, userId } = await signedInClient();
    const created = await client.apiKey.create({ name: "nightly", prefix: "lk_", metadata: { team: "ops" } });
    expect(created.error).toBeNull();
    const key = created.data!.key;
    expect(key.startsWith("lk_")).toBe(true);
    expect(key.length).toBe(3 + 64);
    expect(created.data).toMatchObject({ name: "nightly", prefix: "lk_", start: key.slice(0, 6), referenceId: userId, enabled: true, metadata: { team: "ops" }, permissions: null });

    const fetched = await client.apiKey.get({ query: { id: created.data!.id } });
    expect(fetched.data).toMatchObject({ id: created.data!.id, name: "nightly" });
    expect(fetched.data).not.toHaveProperty("key");

    const listed = await client.apiKey.list();
    expect(listed.data!.total).toBe(1);
    expect(JSON.stringify(listed.data)).not.toContain(key);

    const updated = await client.apiKey.update({ keyId: created.data!.id, name: "renamed", enabled: false });
    expect(updated.data).toMatchObject({ name: "renamed", enabled: false });
    expect((await withKey(key, "GET", "/get-session")).body).toMatchObject({ code: "KEY_DISABLED" });

    const deleted = await client.apiKey.delete({ keyId: created.data!.id });
    expect(deleted.data).toEqual({ success: true });
    expect((await client.apiKey.get({ query: { id: created.data!.id } })).error).toMatchObject({ status: 404, code: "KEY_NOT_FOUND" });
  });

  it("keeps only the base64url SHA-256 of a key in the database", async () => {
    const { client } = await signedInClient();
    const { data } = await client.apiKey.create({ name: "hashed" });
    const row = await server.database.db.selectFrom("apikey").selectAll().where("id", "=", data!.id).executeTakeFirstOrThrow();
    expect(row.key).toBe(createHash("sha256").update(data!.key).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(data!.key);
    // A copied row's digest is not a key: presenting it authenticates nobody.
    expect((await withKey(row.key, "GET", "/get-session")).body).toMatchObject({ code: "INVALID_API_KEY" });
  });

  it("refuses another user's key id, bad names and unknown permissions with better-auth's codes", async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    const { data } = await owner.client.apiKey.create({ name: "mine" });
    expect((await other.client.apiKey.get({ query: { id: data!.id } })).error).toMatchObject({ status: 404, code: "KEY_NOT_FOUND" });
    expect((await other.client.apiKey.delete({ keyId: data!.id })).error).toMatchObject({ status: 404, code: "KEY_NOT_FOUND" });
    expect((await owner.client.apiKey.create({ name: "x".repeat(33) })).error).toMatchObject({ status: 400, code: "INVALID_NAME_LENGTH" });
    expect((await owner.client.apiKey.create({ expiresIn: 60 })).error).toMatchObject({ status: 400, code: "EXPIRES_IN_IS_TOO_SMALL" });
    const unknown = await server.request("POST", "/api-key/create", { token: (await server.signUp()).token, body: { permissions: { user: ["fly"] } } });
    expect(unknown.body).toMatchObject({ code: "INVALID_API_KEY_PERMISSIONS" });
    expect(unknown.status).toBe(400);
    expect((await owner.client.apiKey.update({ keyId: data!.id })).error).toMatchObject({ status: 400, code: "NO_VALUES_TO_UPDATE" });
  });
});

describe("requests with x-api-key", () => {
  it("act as the key's user: get-session answers that user and sets no cookie", async () => {
    const { client, userId } = await signedInClient();
    const { data } = await client.apiKey.create({ name: "session" });
    const answer = await withKey(data!.key, "GET", "/get-session");
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(userId);
    expect(answer.body.session.userId).toBe(userId);
    expect(answer.cookies).toEqual([]);
    expect(answer.headers.get("set-auth-token")).toBeNull();
    expect(await server.database.db.selectFrom("session").select("id").where("userId", "=", userId).execute()).toHaveLength(1);
  });

  it("work from better-auth's own client with the header set (enableSessionForAPIKeys)", async () => {
    const { client, userId } = await signedInClient();
    const { data } = await client.apiKey.create({ name: "client header" });
    const scripted = createAuthClient({ baseURL: server.url, plugins: [apiKeyClient()], fetchOptions: { headers: { "x-api-key": data!.key } } });
    const session = await scripted.getSession();
    expect(session.error).toBeNull();
    expect(session.data!.user.id).toBe(userId);
  });

  it("are refused with INVALID_API_KEY for a made-up key, and keys cannot mint keys", async () => {
    expect((await withKey("not-a-key", "GET", "/get-session")).status).toBe(401);
    const { client } = await signedInClient();
    const { data } = await client.apiKey.create({ name: "no minting" });
    const minted = await withKey(data!.key, "POST", "/api-key/create", { name: "child" });
    expect(minted.status).toBe(403);
    expect(minted.body.code).toBe("API_KEY_NOT_ALLOWED");
  });

  it("expire: a key past its expiresIn answers KEY_EXPIRED", async () => {
    const { client } = await signedInClient();
    const { data } = await client.apiKey.create({ name: "short", expiresIn: 24 * 3600 });
    expect((await withKey(data!.key, "GET", "/get-session")).status).toBe(200);
    server.clock.advance(24 * 3600 * 1000 + 1000);
    const late = await withKey(data!.key, "GET", "/get-session");
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("KEY_EXPIRED");
  });

  it("stop after `remaining` uses with USAGE_EXCEEDED", async () => {
    const { userId } = await signedInClient();
    const token = (await server.request("POST", "/sign-in/email", { body: { email: (await server.database.db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirstOrThrow()).email, password: "password123" } })).body.token as string;
    const created = await server.request("POST", "/api-key/create", { token, body: { name: "twice", remaining: 2 } });
    const key = created.body.key as string;
    expect((await withKey(key, "GET", "/get-session")).status).toBe(200);
    expect((await withKey(key, "GET", "/get-session")).status).toBe(200);
    const third = await withKey(key, "GET", "/get-session");
    expect(third.status).toBe(429);
    expect(third.body.code).toBe("USAGE_EXCEEDED");
  });

  it("keep to a per-key rate limit and recover after the window", async () => {
    const { token } = await server.signUp();
    const created = await server.request("POST", "/api-key/create", { token, body: { name: "limited", rateLimitMax: 2, rateLimitTimeWindow: 60_000 } });
    expect(created.body).toMatchObject({ rateLimitEnabled: true, rateLimitMax: 2, rateLimitTimeWindow: 60_000 });
    const key = created.body.key as string;
    expect((await withKey(key, "GET", "/get-session")).status).toBe(200);
    expect((await withKey(key, "GET", "/get-session")).status).toBe(200);
    const over = await withKey(key, "GET", "/get-session");
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("RATE_LIMIT_EXCEEDED");
    server.clock.advance(61_000);
    expect((await withKey(key, "GET", "/get-session")).status).toBe(200);
  });

  it("of a banned user are refused with USER_BANNED", async () => {
    const { token, userId } = await server.signUp();
    const key = (await server.request("POST", "/api-key/create", { token, body: { name: "banned" } })).body.key as string;
    await server.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", userId).execute();
    const answer = await withKey(key, "GET", "/get-session");
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("USER_BANNED");
  });
});

describe("the sweep", () => {
  it("deletes expired keys and keeps live ones", async () => {
    const { sweep } = await import("../../../server/maintenance/sweep.js");
    const { token, userId } = await server.signUp();
    const short = (await server.request("POST", "/api-key/create", { token, body: { name: "short", expiresIn: 24 * 3600 } })).body.id as string;
    const lasting = (await server.request("POST", "/api-key/create", { token, body: { name: "lasting" } })).body.id as string;
    server.clock.advance(24 * 3600 * 1000 + 1);
    const result = await sweep(server.app.context);
    expect(result.apiKeys).toBeGreaterThanOrEqual(1);
    const left = await server.database.db.selectFrom("apikey").select("id").where("referenceId", "=", userId).execute();
    expect(left.map((row) => row.id)).toEqual([lasting]);
    expect(left.map((row) => row.id)).not.toContain(short);
  });
});

describe("usage accounting", () => {
  it("lets exactly `remaining` of many concurrent requests through", async () => {
    const { token } = await server.signUp();
    const key = (await server.request("POST", "/api-key/create", { token, body: { name: "race", remaining: 3 } })).body.key as string;
    const answers = await Promise.all(Array.from({ length: 10 }, () => withKey(key, "GET", "/get-session")));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429 || answer.status === 401)).toHaveLength(7);
  });

  it("records a key's last use at most once a minute when nothing is counted", async () => {
    const { token } = await server.signUp();
    const created = (await server.request("POST", "/api-key/create", { token, body: { name: "busy" } })).body as { id: string; key: string };
    const lastRequest = async () => (await server.database.db.selectFrom("apikey").select("lastRequest").where("id", "=", created.id).executeTakeFirstOrThrow()).lastRequest;
    await withKey(created.key, "GET", "/get-session");
    const first = await lastRequest();
    expect(first).not.toBeNull();
    server.clock.advance(30_000);
    await withKey(created.key, "GET", "/get-session");
    expect(await lastRequest()).toBe(first);
    server.clock.advance(31_000);
    await withKey(created.key, "GET", "/get-session");
    expect(Number(await lastRequest())).toBe(server.clock.now());
  });
});
