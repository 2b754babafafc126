/**
 * PostgreSQL for scale-out: several Latchkey servers share one database. Feature code is plain
 * Kysely, so only the connection differs from SQLite.
 */
import pg from "pg";
import { Kysely, PostgresDialect } from "kysely";
import type { Database } from "./types.js";
import { countPoolWrites } from "./local-writes.js";

// Time is stored as integer milliseconds in int8 columns, and count(*) answers int8 too. pg
// hands int8 over as a string (it may exceed 2^53); ours never does, so read it as a number.
// Per pool, not pg.types globally, so other pg users in the process are unaffected.
const INT8_OID = 20;
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as "text");
  },
} as pg.CustomTypesConfig;

export interface OpenedPostgres {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openPostgres(url: string, options: { max?: number } = {}): OpenedPostgres {
  // Ten connections per server: auth queries are short, and several servers share one database
  // whose default max_connections is 100.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // An idle client that loses its connection (database restart) emits 'error' on the pool;
  // without a listener that would crash the process. The next query reconnects.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  countPoolWrites(db, pool);
  return {
    db,
    pool,
    async close() {
      await db.destroy();
    },
  };
}
