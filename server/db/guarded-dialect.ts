/**
 * Wraps a Kysely dialect at the one place every query passes (the driver's connections), so that
 * a database failing never reaches a route as a generic error (issue 44):
 *
 * - every error from acquiring a connection or running a statement goes through
 *   classifyDatabaseError (db/failures.ts): a lost connection, a timeout, a busy or full database
 *   become DatabaseUnavailableError / DatabaseFullError (503 / 507 with Retry-After);
 * - SQLite: a statement refused with SQLITE_BUSY (another process holds the write lock: a second
 *   server, an `auth` command, a `sqlite3` shell) is tried again after a pause that grows from a
 *   few milliseconds to 100 ms, for up to `busyTimeoutMs` in all. SQLite's own busy handler waits
 *   only `SQLITE_SYNC_BUSY_MS` per attempt: better-sqlite3 runs it on the main thread, and a
 *   five-second busy_timeout froze every request, /ok included, for five seconds;
 * - SQLite: transactions start with BEGIN IMMEDIATE, taking the write lock up front, so a busy
 *   database refuses the BEGIN (safe to retry) rather than a statement in the middle of a
 *   transaction whose snapshot went stale (SQLITE_BUSY_SNAPSHOT, never safe to retry alone). In
 *   this process SQLite runs one transaction at a time anyway (one connection);
 * - SQLite: the migrator runs the whole migration run in one such transaction (SQLite's DDL is
 *   transactional): two servers starting on a fresh file no longer race, the second waits and
 *   then finds everything applied;
 * - a query on this pool from inside a change whose transaction is open (which on SQLite would
 *   wait forever for the connection that transaction holds) fails at once, naming its call site
 *   (db/pool-guard.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import {
  CompiledQuery,
  SqliteAdapter,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { classifyDatabaseError, isSqliteBusy } from "./failures.js";
import { assertPoolFree, type PoolIdentity } from "./pool-guard.js";

/** What SQLite's own (blocking) busy handler may wait per attempt before an asynchronous retry. */
export const SQLITE_SYNC_BUSY_MS = 20;
const MAX_PAUSE_MS = 100;

export interface GuardOptions {
  sqlite?: {
    /** Total time a statement keeps trying while another connection holds the lock. */
    busyTimeoutMs: number;
  };
}

/** A guarded dialect and the identity its pool is known by to the change guard (registerPoolIdentity). */
export interface GuardedDialect extends Dialect {
  readonly identity: PoolIdentity;
}

export function guardedDialect(inner: Dialect, options: GuardOptions = {}): GuardedDialect {
  const identity: PoolIdentity = {};
  return {
    identity,
    createAdapter: () => (options.sqlite ? new TransactionalDdlSqliteAdapter() : inner.createAdapter()),
    createDriver: () => new GuardedDriver(inner.createDriver(), options, identity),
    createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

/** SQLite with the migration run in one transaction (see above). */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

function rethrow(error: unknown): never {
  throw classifyDatabaseError(error) ?? error;
}

class GuardedDriver implements Driver {
  readonly #inner: Driver;
  readonly #options: GuardOptions;
  readonly #identity: PoolIdentity;
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(inner: Driver, options: GuardOptions, identity: PoolIdentity) {
    this.#inner = inner;
    this.#options = options;
    this.#identity = identity;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    assertPoolFree(this.#identity);
    const connection = await this.#inner.acquireConnection().catch(rethrow);
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = this.#wrap(connection);
      this.#wrapped.set(connection, wrapped);
      this.#unwrapped.set(wrapped, connection);
    }
    return wrapped;
  }

  #wrap(connection: DatabaseConnection): DatabaseConnection {
    const busyTimeoutMs = this.#options.sqlite?.busyTimeoutMs;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        try {
          if (busyTimeoutMs === undefined) return await connection.executeQuery<R>(query);
          return await retryWhileBusy(() => connection.executeQuery<R>(query), busyTimeoutMs);
        } catch (error) {
          rethrow(error);
        }
      },
      async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
        try {
          yield* connection.streamQuery<R>(query, chunkSize);
        } catch (error) {
          rethrow(error);
        }
      },
    };
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (this.#options.sqlite) return connection.executeQuery(CompiledQuery.raw("begin immediate")).then(() => undefined);
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.rollbackTransaction(connection);
    } catch (error) {
      // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR):
      // Kysely's ROLLBACK then fails and would hide the error that matters.
      if (this.#options.sqlite && /no transaction is active/.test((error as Error).message)) return;
      throw error;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.#inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.#inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.#inner.releaseSavepoint?.(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The inner driver releases its own connection object (pg's is keyed by a private symbol).
    return this.#inner.releaseConnection(this.#unwrapped.get(connection) ?? connection);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/**
 * Runs `run` until it is not refused with SQLITE_BUSY, pausing without blocking the event loop,
 * for up to `budgetMs` in all; then the last refusal is thrown (and answered 503).
 */
export async function retryWhileBusy<T>(run: () => Promise<T>, budgetMs: number): Promise<T> {
  const started = performance.now();
  let pause = 2;
  for (;;) {
    try {
      // better-sqlite3 throws synchronously inside Kysely's non-async executeQuery: await both ways.
      return await run();
    } catch (error) {
      // SQLITE_LOCKED (a conflict inside this connection) does not clear by waiting: only BUSY is retried.
      const busy = isSqliteBusy(error) && !String((error as { code?: string }).code).startsWith("SQLITE_LOCKED");
      if (!busy || performance.now() - started + pause > budgetMs) throw error;
      await sleep(pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}
