/**
 * Opens the database. SQLite (better-sqlite3, WAL) is the default; a `postgres://` URL opens
 * PostgreSQL (postgres.ts). Every query above this file is plain Kysely, so a dialect only needs
 * a case here.
 */
import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type SqliteDatabase, type SqliteStatement } from "kysely";
import { countingWrites, createChangeCounter, registerChangeCounter, type ChangeCounter } from "./change-counter.js";
import { DatabaseUnreachableError, displayTarget, isPostgresUrl } from "./target.js";
import type { Database } from "./types.js";
import { guardedDialect, SQLITE_SYNC_BUSY_MS } from "./guarded-dialect.js";
import { registerSqliteHandle } from "./sqlite-row-changes.js";
import { registerPoolIdentity } from "./pool-guard.js";
import type { PostgresTimeouts } from "./postgres.js";
import { createWalSync } from "./sqlite-wal-sync.js";
import { walSyncedDialect } from "./wal-synced-dialect.js";

export const DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5_000;

export type DB = Kysely<Database>;

export type Dialect = "sqlite" | "postgres";

export interface OpenedDatabase {
  db: DB;
  dialect: Dialect;
  /** The raw SQLite handle, for online backups and PRAGMAs; absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** Connection-pool use for /metrics (PostgreSQL; SQLite has one handle and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface OpenedSqlite extends OpenedDatabase {
  dialect: "sqlite";
  sqlite: SQLite.Database;
}

/**
 * Opens what the `db` setting names: a PostgreSQL URL or a SQLite file. pg is loaded only for a
 * URL, so SQLite users (and CLI start-up) never pay for it.
 */
export interface OpenOptions {
  /**
   * SQLite only. "full" (the default): a commit is on disk before it is acknowledged, so a power
   * loss cannot undo a password change or a session revocation. "normal": commits survive a
   * crash of the process but the last ones may roll back on power loss (docs/operations.md).
   */
  synchronous?: "full" | "normal";
  /**
   * SQLite only: how long a statement keeps trying, without blocking the event loop, while
   * another connection holds the write lock (db/guarded-dialect.ts); then 503. Default 5000.
   */
  busyTimeoutMs?: number;
  /** PostgreSQL only: connect/checkout and statement timeouts (db/postgres.ts). */
  postgres?: PostgresTimeouts;
}

export async function openDatabase(target: string, options: OpenOptions = {}): Promise<OpenedDatabase> {
  if (isPostgresUrl(target)) {
    const { openPostgres } = await import("./postgres.js");
    const { db, pool, close } = openPostgres(target, { timeouts: options.postgres });
    // A pool connects lazily; try once now so a wrong URL or a stopped server is reported as
    // such at start, not as a failed migration.
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      await close();
      throw new DatabaseUnreachableError(`Cannot connect to PostgreSQL at ${displayTarget(target)}: ${(error as Error).message}`);
    }
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 });
    return { db, dialect: "postgres", poolStats, close };
  }
  return openSqlite(target, options);
}

export { isPostgresUrl };

export function openSqlite(file: string, options: OpenOptions = {}): OpenedSqlite {
  if (file !== ":memory:") createPrivateFile(file);
  const sqlite = new SQLite(file);
  // WAL lets readers run while a writer commits. "full": a commit is on disk before anyone is
  // answered, so a revocation or a password change survives a power loss; the WAL's sync runs on
  // libuv's thread pool rather than inside COMMIT on the event loop (db/sqlite-wal-sync.ts), so
  // SQLite itself runs at NORMAL. "normal": no sync per commit (a power loss may undo the last
  // ones). Reads — get-session — never sync. A file that cannot use WAL keeps SQLite's own FULL.
  const wal = sqlite.pragma("journal_mode = WAL", { simple: true }) === "wal";
  const syncOffLoop = wal && options.synchronous !== "normal";
  sqlite.pragma(`synchronous = ${syncOffLoop || options.synchronous === "normal" ? "NORMAL" : "FULL"}`);
  sqlite.pragma("foreign_keys = ON");
  // SQLite's busy handler sleeps on the main thread: it may wait only briefly per attempt; the
  // guarded dialect retries asynchronously for up to busyTimeoutMs (issue 44).
  sqlite.pragma(`busy_timeout = ${SQLITE_SYNC_BUSY_MS}`);
  sqlite.pragma("cache_size = -32000");
  const changes = createChangeCounter(sqlite);
  const guarded = guardedDialect(new SqliteDialect({ database: withStatementCache(sqlite, changes) }), {
    sqlite: { busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_SQLITE_BUSY_TIMEOUT_MS },
  });
  const dialect = syncOffLoop ? walSyncedDialect(guarded, { sqlite, writes: changes.localWrites, walSync: createWalSync(`${resolve(file)}-wal`) }) : guarded;
  const db = new Kysely<Database>({ dialect });
  registerChangeCounter(db, changes);
  registerSqliteHandle(db, sqlite);
  registerPoolIdentity(db, guarded.identity);
  return {
    db,
    dialect: "sqlite",
    sqlite,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * The database holds password hashes and the audit log: a new file is created 0600 in a folder
 * created 0700 (like the secret, backups and exports). SQLite gives its -wal and -shm files the
 * main file's mode. Existing files and folders keep the mode their owner gave them.
 */
export function createPrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (existsSync(file)) return;
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/**
 * Kysely prepares every query afresh; preparing costs as much as running a point lookup. The
 * same SQL text recurs endlessly (hot paths build identical queries), so keep prepared
 * statements by text. Safe because Kysely runs one statement at a time on this connection.
 */
const STATEMENT_CACHE_SIZE = 1000;

function withStatementCache(sqlite: SQLite.Database, changes: ChangeCounter): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = countingWrites(sqlite.prepare(sql), changes);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
