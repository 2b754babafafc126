/**
 * PostgreSQL for scale-out: several Latchkey servers share one database. Feature code is plain
 * Kysely, so only the connection differs from SQLite.
 *
 * Faults (issue 44, docs/operations.md "When the database misbehaves"): every pool client has an
 * error listener, so a connection PostgreSQL ends (a restart, a failover, pg_terminate_backend)
 * fails the request using it, never the process; connecting and waiting for a pool slot are
 * bounded by `connectTimeoutMs`, each statement by `queryTimeoutMs` (on the server as
 * statement_timeout, and here, for connections that went silent: the connection is then
 * dropped); TCP keepalive finds dead idle connections. Those failures answer 503.
 */
import pg from "pg";
import { CompiledQuery, Kysely, PostgresDialect } from "kysely";
import type { Database } from "./types.js";
import { countPoolWrites } from "./local-writes.js";
import { guardedDialect } from "./guarded-dialect.js";
import { registerPoolIdentity } from "./pool-guard.js";

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

export interface PostgresTimeouts {
  /** Opening a connection, and waiting for a free pool slot. */
  connectTimeoutMs: number;
  /** One statement: PostgreSQL cancels it (statement_timeout); a silent connection is dropped a little later. */
  queryTimeoutMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectTimeoutMs: 5_000, queryTimeoutMs: 10_000 };

/** How much longer than statement_timeout the client waits before it calls the connection dead. */
const READ_GRACE_MS = 2_000;

export interface OpenedPostgres {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openPostgres(url: string, options: { max?: number; timeouts?: PostgresTimeouts } = {}): OpenedPostgres {
  const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  // Ten connections per server: auth queries are short, and several servers share one database
  // whose default max_connections is 100.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs + READ_GRACE_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that loses its connection (database restart) emits 'error' on the pool;
  // without a listener that would crash the process. The next query reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    // pg-pool removes its own error listener while a client is checked out (in a transaction,
    // between two statements): a connection ended then emitted an unhandled 'error' and the
    // process died. The request using it fails (503); the pool drops the client on release.
    client.on("error", () => {});
    dropOnReadTimeout(client);
  });
  const dialect = new PostgresDialect({
    pool,
    // Set per connection, not as start-up parameters: PgBouncer refuses unknown ones.
    // idle_in_transaction: a server that froze inside a transaction does not hold its row locks for good.
    onCreateConnection: async (connection) => {
      await connection.executeQuery(CompiledQuery.raw(`set statement_timeout = ${Math.round(timeouts.queryTimeoutMs)}`));
      await connection.executeQuery(CompiledQuery.raw(`set idle_in_transaction_session_timeout = ${Math.max(60_000, Math.round(timeouts.queryTimeoutMs * 2))}`));
    },
  });
  const guarded = guardedDialect(dialect);
  const db = new Kysely<Database>({ dialect: guarded });
  registerPoolIdentity(db, guarded.identity);
  countPoolWrites(db, pool);
  return {
    db,
    pool,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * node-postgres's query_timeout answers the caller, but the connection stays busy with the
 * statement that never came back, and the pool would hand it out again: every later query on it
 * would hang behind. Destroying the socket marks the client broken; the pool drops it on release.
 */
function dropOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: Error) => {
        if (error?.message === "Query read timeout") (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      });
    }
    return result;
  };
}
