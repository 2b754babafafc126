import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../../server/crypto/tokens.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, openBrowser } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function threeSessions() {
  const user = await server.signUp();
  const second = (await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } })).body.token as string;
  const third = (await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } })).body.token as string;
  return { ...user, second, third };
}

const alive = async (token: string) => (await server.request("GET", "/get-session", { token })).body !== null;

describe("list-sessions", () => {
  it("lists the caller's live sessions with revocation handles, never the credentials", async () => {
    const { token, second, third, userId } = await threeSessions();
    const other = await server.signUp();
    const response = await server.request("GET", "/list-sessions", { token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(3);
    const handles = response.body.map((s: { token: string }) => s.token).sort();
    expect(handles).toEqual([token, second, third].map(hashSecret).sort());
    for (const raw of [token, second, third]) expect(response.text).not.toContain(raw);
    for (const session of response.body) expect(session.userId).toBe(userId);
    expect(response.text).not.toContain(other.userId);
    expect((await server.request("GET", "/list-sessions")).status).toBe(401);
  });

  it("shows, marked, the sessions an administrator opened by impersonating the user (#27)", async () => {
    const { token, userId } = await server.signUp();
    const admin = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const impersonation = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId } });
    expect(impersonation.status).toBe(200);
    const response = await server.request("GET", "/list-sessions", { token });
    expect(response.body).toHaveLength(2);
    const marked = response.body.find((s: { id: string }) => s.id === impersonation.body.session.id);
    expect(marked.impersonatedBy).toBe(admin.userId);
    // A handle, never the credential the administrator holds.
    expect(marked.token).not.toBe(impersonation.body.session.token);
  });

  it("leaves out expired sessions", async () => {
    const { token } = await server.signUp();
    await server.database.db.updateTable("session").set({ expiresAt: 1 }).where("token", "!=", hashSecret(token)).execute();
    const response = await server.request("GET", "/list-sessions", { token });
    expect(response.body).toHaveLength(1);
  });
});

describe("revoke-session", () => {
  it("revokes one session by its listed handle and records session.revoke", async () => {
    const { token, second, third } = await threeSessions();
    const listed = (await server.request("GET", "/list-sessions", { token })).body as Array<{ id: string; token: string }>;
    const target = listed.find((s) => s.token === hashSecret(second))!;
    const response = await server.request("POST", "/revoke-session", { token, body: { token: target.token } });
    expect(response.body).toEqual({ status: true });
    expect(await alive(second)).toBe(false);
    expect(await alive(third)).toBe(true);
    expect(await alive(token)).toBe(true);
    const events = await auditRows(server, "session.revoke");
    expect(events.some((e) => e.targetId === target.id && e.targetType === "session")).toBe(true);
  });

  it("also accepts a raw token", async () => {
    const { token, third } = await threeSessions();
    await server.request("POST", "/revoke-session", { token, body: { token: third } });
    expect(await alive(third)).toBe(false);
  });

  it("cannot touch another user's session", async () => {
    const mine = await server.signUp();
    const theirs = await server.signUp();
    const response = await server.request("POST", "/revoke-session", { token: mine.token, body: { token: hashSecret(theirs.token) } });
    expect(response.body).toEqual({ status: true });
    expect(await alive(theirs.token)).toBe(true);
  });

  it("revoking the current session clears the browser's cookie", async () => {
    const browser = openBrowser(server);
    await browser.post("/sign-up/email", { email: "revoke-self@example.com", password: "password123", name: "R" });
    const own = browser.sessionCookie()!;
    await browser.post("/revoke-session", { token: hashSecret(own) });
    expect(browser.sessionCookie()).toBeUndefined();
    expect(await alive(own)).toBe(false);
  });
});

describe("revoke-sessions and revoke-other-sessions", () => {
  it("revoke-other-sessions keeps only the current session", async () => {
    const { token, second, third, userId } = await threeSessions();
    expect((await server.request("POST", "/revoke-other-sessions", { token, body: {} })).body).toEqual({ status: true });
    expect(await alive(token)).toBe(true);
    expect(await alive(second)).toBe(false);
    expect(await alive(third)).toBe(false);
    const events = await auditRows(server, "session.revoke-others");
    expect(events.some((e) => e.targetId === userId && e.metadata?.count === 2)).toBe(true);
  });

  it("revoke-sessions ends every session, the current one included", async () => {
    const { token, second, third, userId } = await threeSessions();
    expect((await server.request("POST", "/revoke-sessions", { token })).body).toEqual({ status: true });
    for (const t of [token, second, third]) expect(await alive(t)).toBe(false);
    const events = await auditRows(server, "session.revoke-all");
    expect(events.some((e) => e.targetId === userId && e.metadata?.count === 3)).toBe(true);
  });

  it("need a session", async () => {
    expect((await server.request("POST", "/revoke-sessions", { body: {} })).status).toBe(401);
    expect((await server.request("POST", "/revoke-other-sessions", { body: {} })).status).toBe(401);
    expect((await server.request("POST", "/revoke-session", { body: { token: "x" } })).status).toBe(401);
  });
});

async function addGithub(userId: string, scope: string | null = "read:user,user:email") {
  await server.database.db.insertInto("account").values({
    id: `acc-gh-${userId}`, providerId: "github", accountId: `gh-${userId}`, userId, password: null, accessToken: "gho_secret_access", refreshToken: "ghr_secret_refresh",
    idToken: "id-token-secret", accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope, createdAt: 2, updatedAt: 3,
  }).execute();
}

describe("unlink-account under concurrency", () => {
  it("of two concurrent unlinks of a user's only two accounts, exactly one succeeds", async () => {
    const { token, userId } = await server.signUp();
    await addGithub(userId);
    const results = await Promise.all([
      server.request("POST", "/unlink-account", { token, body: { providerId: "github" } }),
      server.request("POST", "/unlink-account", { token, body: { providerId: "credential" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const left = await server.database.db.selectFrom("account").select("id").where("userId", "=", userId).execute();
    expect(left).toHaveLength(1);
  });
});

describe("list-accounts", () => {
  it("lists linked accounts without passwords or provider tokens", async () => {
    const { token, userId } = await server.signUp();
    await addGithub(userId);
    const response = await server.request("GET", "/list-accounts", { token });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    const github = response.body.find((a: { providerId: string }) => a.providerId === "github");
    expect(github).toEqual({
      id: `acc-gh-${userId}`, providerId: "github", accountId: `gh-${userId}`, userId, scopes: ["read:user", "user:email"],
      createdAt: new Date(2).toISOString(), updatedAt: new Date(3).toISOString(),
    });
    const credential = response.body.find((a: { providerId: string }) => a.providerId === "credential");
    expect(credential).toMatchObject({ accountId: userId, userId, scopes: [] });
    expect(Object.keys(credential).sort()).toEqual(["accountId", "createdAt", "id", "providerId", "scopes", "updatedAt", "userId"]);
    for (const secret of ["argon2", "gho_secret_access", "ghr_secret_refresh", "id-token-secret"]) expect(response.text).not.toContain(secret);
    expect((await server.request("GET", "/list-accounts")).status).toBe(401);
  });
});

describe("unlink-account", () => {
  it("unlinks by providerId and records account.unlink", async () => {
    const { token, userId } = await server.signUp();
    await addGithub(userId);
    const response = await server.request("POST", "/unlink-account", { token, body: { providerId: "github" } });
    expect(response.body).toEqual({ status: true });
    const left = await server.database.db.selectFrom("account").select("providerId").where("userId", "=", userId).execute();
    expect(left).toEqual([{ providerId: "credential" }]);
    const events = await auditRows(server, "account.unlink");
    expect(events.some((e) => e.targetId === userId && e.metadata?.providerId === "github")).toBe(true);
  });

  it("unlinks by providerId and the provider's accountId, or by the account id alone", async () => {
    const { token, userId } = await server.signUp();
    await addGithub(userId);
    const mismatch = await server.request("POST", "/unlink-account", { token, body: { providerId: "github", accountId: "someone-else" } });
    expect(mismatch.body).toEqual({ code: "ACCOUNT_NOT_FOUND", message: "Account not found" });
    expect((await server.request("POST", "/unlink-account", { token, body: { providerId: "github", accountId: `gh-${userId}` } })).status).toBe(200);
    await addGithub(userId);
    expect((await server.request("POST", "/unlink-account", { token, body: { accountId: `acc-gh-${userId}` } })).status).toBe(200);
    expect(await server.database.db.selectFrom("account").select("id").where("userId", "=", userId).execute()).toHaveLength(1);
  });

  it("refuses to unlink the last account, an unknown provider, or an empty body", async () => {
    const { token, userId } = await server.signUp();
    const last = await server.request("POST", "/unlink-account", { token, body: { providerId: "credential" } });
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ code: "FAILED_TO_UNLINK_LAST_ACCOUNT", message: "You can't unlink your last account" });
    await addGithub(userId);
    const unknown = await server.request("POST", "/unlink-account", { token, body: { providerId: "gitlab" } });
    expect(unknown.body.code).toBe("ACCOUNT_NOT_FOUND");
    const empty = await server.request("POST", "/unlink-account", { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("VALIDATION_ERROR");
  });

  it("needs a fresh session", async () => {
    const { token, userId } = await server.signUp();
    await addGithub(userId);
    server.clock.advance(24 * 3600 * 1000 + 1000);
    const response = await server.request("POST", "/unlink-account", { token, body: { providerId: "github" } });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("SESSION_NOT_FRESH");
  });
});
