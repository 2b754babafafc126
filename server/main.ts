/** Starts a listening server: open the database, migrate, listen, sweep, stop cleanly on signals. */
import { createApp, type LatchkeyApp } from "./app.js";
import { baseURLOf, productionWarnings, type Config } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { sweep } from "./maintenance/sweep.js";
import { loadOrCreateSecret } from "./secret.js";

export interface RunningServer {
  app: LatchkeyApp;
  /** The public URL (the base URL when one is set). */
  url: string;
  /** The address actually listened on, e.g. http://127.0.0.1:3000. */
  listening: string;
  stop(): Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export async function startServer(config: Config, options: { handleSignals?: boolean } = {}): Promise<RunningServer> {
  const { secret } = loadOrCreateSecret(config);
  const database = await openDatabase(config.db);
  await migrateToLatest(database.db);
  const app = await createApp({ config, db: database.db, secret });
  await app.server.listen({ port: config.port, host: config.host });
  const address = app.server.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const listening = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  const url = config.baseURL ? baseURLOf(config) : listening;
  for (const warning of productionWarnings(config)) app.context.log.warn(warning);

  const timer = setInterval(() => {
    sweep(app.context).catch((error) => app.context.log.error({ err: { message: (error as Error).message } }, "sweep failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      clearInterval(timer);
      await app.close();
      await database.close();
    })());

  if (options.handleSignals) {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  }
  return { app, url, listening, stop };
}
