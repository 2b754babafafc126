/**
 * Starts a listening server: open the database, migrate, listen, sweep, stop cleanly on signals.
 *
 * Shutdown (SIGTERM, SIGINT, or stop()): readiness turns 503 and the listener stops accepting;
 * requests being handled finish (up to `shutdownTimeout` seconds, then connections are cut);
 * any request arriving meanwhile on an open connection gets a typed 503 SHUTTING_DOWN; the audit
 * queue is flushed; the database is closed last. A second signal exits at once.
 */
import { createApp, type LatchkeyApp } from "./app.js";
import { createShiftedClock } from "./clock.js";
import { baseURLOf, configWarnings, type Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { refuseForeignDatabase } from "./db/foreign-schema.js";
import { displayTarget } from "./db/target.js";
import { isLoopbackHost } from "./core/loopback.js";
import { resolve } from "node:path";
import { migrateToLatest } from "./db/migrate.js";
import { sweep } from "./maintenance/sweep.js";
import { loadOrCreateSecret } from "./secret.js";
import { ensureKeyCheck, type KeyCheckStatus } from "./key-check.js";

export interface RunningServer {
  app: LatchkeyApp;
  /** The public URL (the base URL when one is set). */
  url: string;
  /** The address actually listened on, e.g. http://127.0.0.1:3000. */
  listening: string;
  stop(): Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface StartOptions {
  handleSignals?: boolean;
  /** Said once at start beside the settings' own warnings (the CLI's: a secret given as a flag). */
  warnings?: string[];
  /** `--clock-offset`: run the server's clock this many milliseconds ahead (negative: behind) of real time (issue 39). */
  clockOffsetMs?: number;
  /** `--dev`: administrators may move the clock while the server runs (`auth dev clock advance`). */
  dev?: boolean;
  /**
   * The desktop app's local server: Demo data for the person at this computer (issue 39). Only on
   * a loopback listening address and never with NODE_ENV=production, or the server does not start.
   */
  desktopLocal?: boolean;
  /** The config file given to `auth server start` (PostgreSQL: the Demo data section's snapshots go to `<file>.snapshots`). */
  configFile?: string;
}

/** A moved clock or a development server is a test bench: refused where real accounts live. */
export class ShiftedClockInProductionError extends Error {}
/** The desktop flag asked for somewhere other people could reach. */
export class DesktopLocalServerError extends Error {}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const shifted = Boolean(options.clockOffsetMs) || Boolean(options.dev);
  if (shifted && config.production) throw new ShiftedClockInProductionError("--clock-offset and --dev are refused with NODE_ENV=production: bans, sessions and invitations would follow a false clock.");
  if (options.desktopLocal && (config.production || !isLoopbackHost(config.host))) throw new DesktopLocalServerError(`The desktop app's local server listens on a loopback address only, never with NODE_ENV=production (host ${config.host}).`);
  const clock = shifted ? createShiftedClock(options.clockOffsetMs ?? 0) : undefined;
  // Before the secret file is written or the database opened: another program's database is left untouched.
  await refuseForeignDatabase(config.db, displayTarget(config.db), config.database.connectTimeoutMs);
  const { secret } = loadOrCreateSecret(config);
  const database = await openDatabase(config.db, {
    synchronous: config.sqliteSynchronous,
    busyTimeoutMs: config.database.busyTimeoutMs,
    postgres: { connectTimeoutMs: config.database.connectTimeoutMs, queryTimeoutMs: config.database.queryTimeoutMs },
  });
  let keyCheck: KeyCheckStatus;
  try {
    await migrateToLatest(database.db);
    // Before anything is served: a database sealed with another secret refuses here, in one sentence.
    keyCheck = await ensureKeyCheck(database.db, secret, config.previousSecrets, Date.now());
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await createApp({ config, db: database.db, secret, ...(clock ? { clock } : {}), ...(clock && options.dev ? { devClock: clock } : {}), ...(options.desktopLocal ? { desktopLocal: true } : {}), ...(options.configFile ? { configFile: resolve(options.configFile) } : {}) });
  // Loud: every ban, session, lockout, invitation and code on this server follows the moved clock.
  if (clock && clock.offset() !== 0) app.context.log.warn({ clockOffsetMs: clock.offset() }, `CLOCK SHIFTED by ${describeOffset(clock.offset())}: this server's time is ${new Date(clock.now()).toISOString()}; sessions, bans, lockouts, invitations, codes and links follow it`);
  if (options.dev) app.context.log.warn("development mode (--dev): administrators may move this server's clock (auth dev clock advance)");
  if (keyCheck === "previous") app.context.log.warn("secret rotation pending: the database is still sealed with a previous secret (AUTH_PREVIOUS_SECRETS); run `auth server rotate-secret`");
  if (database.poolStats) app.context.metrics.watchDatabasePool(database.poolStats);
  // Fastify logs "Server listening at …" at info by itself; `auth server start` says it once, in
  // its own line with the console, manual and database (#33: `npm start` printed it twice).
  const level = app.server.log.level;
  app.server.log.level = "warn";
  try {
    await app.server.listen({ port: config.port, host: config.host });
  } finally {
    app.server.log.level = level;
  }
  const address = app.server.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const listening = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  const url = config.baseURL ? baseURLOf(config) : listening;
  for (const warning of [...(options.warnings ?? []), ...configWarnings(config)]) app.context.log.warn(warning);

  const timer = setInterval(() => {
    const { metrics } = app.context;
    sweep(app.context).then(
      (result) => {
        metrics.sweepRuns.inc({ outcome: "ok" });
        for (const [kind, count] of Object.entries(result)) metrics.sweepDeleted.inc({ kind }, count);
      },
      (error) => {
        metrics.sweepRuns.inc({ outcome: "failed" });
        app.context.log.error({ err: { message: (error as Error).message } }, "sweep failed");
      },
    );
  }, SWEEP_EVERY_MS);
  timer.unref();

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(timer);
      try {
        await app.close();
      } finally {
        // Whatever app.close() ran into, the database is closed: SQLite checkpoints its WAL.
        await database.close();
      }
    })());

  if (options.handleSignals) {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.on(signal, () => {
        if (stopping) {
          // A second signal: the operator wants out now. Everything acknowledged is already
          // committed (SQLite WAL, PostgreSQL), only the audit queue's last batch may be lost.
          app.context.log.warn(`${signal} again: exiting without waiting`);
          process.exit(1);
        }
        app.context.log.info(`${signal}: finishing requests in flight (up to ${config.shutdownTimeout}s), then closing`);
        stop().then(
          () => {
            app.context.log.info(`Latchkey stopped (${signal})`);
            process.exit(0);
          },
          (error) => {
            app.context.log.error({ err: { message: (error as Error).message } }, "shutdown failed");
            process.exit(1);
          },
        );
      });
    }
  }
  return { app, url, listening, stop };
}

/** `+8 days`, `-3 hours`, `+90 minutes`: the largest whole unit that says it exactly, else minutes. */
function describeOffset(ms: number): string {
  const sign = ms < 0 ? "-" : "+";
  const abs = Math.abs(ms);
  for (const [unit, size] of [["days", 86_400_000], ["hours", 3_600_000], ["minutes", 60_000]] as const) {
    if (abs % size === 0) return `${sign}${abs / size} ${abs === size ? unit.slice(0, -1) : unit}`;
  }
  return `${sign}${Math.round(abs / 60_000)} minutes`;
}
