/**
 * `auth login --email-code` (issue 37 item 8): the real `auth` process against a real server. The
 * CLI mails the code before it reads standard input, so the test takes the code from the outbox
 * (as its owner would from the mail) and only then pipes it in with --otp-stdin.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

let server: TestServer;
const clis: Cli[] = [];
const running: ChildProcess[] = [];

beforeAll(async () => {
  // The CLI runs on the real clock; the server's must agree with it (TOTP codes).
  server = await startTestServer({ config: { rateLimit: { enabled: false } } });
  server.clock.set(Date.now());
}, 60_000);
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cli of clis) cli.cleanup();
  await server?.close();
});

function newCli(): Cli {
  const cli = cliFor(server);
  clis.push(cli);
  return cli;
}

const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });

/** The newest sign-in code mailed to `email` after `known` mails of that kind, waited for with a generous bound. */
async function mailedCode(email: string, known: number): Promise<string> {
  const end = Date.now() + 30_000;
  for (;;) {
    const mails = (await server.outbox(email)).filter((mail) => mail.kind === "email-otp");
    if (mails.length > known && mails[0]!.token) return mails[0]!.token;
    if (Date.now() > end) throw new Error(`no sign-in code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `auth login --email-code --otp-stdin …`: once the code is in the outbox, `lines(code)` is piped
 * in. Resolves with the exit status and both streams.
 */
async function codeLogin(cli: Cli, email: string, extra: string[], lines: (code: string) => string[], env: Record<string, string> = {}) {
  const known = (await server.outbox(email)).filter((mail) => mail.kind === "email-otp").length;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", XDG_CONFIG_HOME: cli.configHome, AUTH_URL: server.url, LANG: "C.UTF-8", ...env };
  for (const name of ["AUTH_TOKEN", "AUTH_PROFILE", "LC_ALL", "LC_MESSAGES"]) delete childEnv[name];
  const child = spawn(process.execPath, [AUTH_BIN, "login", "--email", email, "--email-code", "--otp-stdin", ...extra], { env: childEnv, stdio: ["pipe", "pipe", "pipe"] });
  running.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const code = await mailedCode(email, known);
  child.stdin.end(`${lines(code).join("\n")}\n`);
  return { code: await exited, stdout, stderr, otp: code };
}

describe("auth login --email-code (#37)", () => {
  it("mails a code; piped in with --otp-stdin it signs in, saves the profile and whoami shows the person", async () => {
    const account = await server.signUp({ email: "code-ops@example.com" });
    const cli = newCli();
    const login = await codeLogin(cli, account.email, ["--profile", "ops", "--json"], (code) => [code]);
    expect(login.code, login.stderr).toBe(0);
    expect(login.otp).toMatch(/^\d{6}$/);
    const result = JSON.parse(login.stdout) as { profile: string; url: string; user: { email: string } };
    expect([result.profile, result.url, result.user.email]).toEqual(["ops", server.url, account.email]);
    const whoami = await cli.run(["whoami", "--profile", "ops", "--json"], { token: null });
    expect([whoami.code, whoami.json().user.email, whoami.json().profile]).toEqual([0, account.email, "ops"]);
  }, 90_000);

  it("a wrong code: the error in the operator's language, its code, exit 2 (a 400), nothing saved", async () => {
    const account = await server.signUp({ email: "code-wrong@example.com" });
    const cli = newCli();
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const english = await codeLogin(cli, account.email, [], (code) => [wrong(code)]);
    expect([english.code, english.stderr]).toEqual([2, expect.stringContaining("Invalid OTP (INVALID_OTP)")]);
    const french = await codeLogin(cli, account.email, [], (code) => [wrong(code)], { LANG: "fr_FR.UTF-8" });
    expect([french.code, french.stderr]).toEqual([2, expect.stringContaining("Ce code n’est pas le bon. Vérifiez-le et réessayez. (INVALID_OTP)")]);
    const list = await cli.run(["profile", "list", "--json"], { token: null });
    expect(list.json().profiles.filter((profile: { signedIn: boolean }) => profile.signedIn)).toEqual([]);
  }, 90_000);

  it("a two-factor account continues to the second step: the authenticator code on the next line with --totp-stdin", async () => {
    const account = await server.signUp({ email: "code-2fa@example.com" });
    // Proven first: a first code to an unproven address would clear the two-factor set up before it.
    await server.verifyEmail(account.email);
    const setupCli = newCli();
    expect((await setupCli.run(["login", "--email", account.email, "--password-stdin"], { input: account.password })).code).toBe(0);
    const enabled = await setupCli.run(["account", "2fa", "enable", "--password-stdin", "--json"], { input: account.password });
    const secret = enabled.json<{ secret: string }>().secret;
    server.clock.set(Date.now());
    expect((await setupCli.run(["account", "2fa", "verify", codeAt(secret, Date.now())])).code).toBe(0);

    // The next 30-second step: the code just used for verify would be refused as reused.
    const later = Date.now() + 30_000;
    server.clock.set(later);
    const cli = newCli();
    const withoutCode = await codeLogin(cli, account.email, ["--no-input"], (code) => [code]);
    expect([withoutCode.code, withoutCode.stderr], withoutCode.stdout).toEqual([2, expect.stringContaining("--totp-stdin")]);
    const login = await codeLogin(cli, account.email, ["--totp-stdin", "--json"], (code) => [code, codeAt(secret, later)]);
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(login.stdout).user.email).toBe(account.email);
    const whoami = await cli.run(["whoami", "--json"], { token: null });
    expect([whoami.code, whoami.json().user.email, whoami.json().user.twoFactorEnabled]).toEqual([0, account.email, true]);
  }, 90_000);

  it("--email-code with --password-stdin, --provider or --device, and --otp-stdin alone, are usage errors (exit 2)", async () => {
    const cli = newCli();
    for (const extra of [["--password-stdin"], ["--provider", "github"], ["--device"]]) {
      const answer = await cli.run(["login", "--email", "someone@example.com", "--email-code", ...extra], { token: null, input: "" });
      expect([answer.code, answer.stderr]).toEqual([2, expect.stringContaining("--email-code cannot be combined with --password-stdin, --provider or --device.")]);
    }
    const alone = await cli.run(["login", "--email", "someone@example.com", "--otp-stdin"], { token: null, input: "123456\n" });
    expect([alone.code, alone.stderr]).toEqual([2, expect.stringContaining("--otp-stdin goes with --email-code.")]);
    expect(await server.outbox("someone@example.com")).toEqual([]);
  });
});
