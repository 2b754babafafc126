/**
 * Several servers on one PostgreSQL database — the scale-out promise, tested literally: a second
 * `auth server start` process on the same database shares users and sessions with the test
 * server. This folder runs only in the PostgreSQL pass (`npm run test:postgres`).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../server/db/migrations/index.js";
import { freePort, runCli, startCliServer, stopProcess } from "../helpers/run-cli.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";

describe("several servers on one PostgreSQL database", () => {
  let server: TestServer;
  let cwd: string;
  let other: ChildProcess | undefined;
  beforeAll(async () => {
    // Run outside the PostgreSQL pass, this folder would test nothing: fail loudly instead.
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    server = await startTestServer();
    cwd = mkdtempSync(join(tmpdir(), "latchkey-pg-cwd-"));
  });
  afterAll(async () => {
    if (other) await stopProcess(other);
    await server.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it("a server started with AUTH_DB=<url> shares users and sessions, and keeps its dev secret in ./data", async () => {
    const port = await freePort();
    other = (await startCliServer(["--port", String(port), "--no-rate-limit"], { cwd, env: { AUTH_DB: server.dbFile, AUTH_SECRET: "", NODE_ENV: "development" } })).child;
    const otherApi = `http://127.0.0.1:${port}/api/auth`;

    // A session made on the test server is valid on the other one…
    const ada = await server.signUp({ email: "ada@example.com" });
    const seen = await fetch(`${otherApi}/get-session`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect((await seen.json()).user.email).toBe("ada@example.com");

    // …a user made on the other server can sign in on the test server…
    const signUp = await fetch(`${otherApi}/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bob@example.com", password: "correct horse battery", name: "Bob" }),
    });
    expect(signUp.status).toBe(200);
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: "bob@example.com", password: "correct horse battery" } });
    expect(signIn.status).toBe(200);

    // …and signing out on one ends the session on both.
    const signOut = await fetch(`${otherApi}/sign-out`, { method: "POST", headers: { authorization: `Bearer ${ada.token}` } });
    expect(signOut.status).toBe(200);
    const after = await server.request("GET", "/get-session", { token: ada.token });
    expect(after.body).toBeNull();

    const secretFile = join(cwd, "data", "latchkey.secret");
    expect(existsSync(secretFile)).toBe(true);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  });

  // `auth mail list --db <url>` is covered by account/outbox-cli.test.ts in this pass.
  it("auth server migrate takes the URL, finds the database up to date, and never prints the password", async () => {
    // Trust auth ignores the password; it is there to prove it is masked.
    const url = new URL(server.dbFile);
    url.password = "hunter2";
    const migrate = await runCli(["server", "migrate", "--db", url.toString(), "--json"]);
    expect(migrate.code).toBe(0);
    expect(migrate.stdout + migrate.stderr).not.toContain("hunter2");
    expect(JSON.parse(migrate.stdout)).toMatchObject({ db: expect.stringContaining(":***@"), applied: [], total: Object.keys(migrations).length });
  });
});
