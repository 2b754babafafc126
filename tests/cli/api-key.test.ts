/** `auth api-keys` and `auth token` against a real server, and any command run with AUTH_API_KEY / --api-key instead of a session. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { runCli } from "../helpers/run-cli.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  server = await startTestServer({ config: { jwt: { enabled: true } } });
  admin = await makeAdmin(server, "keys-root@example.com");
  cli = cliFor(server, { token: admin.token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("auth api-keys", () => {
  it("creates a key printed once, lists it without the key, and revokes it", async () => {
    const created = await cli.run(["api-keys", "create", "--name", "ci", "--permission", "user:list", "--permission", "user:ban", "--expires-in", "30d", "--json"]);
    expect(created.code).toBe(0);
    const key = created.json();
    expect(key).toMatchObject({ name: "ci", permissions: { user: ["list", "ban"] } });
    expect(typeof key.key).toBe("string");

    const listed = await cli.run(["api-keys", "list", "--json"]);
    expect(listed.json().apiKeys.map((k: { id: string }) => k.id)).toContain(key.id);
    expect(listed.stdout).not.toContain(key.key);

    const revoked = await cli.run(["api-keys", "revoke", key.id, "--yes", "--json"]);
    expect(revoked.code).toBe(0);
    expect((await cli.run(["api-keys", "list", "--json"])).json().apiKeys).toEqual([]);
    expect((await cli.run(["api-keys", "revoke", key.id, "--yes"])).code).toBe(5);
  });

  it("refuses a malformed --permission with exit 2", async () => {
    const bad = await cli.run(["api-keys", "create", "--permission", "user"]);
    expect(bad.code).toBe(2);
  });

  it("lets an administrator list and revoke another user's keys", async () => {
    const user = await server.signUp({ email: "key-holder@example.com" });
    const mine = (await cliFor(server, { token: user.token }).run(["api-keys", "create", "--name", "laptop", "--json"])).json();
    const listed = await cli.run(["api-keys", "list", "--user", "key-holder@example.com", "--json"]);
    expect(listed.json().apiKeys.map((k: { id: string }) => k.id)).toEqual([mine.id]);
    expect((await cli.run(["api-keys", "revoke", mine.id, "--admin", "--yes"])).code).toBe(0);
    expect((await server.request("GET", "/get-session", { headers: { "x-api-key": mine.key } })).body.code).toBe("INVALID_API_KEY");
  });
});

describe("AUTH_API_KEY instead of a session (cron)", () => {
  it("bans users from a list with a key limited to user:ban,list, and nothing more", async () => {
    const key = (await cli.run(["api-keys", "create", "--name", "nightly bans", "--permission", "user:ban,list", "--json"])).json().key as string;
    const spammer = await server.signUp({ email: "spammer@example.com" });
    const cron = cliFor(server);
    const banned = await cron.run(["admin", "users", "ban", "--from-file", "-", "--reason", "nightly list", "--yes", "--json"], { input: "spammer@example.com\n", env: { AUTH_API_KEY: key } });
    expect(banned.code).toBe(0);
    const row = await server.database.db.selectFrom("user").select(["banned", "banReason"]).where("id", "=", spammer.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ banned: 1, banReason: "nightly list" });

    const role = await cron.run(["admin", "users", "set-role", "spammer@example.com", "admin", "--yes"], { env: { AUTH_API_KEY: key } });
    expect(role.code).toBe(4);
    cron.cleanup();
  });

  it("accepts --api-key, and a wrong key exits 3", async () => {
    const key = (await cli.run(["api-keys", "create", "--name", "flag", "--json"])).json().key as string;
    const cron = cliFor(server);
    const whoami = await cron.run(["--api-key", key, "admin", "users", "get", "keys-root@example.com", "--json"]);
    expect(whoami.code).toBe(0);
    const wrong = await cron.run(["admin", "users", "list", "--json"], { env: { AUTH_API_KEY: "x".repeat(64) } });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/INVALID_API_KEY/);
    cron.cleanup();
  });
});

describe("auth token", () => {
  it("prints a JWT that verifies against /jwks", async () => {
    const printed = await cli.run(["token"]);
    expect(printed.code).toBe(0);
    const jwks = (await server.request("GET", "/jwks")).body as JSONWebKeySet;
    const { payload } = await jwtVerify(printed.stdout.trim(), createLocalJWKSet(jwks), { currentDate: new Date(server.clock.now()) });
    expect(payload.sub).toBe(admin.userId);
  });
});

describe("auth server check-config", () => {
  it("masks the JWT shared secret", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-jwt-config-"));
    const secret = "the shared hs256 secret, never printed";
    writeFileSync(join(dir, "config.json"), JSON.stringify({ jwt: { enabled: true, algorithm: "HS256", secret } }));
    try {
      const result = await runCli(["server", "check-config", "--config", join(dir, "config.json"), "--json"], { env: { AUTH_SECRET: undefined } });
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout).settings.jwt).toMatchObject({ algorithm: "HS256", secret: "*** (set)" });
      expect(result.stdout).not.toContain(secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
