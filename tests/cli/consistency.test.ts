/**
 * Issue 14, item 7: the CLI gives the same answer for the same question, and says what it means —
 * unknown profiles however they are named, one mail per line with --jsonl, unknown session
 * handles are "not found", a dry-run import refuses what the import would, password length
 * errors name the limit, and `server start` shows its real defaults and where it listens.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startCliServer, stopProcess } from "../helpers/run-cli.js";
import { startTestServer, TEST_SECRET, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";
import { signedIn } from "../helpers/signed-in.js";

let server: TestServer;
let cli: Cli;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAdmin(server, "ops@example.com");
  cli = cliFor(server, { token: admin.token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("profiles", () => {
  it("AUTH_PROFILE=nope and --profile nope give the same answer", async () => {
    const offline = cliFor(null);
    try {
      const byFlag = await offline.run(["whoami", "--profile", "nope"]);
      const byEnv = await offline.run(["whoami"], { env: { AUTH_PROFILE: "nope" } });
      expect(byFlag.stderr).toContain('No profile named "nope"');
      expect(byEnv.stderr).toBe(byFlag.stderr);
      expect(byEnv.code).toBe(byFlag.code);
      expect(byFlag.code).toBe(3);
    } finally {
      offline.cleanup();
    }
  });
});

describe("auth mail list", () => {
  it("--jsonl prints one mail per line; --help says the database may be a postgres:// URL", async () => {
    for (const email of ["mail-a@example.com", "mail-b@example.com"]) {
      await server.signUp({ email });
      await server.client().requestPasswordReset({ email });
    }
    // The outbox is sealed under the server's secret (#19); the test server's is not in a file.
    const result = await cli.run(["mail", "list", "--db", server.dbFile, "--jsonl"], { env: { AUTH_SECRET: TEST_SECRET } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const mails = lines.map((line) => JSON.parse(line));
    for (const mail of mails) expect(mail).toMatchObject({ kind: expect.any(String), to: expect.any(String) });
    expect(mails.map((mail) => mail.to)).toEqual(expect.arrayContaining(["mail-a@example.com", "mail-b@example.com"]));

    const help = await cli.run(["mail", "list", "--help"]);
    expect(help.stdout).toMatch(/--db <file>\s+SQLite database file or postgres:\/\/ URL/);
  });
});

describe("revoking a session handle that does not exist", () => {
  it("exits 5 for your own sessions and for an administrator, and a real handle still works", async () => {
    const ada = await server.signUp({ email: "ada-revoke@example.com" });
    const own = await cli.run(["sessions", "revoke", "no-such-handle", "--yes"], { token: ada.token });
    expect(own.code).toBe(5);
    expect(own.stderr).toContain("None of your sessions has the handle no-such-handle");

    // Handles are base64url: one in 64 begins with "-" and must still be read as a handle.
    const dashed = `-${"k".repeat(42)}`;
    const dashedOwn = await cli.run(["sessions", "revoke", dashed, "--yes"], { token: ada.token });
    expect(dashedOwn.code).toBe(5);
    expect(dashedOwn.stderr).toContain(`None of your sessions has the handle ${dashed}`);

    const byAdmin = await cli.run(["admin", "sessions", "revoke", "no-such-handle", "--yes"]);
    expect(byAdmin.code).toBe(5);
    expect(byAdmin.stderr).toContain("No session has the handle no-such-handle");

    const listed = (await cli.run(["admin", "sessions", "list", "ada-revoke@example.com", "--json"])).json();
    const handle = listed.sessions[0].token as string;
    const ended = await cli.run(["admin", "sessions", "revoke", handle, "--yes", "--json"]);
    expect(ended.code).toBe(0);
    expect(ended.json()).toEqual({ success: true, revoked: true });
    expect(await server.client(ada.token).getSession()).toBeNull();

    const second = await server.signUp({ email: "ada-revoke-2@example.com" });
    const other = await server.client().signInEmail({ email: second.email, password: second.password });
    const mine = (await cli.run(["sessions", "list", "--json"], { token: second.token })).json();
    const otherHandle = mine.find((session: { current: boolean }) => !session.current).token as string;
    expect((await cli.run(["sessions", "revoke", otherHandle, "--yes"], { token: second.token })).code).toBe(0);
    expect(await server.client(signedIn(other).token).getSession()).toBeNull();
  });
});

describe("admin users import --dry-run", () => {
  it("refuses what the real import would refuse: unknown roles, taken emails, repeats in the file", async () => {
    await server.signUp({ email: "taken@example.com" });
    const file = join(cli.configHome, "dry.csv");
    writeFileSync(file, ["email,name,role", "fresh@example.com,Fresh,user", "taken@example.com,Taken,user", "role@example.com,Role,wizard", "fresh@example.com,Again,user"].join("\n") + "\n");
    const dry = await cli.run(["admin", "users", "import", file, "--dry-run", "--json"]);
    expect(dry.code).toBe(1);
    const summary = dry.json();
    expect(summary).toMatchObject({ dryRun: true, total: 4, valid: 1, invalid: 3 });
    expect(summary.results.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [3, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"],
      [4, "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE"],
      [5, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"],
    ]);
    expect(await server.database.db.selectFrom("user").select("id").where("email", "in", ["fresh@example.com", "role@example.com"]).execute()).toEqual([]);

    // The real import refuses the same rows.
    const real = await cli.run(["admin", "users", "import", file, "--json"]);
    expect(real.code).toBe(1);
    expect(real.json().results.filter((r: { ok: boolean }) => !r.ok).map((r: { line: number }) => r.line)).toEqual([3, 4, 5]);
  });
});

describe("passwords", () => {
  it("'Password too short' names the minimum", async () => {
    const result = await cli.run(["admin", "users", "create", "--email", "short@example.com", "--password-stdin"], { input: "short" });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("Password too short (PASSWORD_TOO_SHORT)");
    expect(result.stderr).toContain("password: at least 8 characters");
  });
});

describe("auth server start", () => {
  it("--help shows the real defaults", async () => {
    const help = await cli.run(["server", "start", "--help"]);
    expect(help.stdout).toMatch(/--port <port>\s+port to listen on \(AUTH_PORT; default: 3000\)/);
    expect(help.stdout).toMatch(/--host <host>\s+interface to bind \(AUTH_HOST; default: 127\.0\.0\.1\)/);
  });

  it("with --base-url, the start-up line also shows the address listened on", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-base-url-"));
    const port = await freePort();
    const env = { NODE_ENV: "test" };
    const running = await startCliServer(["--port", String(port), "--db", join(dir, "latchkey.db"), "--base-url", "https://auth.example.com"], { cwd: dir, env });
    try {
      expect(running.stdout()).toContain(`Latchkey listening on http://127.0.0.1:${port} (public URL https://auth.example.com) — API at https://auth.example.com/api/auth, console at https://auth.example.com/console/`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/auth/ok`);
      expect(ok.status).toBe(200);
    } finally {
      await stopProcess(running.child);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
