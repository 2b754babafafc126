/**
 * The local Latchkey server's process. Main starts it as an Electron utilityProcess (tests start
 * it with child_process.fork), sends { type: "start", db, host, port, setup? } and gets back
 * { type: "ready", url } or { type: "failed", message }. { type: "stop" } stops it cleanly.
 *
 * First run (`setup`): the database is created and the first administrator written into it
 * before the server listens, so nobody can sign up first under the administrator's address. A
 * failed setup removes the files it created, so the next attempt is a first run again.
 */
import { existsSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { withOfflineContext } from "../../server/maintenance/offline-context.js";
import { isLoopbackHost } from "../../server/core/loopback.js";
import { resolveConfig, type Config } from "../../server/config.js";
import { startServer, type RunningServer } from "../../server/main.js";
import { createAdmin } from "../../server/maintenance/create-admin.js";
import { secretFileFor } from "../../server/secret.js";
import type { FromServer, ToServer } from "../common/local-server-protocol.js";

interface ParentChannel {
  send(message: FromServer): Promise<void>;
  onMessage(listener: (message: ToServer) => void): void;
}

/** Electron's parentPort when run as a utilityProcess; Node's IPC channel when forked. */
function parentChannel(): ParentChannel {
  const parentPort = (process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: "message", l: (e: { data: unknown }) => void): void } }).parentPort;
  if (parentPort) {
    return {
      send: async (message) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on("message", (event) => listener(event.data as ToServer)),
    };
  }
  if (process.send) {
    // The parent went away (its IPC channel closed): stop rather than linger.
    process.on("disconnect", () => void shutdown(0));
    return {
      send: (message) => new Promise<void>((resolve) => void process.send?.(message, undefined, {}, () => resolve())),
      onMessage: (listener) => process.on("message", (message) => listener(message as ToServer)),
    };
  }
  throw new Error("local-server-entry must be started by the Latchkey app (no parent channel)");
}

let running: RunningServer | null = null;
let starting: Promise<void> | null = null;
let exiting = false;
const channel = parentChannel();

channel.onMessage((message) => {
  if (message?.type === "start" && !starting && !running) starting = start(message).finally(() => (starting = null));
  else if (message?.type === "restore" && !starting && !running) void restore(message);
  else if (message?.type === "stop") void shutdown(0);
});

async function start(message: Extract<ToServer, { type: "start" }>): Promise<void> {
  /** Files a first run created, removed again if the first start fails at any step. */
  let created: string[] = [];
  let port = message.port;
  try {
    port ||= await freePort(message.host);
    const config = resolveConfig({ db: message.db, host: message.host, port, logLevel: "info" });
    if (message.setup) {
      created = filesOf(config).filter((file) => !existsSync(file));
      if (existsSync(config.db)) throw new Error("A database already exists; the first administrator is created only on first run");
      await withOfflineContext(config, (app) => createAdmin(app, message.setup!.admin));
      process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: `Created the administrator ${message.setup.admin.email}` })}\n`);
    }
    if (exiting) return;
    // desktopLocal: the Demo data section for the person at this computer. Asked only where
    // startServer allows it (loopback, not NODE_ENV=production): an app launched with
    // NODE_ENV=production, or told to listen beyond loopback, still starts its server, without Demo data.
    running = await startServer(config, { desktopLocal: !config.production && isLoopbackHost(config.host) });
    if (!exiting) await channel.send({ type: "ready", url: running.url });
  } catch (error) {
    const text = (error as NodeJS.ErrnoException).code === "EADDRINUSE" ? `Port ${port} is in use` : (error as Error).message;
    process.stderr.write(`error: ${text}\n`);
    exiting = true;
    for (const file of created) {
      try {
        rmSync(file, { force: true });
      } catch {
        // Still open (Windows): the next setup reports that a database exists.
      }
    }
    await channel.send({ type: "failed", message: text });
    process.exit(1);
  }
}

/**
 * The desktop's "Restore" (issue 39): the same code as `auth server snapshot restore NAME --yes`,
 * so the same checks (the name, the file, integrity, schema, the secret, and no server on the
 * database: a live database is refused, DATABASE_IN_USE). Main runs it in a process of its own
 * after stopping the server, so the app's main process never opens the database itself.
 */
async function restore(message: Extract<ToServer, { type: "restore" }>): Promise<void> {
  exiting = true;
  try {
    const config = resolveConfig({ db: message.db, host: "127.0.0.1", port: 0, logLevel: "info" });
    // The CLI's restore itself, not a second one (issue 39): server/maintenance/restore.ts, whose
    // refusals carry the CLI's English sentence. No confirmation: the person chose Restore.
    const { restoreSnapshot } = await import("../../server/maintenance/restore.js");
    const { findSecret } = await import("../../server/secret.js");
    const result = await restoreSnapshot(config.db, message.name, { secret: findSecret(config), previousSecrets: config.previousSecrets });
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: `Restored the snapshot ${message.name} (${result.total} rows)` })}\n`);
    await channel.send({ type: "restored", total: result.total });
    process.exit(0);
  } catch (error) {
    const text = (error as Error).message;
    process.stderr.write(`error: ${text}\n`);
    await channel.send({ type: "failed", message: text, code: (error as { code?: string }).code });
    process.exit(1);
  }
}

function filesOf(config: Config): string[] {
  return [config.db, `${config.db}-wal`, `${config.db}-shm`, secretFileFor(config.db)];
}

async function shutdown(code: number): Promise<void> {
  if (exiting) return;
  exiting = true;
  try {
    await starting?.catch(() => {});
    await running?.stop();
  } catch (error) {
    process.stderr.write(`error: stopping failed: ${(error as Error).message}\n`);
    code = code || 1;
  }
  if (code === 0) await channel.send({ type: "stopped" });
  process.exit(code);
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
