/**
 * The server's log (issue 25): on a terminal, one readable line per event, the start line naming
 * the console's URL, and a "stopped" line on SIGINT/SIGTERM; off a terminal (a pipe: systemd,
 * docker, a log collector), or with AUTH_LOG_FORMAT=json, pino's JSON lines only.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN, freePort } from "../helpers/run-cli.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const driver = terminalDriver();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-log-format-"));
});
afterAll(() => {
  driver.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `auth server start` in a real terminal (env given as `env` arguments, as a shell would). */
function serverInTerminal(port: number, db: string, env: Record<string, string> = {}) {
  const envs = Object.entries({ NODE_ENV: "test", AUTH_SECRET: SECRET, ...env }).map(([key, value]) => shellQuote(`${key}=${value}`));
  return driver.open(`env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} server start --port ${port} --db ${shellQuote(db)}; echo "EXIT=$?"`, { columns: 200, rows: 30 });
}

describe("on a terminal", () => {
  it("prints pretty lines: the start line with the console's URL, then 'stopped' on Ctrl-C", async () => {
    const port = await freePort();
    const terminal = serverInTerminal(port, join(dir, "pretty.db"));
    const started = await terminal.waitFor(/Latchkey listening on/, 30_000);
    const line = started.split("\n").find((row) => row.includes("Latchkey listening on"))!;
    expect(line).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d INFO +Latchkey listening on http://127\\.0\\.0\\.1:${port} — API at http://127\\.0\\.0\\.1:${port}/api/auth, console at http://127\\.0\\.0\\.1:${port}/console/, manual at http://127\\.0\\.0\\.1:${port}/docs/`));
    terminal.keys("C-c");
    const stopped = await terminal.waitFor(/EXIT=\d+/, 30_000);
    expect(stopped).toMatch(/^\d\d:\d\d:\d\d INFO +Latchkey stopped \(SIGINT\)$/m);
    expect(stopped).toContain("EXIT=0");
    // Not one JSON record on the screen.
    expect(stopped).not.toMatch(/\{"level"/);
  }, 90_000);

  it("with AUTH_LOG_FORMAT=json, prints JSON lines even there", async () => {
    const port = await freePort();
    const terminal = serverInTerminal(port, join(dir, "json-on-terminal.db"), { AUTH_LOG_FORMAT: "json" });
    const started = await terminal.waitFor(/Latchkey listening on/, 30_000);
    const line = started.split("\n").find((row) => row.includes("Latchkey listening on"))!;
    expect(line.startsWith('{"level":30')).toBe(true);
    terminal.keys("C-c");
    await terminal.waitFor(/EXIT=0/, 30_000);
  }, 90_000);
});

describe("through a pipe", () => {
  it("writes only JSON lines, the start and the stop among them", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [AUTH_BIN, "server", "start", "--port", String(port), "--db", join(dir, "piped.db")], {
      env: { ...process.env, NODE_ENV: "test", AUTH_SECRET: SECRET, AUTH_LOG_FORMAT: "", AUTH_LOG_LEVEL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    const deadline = Date.now() + 30_000;
    while (!stdout.includes("Latchkey listening on")) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGTERM");
    expect(await closed).toBe(0);

    const lines = stdout.split("\n").filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as { level: number; msg: string; console?: string; url?: string });
    const start = records.find((record) => record.msg.startsWith("Latchkey listening on"))!;
    expect(start).toMatchObject({ level: 30, url: `http://127.0.0.1:${port}`, console: `http://127.0.0.1:${port}/console/` });
    // Said once: not also fastify's own "Server listening at …" (#33).
    expect(records.filter((record) => /listening (on|at) http/i.test(record.msg))).toHaveLength(1);
    expect(records.at(-1)).toMatchObject({ level: 30, msg: "Latchkey stopped (SIGTERM)" });
    expect(stderr).toBe("");
  }, 90_000);
});
