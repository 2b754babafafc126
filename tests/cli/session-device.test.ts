/**
 * `auth login --device` (issue 34 item 6): the real `auth` process against a real server, on an
 * 80×30 pseudo-terminal (code, address, QR code, countdown) and without one (--json: the code pair
 * as one JSON line on stderr, the result on stdout). The person's decision goes through the
 * approval page's endpoint with their own session (the page itself is tested in Chromium).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const driver = terminalDriver();
let server: TestServer;
let admin: { token: string; email: string };
const clis: Cli[] = [];
const running: ChildProcess[] = [];

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const signedUp = await server.signUp({ email: "device-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", signedUp.userId).execute();
  admin = signedUp;
}, 60_000);
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
  driver.close();
  for (const cli of clis) cli.cleanup();
  await server?.close();
});

function newCli(): Cli {
  const cli = cliFor(server);
  clis.push(cli);
  return cli;
}

const decide = (userCode: string, accept: boolean) => server.request("POST", "/device/decide", { token: admin.token, body: { user_code: userCode, accept } });

/** `auth login --device` on an 80×30 terminal, the exit status printed after it. */
function terminalLogin(cli: Cli, extra: string[] = []) {
  const envs = Object.entries({ TERM: "xterm-256color", LANG: "C.UTF-8", XDG_CONFIG_HOME: cli.configHome, AUTH_URL: server.url }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  const args = ["login", "--device", ...extra];
  return driver.open(`env -u AUTH_TOKEN -u AUTH_PROFILE -u LC_ALL -u LC_MESSAGES ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, { columns: 80, rows: 30 });
}

describe("auth login --device (#34)", () => {
  it("shows the code, the address and a QR code with a countdown; approval saves the profile and whoami shows the person", async () => {
    const cli = newCli();
    const term = terminalLogin(cli, ["--profile", "ops"]);
    const shown = await term.waitFor(/Waiting for approval… \(the code expires in \d+:\d\d\)/, 30_000);
    const userCode = /Code: ([A-Z]{4}-[A-Z]{4})/.exec(term.scrollback())?.[1];
    expect(userCode).toBeDefined();
    expect(term.scrollback()).toContain(`Open ${server.url}/console/device in any browser`);
    expect(term.scrollback()).toContain(`${server.url}/console/device?user_code=${userCode}`);
    // The QR code: half-block rows, no wider than the terminal.
    expect(shown).toMatch(/[▀▄█]{10,}/);
    expect(Math.max(...term.scrollback().split("\n").map((line) => line.length))).toBeLessThanOrEqual(80);

    expect((await decide(userCode!, true)).status).toBe(200);
    const done = (await term.waitFor(/EXIT=\d+/, 30_000)).replace(/\s+/g, " ");
    expect(done).toContain("EXIT=0");
    expect(done).toContain("device-admin@example.com");
    expect(done).not.toContain("Waiting for approval");

    const whoami = await cli.run(["whoami", "--profile", "ops", "--json"], { token: null });
    expect([whoami.code, whoami.json().user.email, whoami.json().profile]).toEqual([0, "device-admin@example.com", "ops"]);
    await server.app.context.audit.flush(); // the audit writer is asynchronous
    const audit = await server.database.db.selectFrom("auditEvent").select(["action", "metadata"]).where("action", "=", "oauth-device.approve").execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it("a denial ends with exit 3, says so, and saves nothing", async () => {
    const cli = newCli();
    const term = terminalLogin(cli);
    await term.waitFor(/Waiting for approval/, 30_000);
    const userCode = /Code: ([A-Z]{4}-[A-Z]{4})/.exec(term.scrollback())![1]!;
    expect((await decide(userCode, false)).status).toBe(200);
    const done = (await term.waitFor(/EXIT=\d+/, 30_000)).replace(/\s+/g, " ");
    expect(done).toContain("EXIT=3");
    expect(done).toContain("The sign-in was denied in the browser. Nothing was saved.");
    const list = await cli.run(["profile", "list", "--json"], { token: null });
    expect(list.json().profiles.filter((profile: { signedIn: boolean }) => profile.signedIn)).toEqual([]);
  }, 90_000);

  it("--json: the code pair is one JSON line on stderr, the signed-in document on stdout", async () => {
    const cli = newCli();
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", XDG_CONFIG_HOME: cli.configHome, AUTH_URL: server.url, LANG: "C.UTF-8" };
    for (const name of ["AUTH_TOKEN", "AUTH_PROFILE", "LC_ALL", "LC_MESSAGES"]) delete env[name];
    const child = spawn(process.execPath, [AUTH_BIN, "login", "--device", "--json"], { env, stdio: ["ignore", "pipe", "pipe"] });
    running.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const end = Date.now() + 30_000;
    while (!stderr.includes("\n") && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    const pair = JSON.parse(stderr.split("\n")[0]!) as Record<string, unknown>;
    expect(Object.keys(pair).sort()).toEqual(["expires_in", "user_code", "verification_uri", "verification_uri_complete"]);
    expect(pair.verification_uri).toBe(`${server.url}/console/device`);
    expect((await decide(pair.user_code as string, true)).status).toBe(200);
    expect(await exited).toBe(0);
    const result = JSON.parse(stdout) as { profile: string; url: string; user: { email: string } };
    expect([result.profile, result.url, result.user.email]).toEqual(["default", server.url, "device-admin@example.com"]);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  }, 90_000);

  it("--device with --email or --provider is a usage error (exit 2)", async () => {
    const cli = newCli();
    for (const extra of [["--email", "ops@example.com"], ["--provider", "github"]]) {
      const answer = await cli.run(["login", "--device", ...extra], { token: null });
      expect([answer.code, answer.stderr]).toEqual([2, expect.stringContaining("--device cannot be combined with --email, --provider")]);
    }
  });

  it("auth apps create with the device grant makes an app that can start a device authorization", async () => {
    const cli = cliFor(server, { token: admin.token });
    clis.push(cli);
    const created = await cli.run(["apps", "create", "--name", "Living-room TV", "--public", "--grant-type", DEVICE_CODE_GRANT, "--grant-type", "refresh_token", "--json"]);
    expect(created.code).toBe(0);
    const app = created.json<{ client_id: string; grant_types: string[] }>();
    expect(app.grant_types).toEqual([DEVICE_CODE_GRANT, "refresh_token"]);
    const started = await server.request("POST", "/oauth2/device-authorization", { body: { client_id: app.client_id, scope: "openid" } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ user_code: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}$/), verification_uri: `${server.url}/console/device` });
  });
});
