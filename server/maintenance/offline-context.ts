/** Runs a service against the database file with no HTTP server (server-side CLI commands). */
import { createContext } from "../app.js";
import type { AppContext, Logger } from "../context.js";
import type { Config } from "../config.js";
import { openDatabase } from "../db/database.js";
import { refuseForeignDatabase } from "../db/foreign-schema.js";
import { displayTarget } from "../db/target.js";
import { migrateToLatest } from "../db/migrate.js";
import { loadOrCreateSecret } from "../secret.js";

const stderrLogger: Logger = {
  info: () => {},
  debug: () => {},
  warn: (obj, msg) => process.stderr.write(`warning: ${msg ?? JSON.stringify(obj)}\n`),
  error: (obj, msg) => process.stderr.write(`error: ${msg ?? JSON.stringify(obj)}\n`),
};

export async function withOfflineContext<T>(config: Config, work: (app: AppContext) => Promise<T>): Promise<T> {
  await refuseForeignDatabase(config.db, displayTarget(config.db));
  const database = await openDatabase(config.db);
  try {
    await migrateToLatest(database.db);
    const { secret } = loadOrCreateSecret({ ...config, production: false });
    const app = createContext({ config, db: database.db, secret, log: stderrLogger });
    try {
      return await work(app);
    } finally {
      await app.audit.flush();
      // The password hasher runs on worker threads: end them or the process never exits.
      await app.passwords.close();
    }
  } finally {
    await database.close();
  }
}
