/** auth account 2fa … and auth login's second step, against a real server. */
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
let account: Awaited<ReturnType<TestServer["signUp"]>>;

const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });

beforeAll(async () => {
  // The CLI runs in another process on the real clock; the server's clock must agree with it.
  server = await startTestServer();
  account = await server.signUp({ email: "cli-2fa@example.com" });
  cli = cliFor(server);
  expect((await cli.run(["login", "--email", account.email, "--password-stdin"], { input: account.password })).code).toBe(0);
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("auth account 2fa", () => {
  it("enables TOTP (URI, key and 10 backup codes once), verifies it, then login asks for the code", async () => {
    const enabled = await cli.run(["account", "2fa", "enable", "--password-stdin", "--json"], { input: account.password });
    expect(enabled.code).toBe(0);
    const setup = enabled.json();
    expect(setup.totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.backupCodes).toHaveLength(10);
    server.clock.set(Date.now());
    const verified = await cli.run(["account", "2fa", "verify", codeAt(setup.secret, Date.now()), "--json"]);
    expect(verified.code).toBe(0);
    expect(verified.json().enabled).toBe(true);

    // A script signs in with the password and the code on two lines of standard input.
    server.clock.set(Date.now() + 30_000);
    const again = cliFor(server);
    try {
      const withoutCode = await again.run(["login", "--email", account.email, "--password-stdin", "--no-input"], { input: account.password });
      expect(withoutCode.code).not.toBe(0);
      expect(withoutCode.stderr).toContain("--totp-stdin");
      const login = await again.run(["login", "--email", account.email, "--password-stdin", "--totp-stdin", "--json"], { input: `${account.password}\n${codeAt(setup.secret, Date.now() + 30_000)}\n` });
      expect(login.code).toBe(0);
      expect(login.json().user.email).toBe(account.email);
      expect((await again.run(["whoami", "--json"])).json().user.twoFactorEnabled).toBe(true);

      // A backup code works in place of the TOTP code, once.
      const backup = await again.run(["login", "--email", account.email, "--password-stdin", "--totp-stdin", "--json"], { input: `${account.password}\n${setup.backupCodes[0]}\n` });
      expect(backup.code).toBe(0);
      const reused = await again.run(["login", "--email", account.email, "--password-stdin", "--totp-stdin", "--json"], { input: `${account.password}\n${setup.backupCodes[0]}\n` });
      expect(reused.code).not.toBe(0);
      expect(reused.stderr + reused.stdout).toContain("INVALID_BACKUP_CODE");
    } finally {
      again.cleanup();
    }

    const codes = await cli.run(["account", "2fa", "backup-codes", "--password-stdin", "--json"], { input: account.password });
    expect(codes.json().backupCodes).toHaveLength(10);
    const disabled = await cli.run(["account", "2fa", "disable", "--password-stdin", "--json"], { input: account.password });
    expect(disabled.code).toBe(0);
    expect((await cli.run(["whoami", "--json"])).json().user.twoFactorEnabled).toBe(false);
  });
});

describe("auth admin users reset-2fa", () => {
  it("turns a user's two-factor off, and shows the state in `users get`", async () => {
    const user = await server.signUp({ email: "cli-reset@example.com" });
    const enabled = await server.request("POST", "/two-factor/enable", { token: user.token, body: { password: user.password } });
    const secret = new URL(enabled.body.totpURI).searchParams.get("secret")!;
    server.clock.set(Date.now() + 120_000);
    expect((await server.request("POST", "/two-factor/verify-totp", { token: user.token, body: { code: codeAt(secret, Date.now() + 120_000) } })).status).toBe(200);
    const admin = await server.signUp({ email: "cli-reset-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const operator = cliFor(server, { token: admin.token });
    try {
      expect((await operator.run(["admin", "users", "get", user.email, "--json"])).json().user.twoFactorEnabled).toBe(true);
      const reset = await operator.run(["admin", "users", "reset-2fa", user.email, "--yes", "--json"]);
      expect(reset.code).toBe(0);
      expect(reset.json()).toMatchObject({ email: user.email, twoFactorEnabled: false });
      expect((await server.request("GET", `/admin/get-user?id=${user.userId}`, { token: admin.token })).body.twoFactorEnabled).toBe(false);
    } finally {
      operator.cleanup();
    }
  });
});
