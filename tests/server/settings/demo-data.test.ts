/**
 * Issue 39, item 4: the console's Demo data endpoints. Only a local development server answers
 * (started with --dev, asked from a loopback address); only an administrator with settings:update
 * and a person's own session (the contract walk in core/credential-powers.test.ts refuses API keys
 * and impersonations for every configure endpoint, these included). A seed goes through the
 * server's services and replaces only the scenario's accounts; a snapshot is a private SQLite
 * copy beside the database. Runs on SQLite and in the PostgreSQL pass.
 */
import { statSync } from "node:fs";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotPath } from "../../../server/maintenance/snapshots.js";
import { startTestServer, testDialect, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "../admin/admin-helpers.js";

let dev: TestServer;
let plain: TestServer;
let admin: { token: string; userId: string; email: string };

beforeAll(async () => {
  [dev, plain] = await Promise.all([startTestServer({ dev: true }), startTestServer()]);
  admin = await signUpAdmin(dev, { email: "demo-root@example.com" });
});
afterAll(async () => {
  await Promise.all([dev?.close(), plain?.close()]);
});

const demo = (token = admin.token, server = dev) => server.request("GET", "/admin/dev/demo", { token });
const seed = (scenario: unknown, token = admin.token) => dev.request("POST", "/admin/dev/demo/seed", { token, body: { scenario } });
const save = (body: unknown, token = admin.token) => dev.request("POST", "/admin/dev/demo/snapshots", { token, body });
const userCount = async () => Number((await dev.database.db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

describe("demo data on a local development server", () => {
  it("is absent (404) on a server started without --dev, even for an administrator", async () => {
    const root = await signUpAdmin(plain, { email: "plain-root@example.com" });
    for (const answer of [await demo(root.token, plain), await plain.request("POST", "/admin/dev/demo/seed", { token: root.token, body: { scenario: "qa" } }), await plain.request("POST", "/admin/dev/demo/snapshots", { token: root.token, body: { name: "x" } })]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("DEMO_DATA_LOCAL_ONLY");
    }
    expect(await plain.database.db.selectFrom("user").select("email").execute()).toEqual([{ email: "plain-root@example.com" }]);
  });

  it("is absent for a caller from another machine, and refused to a person who is not an administrator", async () => {
    // The real app over Fastify's injection, from a LAN address: the loopback rule, not a mock.
    const remote = await dev.app.server.inject({ method: "GET", url: "/api/auth/admin/dev/demo", remoteAddress: "192.168.1.20", headers: { authorization: `Bearer ${admin.token}` } });
    expect(remote.statusCode).toBe(404);
    expect(remote.json().code).toBe("DEMO_DATA_LOCAL_ONLY");
    const remoteSeed = await dev.app.server.inject({ method: "POST", url: "/api/auth/admin/dev/demo/seed", remoteAddress: "10.0.0.7", headers: { authorization: `Bearer ${admin.token}`, origin: dev.url }, payload: { scenario: "demo" } });
    expect(remoteSeed.statusCode).toBe(404);
    const member = await dev.signUp({ email: "demo-member@example.com" });
    const refused = await seed("qa", member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
    expect((await demo(member.token)).status).toBe(403);
    expect(await userCount()).toBe(2);
  });

  it("refuses an unknown scenario, a file path and fields a caller must not set, writing nothing", async () => {
    for (const body of [{ scenario: "prod" }, { scenario: "./scenarios/qa.json" }, { scenario: "qa", force: false }, { scenario: "qa", role: "admin" }]) {
      const answer = await dev.request("POST", "/admin/dev/demo/seed", { token: admin.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toMatch(/^[A-Z_]+$/);
    }
    expect(await userCount()).toBe(2);
    expect((await demo()).body).toMatchObject({ scenarios: [], personas: [] });
  });

  it("seeds qa through the services: the personas are listed with their public secrets and behave as seeded; others are untouched", async () => {
    const seeded = await seed("qa");
    expect(seeded.status).toBe(200);
    expect(seeded.body.personas.map((p: { state: string }) => p.state)).toEqual(expect.arrayContaining(["admin", "two-factor", "banned-7d", "locked", "invited"]));
    expect(seeded.body.apiKeys).toHaveLength(1);
    const twoFactor = seeded.body.personas.find((p: { state: string }) => p.state === "two-factor");
    expect(twoFactor).toMatchObject({ email: "two-factor@qa.example.com", totpSecret: "LATCHKEYQATWOFACTORSEEDABCDEFGH2" });
    const banned = await dev.request("POST", "/sign-in/email", { body: { email: "banned@qa.example.com", password: "qa-banned-pass" }, headers: { origin: dev.url } });
    expect(banned.body.code).toBe("BANNED_USER");
    const held = await dev.request("POST", "/sign-in/email", { body: { email: twoFactor.email, password: twoFactor.password }, headers: { origin: dev.url } });
    expect(held.body.twoFactorRedirect).toBe(true);

    const listed = await demo();
    expect(listed.status).toBe(200);
    expect(listed.body.scenarios).toEqual(["qa"]);
    expect(listed.body.personas.find((p: { email: string }) => p.email === "two-factor@qa.example.com").totpSecret).toBe("LATCHKEYQATWOFACTORSEEDABCDEFGH2");
    // Seeding again replaces the scenario's accounts: the same count, and the others remain.
    const before = await userCount();
    expect((await seed("qa")).status).toBe(200);
    expect(await userCount()).toBe(before);
    expect(await dev.database.db.selectFrom("user").select("email").where("email", "in", ["demo-root@example.com", "demo-member@example.com"]).execute()).toHaveLength(2);
    expect((await auditRows(dev, "server.demo-seed")).map((row) => JSON.parse(row.metadata as string).scenario)).toEqual(["qa", "qa"]);
  });

  it("refuses to seed a scenario whose accounts include the caller's own", async () => {
    const signedIn = await dev.request("POST", "/sign-in/email", { body: { email: "admin@qa.example.com", password: "qa-admin-pass" }, headers: { origin: dev.url } });
    const token = signedIn.headers.get("set-auth-token")!;
    expect(token).toBeTruthy();
    const users = await userCount();
    const refused = await seed("qa", token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("DEMO_SEED_WOULD_REMOVE_YOU");
    expect(await userCount()).toBe(users);
    expect((await dev.request("GET", "/get-session", { token })).body?.user?.email).toBe("admin@qa.example.com");
  });

  it("saves a snapshot of the running SQLite database beside it, private, and lists it; on PostgreSQL refuses", async () => {
    if (testDialect === "postgres") {
      expect((await demo()).body.snapshots).toBeNull();
      const refused = await save({ name: "seeded" });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("SNAPSHOT_NEEDS_SQLITE");
      return;
    }
    const saved = await save({ name: "seeded-qa" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "seeded-qa" });
    const file = snapshotPath(dev.dbFile, "seeded-qa");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${dev.dbFile}.snapshots`).mode & 0o777).toBe(0o700);
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.prepare("select count(*) from user where email like '%@qa.example.com'").pluck().get()).toBeGreaterThan(5);
    } finally {
      copy.close();
    }
    const again = await save({ name: "seeded-qa" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("SNAPSHOT_EXISTS");
    expect((await save({ name: "seeded-qa", replace: true })).status).toBe(200);
    for (const name of ["../escape", "a.b", "", "x".repeat(65)]) {
      const bad = await save({ name });
      expect(bad.status, name).toBe(400);
    }
    const listed = await demo();
    expect(listed.body.snapshots.map((s: { name: string }) => s.name)).toEqual(["seeded-qa"]);
    expect(listed.body.database).toBe(dev.dbFile);
  });
});
