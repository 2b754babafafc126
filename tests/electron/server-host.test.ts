/**
 * The local server's lifecycle, against the real local-server-entry in a real child process
 * (Node's fork standing in for Electron's utilityProcess) on a temporary data folder.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import { saveSnapshot } from "../../cli/snapshot.js";
import { snapshotPath } from "../../server/maintenance/snapshots.js";
import { dirname } from "node:path";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LocalRestorePhase, LocalServerStatus } from "../../shared/desktop-api.js";
import type { FromServer, ServerChild, ToServer } from "../../electron/common/local-server-protocol.js";
import { LocalServerHost, formatLogLine, parseSetup } from "../../electron/main/server-host.js";
import { buildLocalServerEntry, nodeFork, nodeForkWith } from "./helpers.js";
import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";

const dirs: string[] = [];
const hosts: LocalServerHost[] = [];
let entry = "";
beforeAll(async () => {
  entry = await buildLocalServerEntry();
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-desktop-"));
  dirs.push(dir);
  return dir;
}
function newHost(options: Partial<ConstructorParameters<typeof LocalServerHost>[0]> = {}): LocalServerHost {
  const host = new LocalServerHost({ fork: nodeFork, entry, dataDir: tempDir(), version: "0.1.0", startTimeoutMs: 60_000, ...options });
  hosts.push(host);
  return host;
}
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (entry) rmSync(dirname(entry), { recursive: true, force: true });
});

const admin = { email: "ops@example.com", password: "correct horse battery", name: "Ops" };

// Each start is a real process with a real argon2 hash; on a busy 2-core machine that takes seconds.
describe("local server lifecycle (real child process)", { timeout: 120_000 }, () => {
  it("first run creates the database and the administrator, runs with a URL, stops cleanly, and starts again", async () => {
    const host = newHost();
    const seen: LocalServerStatus["state"][] = [];
    host.subscribe((event) => event.status && seen.push(event.status.state));
    expect(host.status()).toMatchObject({ state: "stopped", url: null, initialized: false, version: "0.1.0" });
    await expect(host.start()).rejects.toThrow(/not set up/);

    const running = await host.setup({ admin });
    expect(running.state).toBe("running");
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.pid).toEqual(expect.any(Number));
    expect(running.initialized).toBe(true);
    expect(existsSync(host.databasePath)).toBe(true);

    // The server is really there, and the administrator signs in with the form's password.
    const signIn = await fetch(`${running.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("set-auth-token")).toBeTruthy();
    const body = (await signIn.json()) as { user: { role: string; emailVerified: boolean } };
    expect(body.user.role).toBe("admin");

    expect(host.logs().some((line) => line.includes(`Listening on ${running.url}`))).toBe(true);
    expect(host.logs().some((line) => line.includes("Created the administrator"))).toBe(true);

    const stopped = await host.stop();
    expect(stopped).toMatchObject({ state: "stopped", url: null, pid: null });
    await expect(fetch(`${running.url}/api/auth/ok`)).rejects.toThrow();
    expect(seen).toEqual(["starting", "running", "stopping", "stopped"]);

    // Setup happens once; afterwards it is start.
    await expect(host.setup({ admin })).rejects.toThrow(/already set up/);
    const again = await host.start();
    expect(again.state).toBe("running");
    const signInAgain = await fetch(`${again.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(signInAgain.status).toBe(200);
  });

  it("an app launched with NODE_ENV=production still starts its server, without the Demo data section", async () => {
    const host = newHost({ fork: (file) => nodeForkWith(file, { NODE_ENV: "production" }) });
    const running = await host.setup({ admin });
    expect(running.state).toBe("running");
    const signIn = await fetch(`${running.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(signIn.status).toBe(200);
    const demo = await fetch(`${running.url}/api/auth/admin/dev/demo`, { headers: { authorization: `Bearer ${signIn.headers.get("set-auth-token")}` } });
    expect(demo.status).toBe(404);
    expect(((await demo.json()) as { code: string }).code).toBe("DEMO_DATA_LOCAL_ONLY");
  });

  it("a crash is reported as failed with the reason, and the server can be started again", async () => {
    const host = newHost();
    const running = await host.setup({ admin });
    expect(running.state).toBe("running");
    process.kill(running.pid as number, "SIGKILL");
    await waitFor(() => host.status().state === "failed");
    const failed = host.status();
    expect(failed.url).toBeNull();
    expect(failed.error).toMatch(/stopped unexpectedly/);
    expect(host.logs().at(-1)).toMatch(/stopped unexpectedly/);
    expect((await host.start()).state).toBe("running");
  });

  it("a port in use fails the start with that reason", async () => {
    const first = newHost();
    const running = await first.setup({ admin });
    const port = Number(new URL(running.url as string).port);
    const second = newHost({ port });
    const failed = await second.setup({ admin });
    expect(failed.state).toBe("failed");
    expect(failed.error).toMatch(/in use/);
    // A failed first run leaves no database behind: the next attempt is a first run again.
    expect(second.status().initialized).toBe(false);
  });

  it("restores a snapshot: stops, restores with the CLI's code, starts again on the same address; refusals leave the data and the server as they were", async () => {
    const host = newHost();
    const running = await host.setup({ admin });
    const before = await signIn(running.url!);
    // Saved as `auth server snapshot save` does, while the server runs.
    await saveSnapshot(host.databasePath, "signed-in-once", { yes: true, input: false });
    const after = await signIn(running.url!);
    expect(await sessionEmail(running.url!, after)).toBe(admin.email);

    const phases: LocalRestorePhase[] = [];
    const states: LocalServerStatus["state"][] = [];
    host.subscribe((event) => {
      if (event.restore) phases.push(event.restore.phase);
      if (event.status) states.push(event.status.state);
    });
    const result = await host.restoreSnapshot("signed-in-once");
    expect(result).toMatchObject({ name: "signed-in-once", status: { state: "running", url: running.url } });
    expect(result.total).toBeGreaterThan(0);
    expect(result.status.pid).not.toBe(running.pid);
    expect(phases).toEqual(["stopping", "restoring", "starting"]);
    expect(states).toEqual(["stopping", "stopped", "starting", "running"]);
    expect(host.logs().some((line) => line.includes("Restored the snapshot signed-in-once"))).toBe(true);
    // Signed out as of the snapshot: the session made before it holds, the one made after is gone.
    expect(await sessionEmail(running.url!, before)).toBe(admin.email);
    expect(await sessionEmail(running.url!, after)).toBeNull();
    // The replaced data is kept, as the CLI keeps it.
    expect(existsSync(`${host.databasePath}.before-restore`)).toBe(true);

    // Not a name: refused before anything stops.
    const pid = host.status().pid;
    for (const name of ["../latchkey", "/tmp/x", "a.db", "", 42]) await expect(host.restoreSnapshot(name)).rejects.toThrow(/letters, digits/);
    expect(host.status()).toMatchObject({ state: "running", pid });

    // No such snapshot: the CLI's words, the server started again on its data.
    await expect(host.restoreSnapshot("never-saved")).rejects.toThrow(/never-saved/);
    expect(host.status()).toMatchObject({ state: "running", url: running.url });
    expect(await sessionEmail(running.url!, before)).toBe(admin.email);

    // Sealed with another database's secret: refused, as `auth server snapshot restore` refuses it.
    const other = newHost();
    await other.setup({ admin });
    await saveSnapshot(other.databasePath, "foreign", { yes: true, input: false });
    copyFileSync(snapshotPath(other.databasePath, "foreign"), snapshotPath(host.databasePath, "foreign"));
    await expect(host.restoreSnapshot("foreign")).rejects.toThrow(/secret/i);
    expect(host.status()).toMatchObject({ state: "running", url: running.url });
    expect(await sessionEmail(running.url!, before)).toBe(admin.email);

    // A live database (another program holds it open): refused like the CLI's restore.
    const holder = new Database(host.databasePath, { fileMustExist: true });
    try {
      holder.pragma("journal_mode = WAL");
      await expect(host.restoreSnapshot("signed-in-once")).rejects.toThrow(/in use|open/i);
    } finally {
      holder.close();
    }
    expect(host.status()).toMatchObject({ state: "running", url: running.url });
  });

  it("quitting the app stops a running server (what before-quit awaits)", async () => {
    const host = newHost();
    const running = await host.setup({ admin });
    const pid = running.pid as number;
    await host.stop();
    expect(isAlive(pid)).toBe(false);
  });
});

describe("local server host logic (scripted child)", () => {
  it("a child that never answers is killed after the start timeout and reported", async () => {
    const child = scriptedChild();
    const host = new LocalServerHost({ fork: () => child, entry: "x", dataDir: tempDir(), version: "1", startTimeoutMs: 50 });
    const status = await host.setup({ admin });
    expect(status.state).toBe("failed");
    expect(status.error).toMatch(/did not start within/);
    expect(child.killed).toBe(true);
  });

  it("a child that reports failure passes its message on; log lines are formatted and capped", async () => {
    const child = scriptedChild((message, reply) => {
      if (message.type === "start") {
        child.stdout.write(`${JSON.stringify({ level: 50, time: 0, msg: "database is locked" })}\n`);
        setTimeout(() => reply({ type: "failed", message: "database is locked" }), 10);
      }
    });
    const host = new LocalServerHost({ fork: () => child, entry: "x", dataDir: tempDir(), version: "1", logLimit: 3 });
    const status = await host.setup({ admin });
    expect(status).toMatchObject({ state: "failed", error: "database is locked" });
    expect(host.logs()).toHaveLength(3);
    expect(host.logs()).toContain("00:00:00 ERROR database is locked");
  });

  it("a stop that is ignored ends the child after the stop timeout", async () => {
    const child = scriptedChild((message, reply) => {
      if (message.type === "start") reply({ type: "ready", url: "http://127.0.0.1:1" });
    });
    const host = new LocalServerHost({ fork: () => child, entry: "x", dataDir: tempDir(), version: "1", stopTimeoutMs: 30 });
    expect((await host.setup({ admin })).state).toBe("running");
    expect((await host.stop()).state).toBe("stopped");
    expect(child.killed).toBe(true);
  });

  it("checks the first-administrator form before anything starts", () => {
    expect(() => parseSetup({ admin: { ...admin, email: "nope" } })).toThrow(/valid email/);
    expect(() => parseSetup({ admin: { ...admin, password: "short" } })).toThrow(/at least 8/);
    expect(() => parseSetup({ admin: { ...admin, name: " " } })).toThrow(/name/);
    expect(() => parseSetup({})).toThrow();
    expect(parseSetup({ admin: { ...admin, email: " ops@example.com " } }).email).toBe("ops@example.com");
    expect(formatLogLine("plain text")).toBe("plain text");
  });
});

function scriptedChild(script?: (message: ToServer, reply: (m: FromServer) => void) => void): ServerChild & { killed: boolean; stdout: PassThrough } {
  const events = new EventEmitter();
  const stdout = new PassThrough();
  const child = {
    pid: 4242,
    killed: false,
    stdout,
    stderr: null,
    postMessage: (message: ToServer) => script?.(message, (reply) => events.emit("message", reply)),
    onMessage: (listener: (m: FromServer) => void) => void events.on("message", listener),
    onExit: (listener: (code: number | null) => void) => void events.on("exit", listener),
    kill: () => {
      child.killed = true;
      setTimeout(() => events.emit("exit", null), 1);
    },
  };
  return child;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(response.status).toBe(200);
  return response.headers.get("set-auth-token")!;
}

/** Whose session the token is, or null when the server does not know it. */
async function sessionEmail(url: string, token: string): Promise<string | null> {
  const response = await fetch(`${url}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 401) return null;
  const body = (await response.json()) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
