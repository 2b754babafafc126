/**
 * Breached passwords (issue 40, item 1): with `passwordBreach` set, every place a new password is
 * chosen — sign-up, change, set, reset, an administrator's create-user and set-user-password, and
 * `auth server create-admin` — refuses one found in the range with `400 PASSWORD_COMPROMISED`. A
 * local range service (node:http on loopback) and a local range folder stand in for the public
 * API and the official downloader's files. Only the 5-character prefix is ever asked for; padding
 * lines (count 0) match nothing; a range is fetched once and then cached; a service that does not
 * answer in time lets the password through with a warning, or refuses it with failClosed.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../server/config.js";
import { createAdmin } from "../../../server/maintenance/create-admin.js";
import { logSink } from "../../helpers/log-sink.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const BREACHED = "breached but long enough 1";
const PADDED = "only in a padding line 2";
const SAFE = "a passphrase nobody leaked 3";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();
const prefix = (text: string) => sha1(text).slice(0, 5);
const suffix = (text: string) => sha1(text).slice(5);

/** A range as the public API writes it (CRLF, upper-case suffixes); the breached password seen 42 times, the padded one as padding. */
function rangeFor(requested: string): string {
  const lines = ["0018A45C4D1DEF81644B54AB7F969B88D65:3", "00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2"];
  if (requested === prefix(BREACHED)) lines.push(`${suffix(BREACHED)}:42`);
  if (requested === prefix(PADDED)) lines.push(`${suffix(PADDED)}:0`);
  return lines.join("\r\n");
}

/** The range service: answers GET /range/<PREFIX>, records every path asked for; `hang` never answers. */
async function rangeService(hang = false): Promise<{ server: Server; url: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? "");
    if (hang) return;
    const requested = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? "")?.[1];
    if (!requested) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" }).end(rangeFor(requested));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`, paths };
}

const signUp = (server: TestServer, email: string, password: string) => server.request("POST", "/sign-up/email", { body: { email, password, name: "Breach Test" } });

describe("breached passwords through a range service", () => {
  let range: Awaited<ReturnType<typeof rangeService>>;
  let server: TestServer;
  let admin: { token: string; userId: string };

  beforeAll(async () => {
    range = await rangeService();
    server = await startTestServer({ config: { rateLimit: { enabled: false }, passwordBreach: { rangeUrl: range.url } } as never });
    admin = await server.signUp({ email: "breach-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  });
  afterAll(async () => {
    await server?.close();
    range?.server.close();
  });

  it("refuses a breached password at sign-up with PASSWORD_COMPROMISED and creates nobody; a safe one and a padded one pass", async () => {
    const refused = await signUp(server, "breached-signup@example.com", BREACHED);
    expect([refused.status, refused.body.code]).toEqual([400, "PASSWORD_COMPROMISED"]);
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", "breached-signup@example.com").executeTakeFirst()).toBeUndefined();
    expect((await signUp(server, "safe-signup@example.com", SAFE)).status).toBe(200);
    expect((await signUp(server, "padded-signup@example.com", PADDED)).status).toBe(200);
  });

  it("sends only the 5-character prefix, and asks for a range once (then from the cache)", async () => {
    const before = range.paths.length;
    expect((await signUp(server, "cache-1@example.com", BREACHED)).body.code).toBe("PASSWORD_COMPROMISED");
    expect((await signUp(server, "cache-2@example.com", BREACHED)).body.code).toBe("PASSWORD_COMPROMISED");
    // Asked for in the first test already: no new request for this prefix.
    expect(range.paths.slice(before)).toEqual([]);
    for (const path of range.paths) expect(path).toMatch(/^\/range\/[0-9A-F]{5}$/);
    expect(range.paths).toContain(`/range/${prefix(BREACHED)}`);
    expect(range.paths.join()).not.toContain(suffix(BREACHED).slice(0, 8));
  });

  it("refuses it at change-password (after the current password), keeping the old one", async () => {
    const person = await server.signUp({ email: "breach-change@example.com" });
    const refused = await server.request("POST", "/change-password", { token: person.token, body: { currentPassword: person.password, newPassword: BREACHED } });
    expect([refused.status, refused.body.code]).toEqual([400, "PASSWORD_COMPROMISED"]);
    expect((await server.request("POST", "/sign-in/email", { body: { email: person.email, password: person.password } })).status).toBe(200);
    // A wrong current password is told first: the endpoint is no breach oracle for a stolen session.
    const wrong = await server.request("POST", "/change-password", { token: person.token, body: { currentPassword: "not the password", newPassword: BREACHED } });
    expect(wrong.body.code).toBe("INVALID_PASSWORD");
    expect((await server.request("POST", "/change-password", { token: person.token, body: { currentPassword: person.password, newPassword: SAFE } })).status).toBe(200);
  });

  it("refuses it at set-password for an account without a password", async () => {
    const person = await server.signUp({ email: "breach-set@example.com" });
    await server.database.db.deleteFrom("account").where("userId", "=", person.userId).execute();
    const refused = await server.request("POST", "/set-password", { token: person.token, body: { newPassword: BREACHED } });
    expect([refused.status, refused.body.code]).toEqual([400, "PASSWORD_COMPROMISED"]);
    expect((await server.request("POST", "/set-password", { token: person.token, body: { newPassword: SAFE } })).status).toBe(200);
  });

  it("refuses it at reset-password and leaves the token usable for a safe password", async () => {
    const person = await server.signUp({ email: "breach-reset@example.com" });
    expect((await server.request("POST", "/request-password-reset", { body: { email: person.email } })).status).toBe(200);
    const [mail] = (await server.outbox(person.email)).filter((m) => m.kind === "reset-password");
    const token = mail?.token as string;
    const refused = await server.request("POST", "/reset-password", { body: { token, newPassword: BREACHED } });
    expect([refused.status, refused.body.code]).toEqual([400, "PASSWORD_COMPROMISED"]);
    expect((await server.request("POST", "/reset-password", { body: { token, newPassword: SAFE } })).status).toBe(200);
    expect((await server.request("POST", "/sign-in/email", { body: { email: person.email, password: SAFE } })).status).toBe(200);
  });

  it("refuses it when an administrator creates a user or sets a user's password", async () => {
    const created = await server.request("POST", "/admin/create-user", { token: admin.token, body: { email: "breach-created@example.com", name: "Created", password: BREACHED } });
    expect([created.status, created.body.code]).toEqual([400, "PASSWORD_COMPROMISED"]);
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", "breach-created@example.com").executeTakeFirst()).toBeUndefined();
    const person = await server.signUp({ email: "breach-admin-set@example.com" });
    const set = await server.request("POST", "/admin/set-user-password", { token: admin.token, body: { userId: person.userId, newPassword: BREACHED } });
    expect([set.status, set.body.code]).toEqual([400, "PASSWORD_COMPROMISED"]);
    expect((await server.request("POST", "/sign-in/email", { body: { email: person.email, password: person.password } })).status).toBe(200);
  });

  it("tells those who may read settings that the check is on, from a service, never the URL; others are refused", async () => {
    const answer = await server.request("GET", "/admin/password-breach-check", { token: admin.token });
    expect(answer.body).toEqual({ enabled: true, source: "range-service", failClosed: false });
    expect(answer.text).not.toContain("127.0.0.1");
    const person = await server.signUp({ email: "breach-reader@example.com" });
    expect((await server.request("GET", "/admin/password-breach-check", { token: person.token })).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS");
  });

  it("refuses it in auth server create-admin's operator-given password, not in a generated one", async () => {
    await expect(createAdmin(server.app.context, { email: "breach-ops@example.com", password: BREACHED })).rejects.toMatchObject({ code: "PASSWORD_COMPROMISED" });
    const generated = await createAdmin(server.app.context, { email: "breach-ops@example.com" });
    expect(generated.created).toBe(true);
  });
});

describe("breached passwords from a range folder (no network)", () => {
  let dir: string;
  let server: TestServer;
  const logs = logSink();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "latchkey-ranges-"));
    for (const password of [BREACHED, SAFE]) writeFileSync(join(dir, `${prefix(password)}.txt`), rangeFor(prefix(password)));
    server = await startTestServer({ config: { rateLimit: { enabled: false }, passwordBreach: { rangeDir: dir } } as never, logger: { level: "warn", stream: logs.stream } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a password in its range file and lets a safe one through", async () => {
    expect((await signUp(server, "folder-breached@example.com", BREACHED)).body.code).toBe("PASSWORD_COMPROMISED");
    expect((await signUp(server, "folder-safe@example.com", SAFE)).status).toBe(200);
  });

  it("a missing range file allows the password with a warning that names no prefix", async () => {
    expect((await signUp(server, "folder-missing@example.com", PADDED)).status).toBe(200);
    const warning = logs.lines.find((line) => line.msg === "breached-password check unavailable: password allowed");
    expect(warning).toMatchObject({ source: "rangeDir", failClosed: false });
    expect(JSON.stringify(warning)).not.toContain(prefix(PADDED));
  });
});

describe("a range service that does not answer", () => {
  let range: Awaited<ReturnType<typeof rangeService>>;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    range = await rangeService(true);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    range?.server.closeAllConnections();
    range?.server.close();
  });

  it("lets the password through after the timeout and logs a warning; failClosed refuses with 503 PASSWORD_CHECK_UNAVAILABLE", async () => {
    expect(resolveConfig({ passwordBreach: { rangeUrl: range.url } } as never).passwordBreach).toMatchObject({ timeoutMs: 2000, failClosed: false });
    const logs = logSink();
    const open = await startTestServer({ config: { rateLimit: { enabled: false }, passwordBreach: { rangeUrl: range.url, timeoutMs: 300 } } as never, logger: { level: "warn", stream: logs.stream } });
    servers.push(open);
    const started = Date.now();
    expect((await signUp(open, "slow-open@example.com", BREACHED)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(logs.lines.find((line) => line.msg === "breached-password check unavailable: password allowed")).toMatchObject({ source: "rangeUrl", reason: "no answer within 300 ms" });

    const closed = await startTestServer({ config: { rateLimit: { enabled: false }, passwordBreach: { rangeUrl: range.url, timeoutMs: 300, failClosed: true } } as never });
    servers.push(closed);
    const refused = await signUp(closed, "slow-closed@example.com", SAFE);
    expect([refused.status, refused.body.code]).toEqual([503, "PASSWORD_CHECK_UNAVAILABLE"]);
  });

  it("is off by default and refuses a configuration naming both sources or neither", () => {
    expect(resolveConfig({}).passwordBreach).toBeUndefined();
    expect(() => resolveConfig({ passwordBreach: { rangeUrl: "http://127.0.0.1:1/range/", rangeDir: "/tmp" } } as never)).toThrow(/passwordBreach: set exactly one of rangeUrl and rangeDir/);
    expect(() => resolveConfig({ passwordBreach: {} } as never)).toThrow(/passwordBreach: set exactly one/);
  });
});
