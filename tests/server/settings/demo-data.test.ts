/**
 * Issue 39, item 4: the console's Demo data endpoints. Only a local server answers (started with
 * --dev, or as the desktop app's local server), over a connection from this machine (a loopback
 * peer with no proxy header: X-Forwarded-For cannot make a stranger local); only an administrator
 * with settings:update and a person's own session (the contract walk in
 * core/credential-powers.test.ts refuses API keys and impersonations for every configure endpoint,
 * these included), and for a seed a fresh one. A seed goes through the server's services and
 * replaces only the scenario's accounts; a snapshot is a private SQLite file, beside the database
 * (SQLite) or beside the config file (PostgreSQL). Runs on SQLite and in the PostgreSQL pass.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotIn, snapshotPath } from "../../../server/maintenance/snapshots.js";
import { resolveConfig } from "../../../server/config.js";
import { DesktopLocalServerError, startServer } from "../../../server/main.js";
import { startTestServer, testDialect, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "../admin/admin-helpers.js";

let dev: TestServer;
let plain: TestServer;
let desktop: TestServer;
let proxied: TestServer;
let admin: { token: string; userId: string; email: string };
const folder = mkdtempSync(join(tmpdir(), "latchkey-demo-data-"));
/** The dev server's config file (it need not exist): on PostgreSQL its snapshots go beside it. */
const configFile = join(folder, "latchkey.json");

beforeAll(async () => {
  [dev, plain, desktop, proxied] = await Promise.all([
    startTestServer({ dev: true, configFile }),
    startTestServer(),
    startTestServer({ desktopLocal: true }),
    // A development server behind a proxy it trusts: request.ip is whatever X-Forwarded-For says.
    startTestServer({ dev: true, config: { trustProxy: true } }),
  ]);
  admin = await signUpAdmin(dev, { email: "demo-root@example.com" });
});
afterAll(async () => {
  await Promise.all([dev?.close(), plain?.close(), desktop?.close(), proxied?.close()]);
  rmSync(folder, { recursive: true, force: true });
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

  it("saves a snapshot of the running database, private, and lists it: beside the SQLite file, or on PostgreSQL beside the config file", async () => {
    const postgres = testDialect === "postgres";
    const snapshots = postgres ? `${configFile}.snapshots` : `${dev.dbFile}.snapshots`;
    const saved = await save({ name: "seeded-qa" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "seeded-qa" });
    const file = postgres ? snapshotIn(snapshots, "seeded-qa") : snapshotPath(dev.dbFile, "seeded-qa");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(snapshots).mode & 0o777).toBe(0o700);
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
    // The console shows the restore command with what names this database to the CLI.
    expect(listed.body.restoreFlags).toBe(postgres ? `--config ${configFile}` : `--db ${dev.dbFile}`);
    if (!postgres) expect(listed.body.database).toBe(dev.dbFile);
  });

  it("on PostgreSQL without a config file there is nowhere to keep snapshots: none listed, a save refused in words", async () => {
    const root = await signUpAdmin(desktop, { email: "desktop-snapshots@example.com" });
    const listed = await desktop.request("GET", "/admin/dev/demo", { token: root.token });
    expect(listed.status).toBe(200);
    if (testDialect !== "postgres") {
      expect(listed.body.snapshots).toEqual([]);
      return;
    }
    expect(listed.body.snapshots).toBeNull();
    expect(listed.body.database).not.toMatch(/password|:[^:@/]+@/);
    const refused = await desktop.request("POST", "/admin/dev/demo/snapshots", { token: root.token, body: { name: "seeded" } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SNAPSHOT_NEEDS_CONFIG_FILE");
  });
});

describe("the desktop app's local server, and who counts as local", () => {
  it("offers Demo data to a loopback caller of the desktop app's local server, without a clock to move", async () => {
    const root = await signUpAdmin(desktop, { email: "desktop-root@example.com" });
    const answer = await desktop.request("GET", "/admin/dev/demo", { token: root.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ scenarios: [], personas: [] });
    const seeded = await desktop.request("POST", "/admin/dev/demo/seed", { token: root.token, body: { scenario: "demo" } });
    expect(seeded.status).toBe(200);
    // It is not a --dev server: its clock stays where it is.
    const clock = await desktop.request("POST", "/admin/dev/clock/advance", { token: root.token, body: { ms: 3_600_000 } });
    expect(clock.status).toBe(404);
    expect(clock.body.code).toBe("DEV_MODE_ONLY");
  });

  it("is absent for a caller from another machine, and for a request a proxy on this machine relayed", async () => {
    const root = await signUpAdmin(desktop, { email: "desktop-remote@example.com" });
    const headers = { authorization: `Bearer ${root.token}`, origin: desktop.url };
    const lan = await desktop.app.server.inject({ method: "GET", url: "/api/auth/admin/dev/demo", remoteAddress: "192.168.1.20", headers });
    expect(lan.statusCode).toBe(404);
    expect(lan.json().code).toBe("DEMO_DATA_LOCAL_ONLY");
    // From 127.0.0.1, but through a reverse proxy on this host: the proxy header says someone else asked.
    for (const relay of [{ "x-forwarded-for": "203.0.113.9" }, { forwarded: "for=203.0.113.9" }, { "x-real-ip": "203.0.113.9" }, { via: "1.1 nginx" }]) {
      const relayed = await desktop.app.server.inject({ method: "POST", url: "/api/auth/admin/dev/demo/seed", remoteAddress: "127.0.0.1", headers: { ...headers, ...relay }, payload: { scenario: "qa" } });
      expect(relayed.statusCode, JSON.stringify(relay)).toBe(404);
      expect(relayed.json().code).toBe("DEMO_DATA_LOCAL_ONLY");
    }
    expect(await desktop.database.db.selectFrom("user").select("email").where("email", "like", "%@qa.example.com").execute()).toEqual([]);
  });

  it("does not take X-Forwarded-For's word on a server that trusts proxies: a stranger writing 127.0.0.1 stays a stranger", async () => {
    const root = await signUpAdmin(proxied, { email: "proxied-root@example.com" });
    const spoofed = await proxied.app.server.inject({ method: "GET", url: "/api/auth/admin/dev/demo", remoteAddress: "10.0.0.7", headers: { authorization: `Bearer ${root.token}`, "x-forwarded-for": "127.0.0.1" } });
    expect(spoofed.statusCode).toBe(404);
    expect(spoofed.json().code).toBe("DEMO_DATA_LOCAL_ONLY");
    // The same server, asked directly on this machine, answers.
    expect((await proxied.request("GET", "/admin/dev/demo", { token: root.token })).status).toBe(200);
  });

  it("seeding needs a fresh session (it makes an administrator with a public password); reading and saving a snapshot do not", async () => {
    const root = await signUpAdmin(desktop, { email: "desktop-stale@example.com" });
    desktop.clock.advance(24 * 3600_000 + 60_000);
    const refused = await desktop.request("POST", "/admin/dev/demo/seed", { token: root.token, body: { scenario: "qa" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SESSION_NOT_FRESH");
    expect(await desktop.database.db.selectFrom("user").select("email").where("email", "like", "%@qa.example.com").execute()).toEqual([]);
    expect((await desktop.request("GET", "/admin/dev/demo", { token: root.token })).status).toBe(200);
    if (testDialect === "sqlite") expect((await desktop.request("POST", "/admin/dev/demo/snapshots", { token: root.token, body: { name: "stale-but-allowed" } })).status).toBe(200);
  });

  it("the desktop flag is refused anywhere but a loopback address, and with NODE_ENV=production, before the database is opened", async () => {
    const db = join(folder, "refused.db");
    await expect(startServer(resolveConfig({ db, host: "0.0.0.0", port: 0, logLevel: "silent" }), { desktopLocal: true })).rejects.toBeInstanceOf(DesktopLocalServerError);
    await expect(startServer(resolveConfig({ db, host: "127.0.0.1", port: 0, logLevel: "silent", production: true }), { desktopLocal: true })).rejects.toBeInstanceOf(DesktopLocalServerError);
    expect(() => statSync(db)).toThrow();
  });
});
