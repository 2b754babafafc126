/**
 * Kysely's SQLite driver with the commit's disk sync moved off the event loop (issue 41 item 2;
 * the sync itself and why: db/sqlite-wal-sync.ts). It wraps the guarded dialect, at the driver's
 * connection, the one place every query passes:
 *
 * - it notices each commit that wrote: a statement after which the connection is out of a
 *   transaction (COMMIT, or a write in autocommit mode) while this connection's write count
 *   moved since the transaction began. A ROLLBACK, a failed statement and a read-only
 *   transaction commit nothing and owe no sync;
 * - a COMMIT that owes a sync hands SQLite's one connection on at once, then waits for the sync
 *   before it returns: the caller's transaction settles only once its commit is on disk, while
 *   the next transaction already runs (and one sync covers both). Kysely releases a controlled
 *   transaction's connection (`startTransaction`, used by every audited change) without awaiting
 *   the release, so the wait must be in the commit itself;
 * - every other use of the connection — an autocommit write, a read — settles (Kysely awaits
 *   `releaseConnection` before the query's promise) only once every commit its statements could
 *   have seen is on disk: no answer, not even a read's ("taken", an admin's list), reports what a
 *   power cut could undo. When nothing is owed (the usual case) this costs nothing.
 *
 * Each acquisition is a lease of its own: after a commit handed the connection on early, the
 * lease's later release must not unlock the next holder's turn, and a statement run on it after
 * the commit (inside `db.connection()`; nothing does that today) takes the connection back first.
 */
import type SQLite from "better-sqlite3";
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, QueryCompiler, QueryResult, TransactionSettings } from "kysely";
import type { WalSync } from "./sqlite-wal-sync.js";

export interface WalSyncedOptions {
  sqlite: SQLite.Database;
  /** This connection's write count (db/change-counter.ts `localWrites`). */
  writes(): number;
  walSync: WalSync;
}

export function walSyncedDialect(inner: Dialect, options: WalSyncedOptions): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new WalSyncedDriver(inner.createDriver(), options),
    createIntrospector: (db: Kysely<unknown>) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

const ROLLBACK = /^\s*rollback\s*(?:transaction\s*)?;?\s*$/i;

/** One acquisition of the connection. */
class Lease implements DatabaseConnection {
  /** Whether this lease holds the inner driver's connection now. */
  held = true;
  /** Commits noted when this lease's last statement ran: what it could have seen. */
  seen = 0;

  constructor(
    readonly driver: WalSyncedDriver,
    public inner: DatabaseConnection,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.held) await this.driver.retake(this);
    const state = this.driver.before();
    // better-sqlite3 throws synchronously inside Kysely's non-async executeQuery: await both ways.
    const result = await this.inner.executeQuery<R>(query);
    this.driver.after(this, query.sql, state);
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!this.held) await this.driver.retake(this);
    const state = this.driver.before();
    yield* this.inner.streamQuery<R>(query, chunkSize);
    this.driver.after(this, query.sql, state);
  }
}

interface Before {
  wasInTransaction: boolean;
  writesBefore: number;
}

class WalSyncedDriver implements Driver {
  readonly #inner: Driver;
  readonly #options: WalSyncedOptions;
  /** The write count when the open transaction began. */
  #writesAtBegin = 0;

  constructor(inner: Driver, options: WalSyncedOptions) {
    this.#inner = inner;
    this.#options = options;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this, await this.#inner.acquireConnection());
  }

  async retake(lease: Lease): Promise<void> {
    lease.inner = await this.#inner.acquireConnection();
    lease.held = true;
  }

  /** Where the connection stood before a statement: compared after it by `after`. */
  before(): Before {
    const wasInTransaction = this.#options.sqlite.inTransaction;
    return { wasInTransaction, writesBefore: wasInTransaction ? this.#writesAtBegin : this.#options.writes() };
  }

  /** After a statement that succeeded (one that throws commits nothing): note its commit, if it made one. */
  after(lease: Lease, sql: string, { wasInTransaction, writesBefore }: Before): void {
    const { sqlite, writes, walSync } = this.#options;
    if (sqlite.inTransaction) {
      if (!wasInTransaction) this.#writesAtBegin = writesBefore;
    } else if (writes() !== writesBefore && !ROLLBACK.test(sql)) {
      walSync.noteCommit();
    }
    lease.seen = walSync.noted();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#inner.commitTransaction(connection);
    const lease = connection as Lease;
    const owed = this.#options.walSync.durable(lease.seen);
    if (!owed) return;
    // Hand the connection on, then wait: the next transaction runs during this sync.
    await this.#releaseInner(lease);
    await owed;
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
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

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.#releaseInner(lease);
    const owed = this.#options.walSync.durable(lease.seen);
    if (owed) await owed;
  }

  async #releaseInner(lease: Lease): Promise<void> {
    if (!lease.held) return;
    lease.held = false;
    await this.#inner.releaseConnection(lease.inner);
  }

  async destroy(): Promise<void> {
    await this.#options.walSync.close();
    await this.#inner.destroy();
  }
}
