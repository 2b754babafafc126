/**
 * The local Latchkey server, run by main in a child process (Electron's utilityProcess; in tests
 * Node's child_process.fork of the same entry). Start, stop, status, the last log lines, and a
 * clean stop when the app quits. Its database lives in the app's data folder.
 *
 * Everything Electron-specific is injected (the fork function), so the lifecycle is unit-tested
 * in plain Node against a real child process.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SNAPSHOT_NAME } from "../../shared/contract/settings-demo.js";
import type { LocalRestorePhase, LocalRestoreResult, LocalServerEvent, LocalServerSetup, LocalServerState, LocalServerStatus } from "../../shared/desktop-api.js";
import type { ForkServer, FromServer, ServerChild, SetupAdmin, ToServer } from "../common/local-server-protocol.js";

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LocalServerHostOptions {
  fork: ForkServer;
  /** The built local-server-entry script. */
  entry: string;
  /** The app's data folder; the database is <dataDir>/latchkey.db. */
  dataDir: string;
  version: string;
  /** 0: a free port each start. */
  port?: number;
  timers?: Timers;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  logLimit?: number;
}

export type HostEvent = LocalServerEvent;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export class LocalServerHost {
  readonly databasePath: string;
  private state: LocalServerState = "stopped";
  private url: string | null = null;
  private error: string | null = null;
  private child: ServerChild | null = null;
  private readonly lines: string[] = [];
  private readonly listeners = new Set<(event: HostEvent) => void>();
  private starting: Promise<LocalServerStatus> | null = null;
  private stopping: Promise<LocalServerStatus> | null = null;
  private restoring: Promise<LocalRestoreResult> | null = null;
  private readonly timers: Timers;

  constructor(private readonly options: LocalServerHostOptions) {
    this.databasePath = join(options.dataDir, "latchkey.db");
    this.timers = options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  }

  /** Whether the database exists (first run creates it together with the first administrator). */
  initialized(): boolean {
    return existsSync(this.databasePath);
  }

  status(): LocalServerStatus {
    return {
      state: this.state,
      url: this.state === "running" ? this.url : null,
      databasePath: this.databasePath,
      version: this.options.version,
      error: this.state === "failed" ? this.error : null,
      pid: this.child?.pid ?? null,
      initialized: this.initialized(),
    };
  }

  logs(): string[] {
    return [...this.lines];
  }

  subscribe(listener: (event: HostEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** First run: check the form, then start with the first administrator created before listening. */
  setup(input: unknown): Promise<LocalServerStatus> {
    const admin = parseSetup(input);
    if (this.initialized()) return Promise.reject(new Error("The local server is already set up; start it instead"));
    if (this.child) return Promise.reject(new Error("The local server is already running"));
    return this.launch(admin);
  }

  start(): Promise<LocalServerStatus> {
    if (!this.initialized()) return Promise.reject(new Error("The local server is not set up yet: create the first administrator first"));
    if (this.restoring) return Promise.reject(new Error("A snapshot is being restored; the server starts again when it is done"));
    return this.launch(undefined);
  }

  /**
   * The Demo data section's Restore (issue 39): stop the server, put the snapshot back with the
   * CLI's restore in a process of its own (local-server-entry.ts), start the server again on the
   * port it had, so the window's address still answers. A refused restore (no such snapshot,
   * another secret, a database still in use) leaves the data as it was: the server is started
   * again on it and the refusal is the answer, in the CLI's words.
   */
  restoreSnapshot(name: unknown): Promise<LocalRestoreResult> {
    // Checked here too, not only at the IPC boundary: a name is a file name, never a path.
    if (typeof name !== "string" || !SNAPSHOT_NAME.test(name)) return Promise.reject(new Error("A snapshot name has letters, digits, - and _ only (at most 64)"));
    if (!this.initialized()) return Promise.reject(new Error("The local server is not set up yet: there is nothing to restore into"));
    if (this.restoring) return Promise.reject(new Error("A snapshot is already being restored"));
    this.restoring = this.runRestore(name).finally(() => {
      this.restoring = null;
    });
    return this.restoring;
  }

  private async runRestore(name: string): Promise<LocalRestoreResult> {
    await this.starting?.catch(() => undefined);
    const port = this.url ? Number(new URL(this.url).port) : (this.options.port ?? 0);
    this.progress(name, "stopping");
    await this.stop();
    this.progress(name, "restoring");
    this.log(`Restoring the snapshot ${name} into ${this.databasePath}`);
    const outcome = await this.runOnce({ type: "restore", db: this.databasePath, name });
    this.progress(name, "starting");
    const status = await this.launch(undefined, port);
    if (!outcome.ok) throw new Error(outcome.message);
    if (status.state !== "running") throw new Error(`The snapshot ${name} was restored, but the server did not start again: ${status.error ?? status.state}`);
    return { name, total: outcome.total, status };
  }

  /** A child started for one task (restore): its answer, or why it failed. */
  private runOnce(message: Extract<ToServer, { type: "restore" }>): Promise<{ ok: true; total: number } | { ok: false; message: string }> {
    let child: ServerChild;
    try {
      child = this.options.fork(this.options.entry);
    } catch (error) {
      return Promise.resolve({ ok: false, message: `Could not start the restore process: ${(error as Error).message}` });
    }
    this.pipe(child.stdout);
    this.pipe(child.stderr);
    return new Promise((resolve) => {
      let answer: { ok: true; total: number } | { ok: false; message: string } | null = null;
      const timer = this.timers.setTimeout(() => {
        answer ??= { ok: false, message: "The restore did not finish in time" };
        child.kill();
      }, this.options.startTimeoutMs ?? 30_000);
      child.onMessage((reply: FromServer) => {
        if (reply?.type === "restored") answer ??= { ok: true, total: reply.total };
        else if (reply?.type === "failed") answer ??= { ok: false, message: reply.message };
      });
      // Settled on exit, not on the answer: the next start must not race the restore's handle on the file.
      child.onExit((code) => {
        this.timers.clearTimeout(timer);
        resolve(answer ?? { ok: false, message: `The restore process stopped unexpectedly (exit code ${code ?? "none"})` });
      });
      child.postMessage(message);
    });
  }

  private progress(name: string, phase: LocalRestorePhase): void {
    this.emit({ restore: { name, phase } });
  }

  /** Ask the server to stop cleanly; kill it if it has not exited within the stop timeout. */
  stop(): Promise<LocalServerStatus> {
    if (this.stopping) return this.stopping;
    const child = this.child;
    if (!child) return Promise.resolve(this.status());
    this.setState("stopping");
    this.stopping = new Promise<LocalServerStatus>((resolve) => {
      const timer = this.timers.setTimeout(() => {
        this.log("The server did not stop in time; ending it.");
        child.kill();
      }, this.options.stopTimeoutMs ?? 10_000);
      child.onExit(() => {
        this.timers.clearTimeout(timer);
        resolve(this.status());
      });
      child.postMessage({ type: "stop" });
    }).finally(() => {
      this.stopping = null;
    });
    return this.stopping;
  }

  private launch(admin: SetupAdmin | undefined, port = this.options.port ?? 0): Promise<LocalServerStatus> {
    if (this.starting) return this.starting;
    if (this.child) return Promise.resolve(this.status());
    this.error = null;
    this.url = null;
    this.setState("starting");
    this.log(admin ? `Creating the database at ${this.databasePath}` : `Starting the server on ${this.databasePath}`);
    let child: ServerChild;
    try {
      child = this.options.fork(this.options.entry);
    } catch (error) {
      this.fail(`Could not start the server process: ${(error as Error).message}`);
      return Promise.resolve(this.status());
    }
    this.child = child;
    this.pipe(child.stdout);
    this.pipe(child.stderr);

    this.starting = new Promise<LocalServerStatus>((resolve) => {
      const settle = () => {
        this.timers.clearTimeout(timer);
        resolve(this.status());
      };
      const timer = this.timers.setTimeout(() => {
        if (this.state !== "starting") return;
        this.fail(`The server did not start within ${Math.round((this.options.startTimeoutMs ?? 30_000) / 1000)} s`);
        child.kill();
        settle();
      }, this.options.startTimeoutMs ?? 30_000);

      child.onMessage((message: FromServer) => {
        if (message?.type === "ready" && this.state === "starting") {
          this.url = message.url;
          this.setState("running");
          this.log(`Listening on ${message.url}`);
          settle();
        } else if (message?.type === "failed") {
          this.fail(message.message);
          settle();
        }
      });
      child.onExit((code) => {
        if (this.child === child) this.child = null;
        if (this.state === "stopping") {
          this.setState("stopped");
          this.log("Stopped.");
        } else if (this.state === "starting" || this.state === "running") {
          this.fail(`The server stopped unexpectedly (exit code ${code ?? "none"})${this.lastError ? `: ${this.lastError}` : ""}`);
        } else if (this.state === "failed") {
          this.emit({ status: this.status() });
        }
        settle();
      });
    }).finally(() => {
      this.starting = null;
    });

    child.postMessage({ type: "start", db: this.databasePath, host: "127.0.0.1", port, ...(admin ? { setup: { admin } } : {}) });
    return this.starting;
  }

  /** The last error line the server wrote, to explain a crash. */
  private lastError: string | null = null;

  private fail(message: string): void {
    this.error = message;
    this.url = null;
    this.setState("failed");
    this.log(message);
  }

  private setState(state: LocalServerState): void {
    this.state = state;
    this.emit({ status: this.status() });
  }

  private pipe(stream: NodeJS.ReadableStream | null): void {
    if (!stream) return;
    let pending = "";
    stream.setEncoding?.("utf8");
    stream.on("data", (chunk: string | Buffer) => {
      pending += chunk.toString();
      let newline: number;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, "");
        pending = pending.slice(newline + 1);
        if (line.trim()) this.log(formatLogLine(line), true);
      }
    });
  }

  private log(line: string, fromServer = false): void {
    if (fromServer && /\b(error|fatal)\b/i.test(line)) this.lastError = line.replace(/^\S+ \S+ /, "");
    this.lines.push(line);
    const limit = this.options.logLimit ?? 500;
    if (this.lines.length > limit) this.lines.splice(0, this.lines.length - limit);
    this.emit({ log: line });
  }

  private emit(event: HostEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure (a closed window) must not stop the others.
      }
    }
  }
}

/** The server writes pino JSON lines; show them as "12:04:05 INFO message". */
export function formatLogLine(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    const entry = JSON.parse(line) as { time?: number; level?: number; msg?: string; err?: { message?: string } };
    const time = typeof entry.time === "number" ? new Date(entry.time).toISOString().slice(11, 19) : "";
    const level = LEVELS[entry.level ?? 30] ?? "INFO";
    const text = [entry.msg, entry.err?.message].filter(Boolean).join(": ");
    return `${time} ${level} ${text}`.trim();
  } catch {
    return line;
  }
}

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** The first-administrator form, checked before anything is created. */
export function parseSetup(input: unknown): SetupAdmin {
  const admin = (input as LocalServerSetup | undefined)?.admin;
  if (typeof admin !== "object" || admin === null) throw new Error("Fill in the first administrator");
  const email = typeof admin.email === "string" ? admin.email.trim() : "";
  const name = typeof admin.name === "string" ? admin.name.trim() : "";
  const password = typeof admin.password === "string" ? admin.password : "";
  if (!name) throw new Error("Enter the administrator's name");
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error("Enter a valid email address");
  if (password.length < PASSWORD_MIN) throw new Error(`The password must be at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) throw new Error(`The password must be at most ${PASSWORD_MAX} characters`);
  return { email, name, password };
}
