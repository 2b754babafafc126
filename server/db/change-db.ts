/**
 * A database handle for one change and its audit events (issue 38, audit/change.ts): everything a
 * service writes through it lands in one transaction, so the change's audit row (and with it the
 * webhook deliveries) commits with the change or not at all, without each service taking a
 * transaction parameter.
 *
 * The transaction starts lazily, at the first statement that is not a SELECT: the reads a
 * service makes before it writes (finding the user, checking a permission) and whatever slow work
 * comes between (hashing a password) run outside it, as before. On SQLite a transaction holds
 * the process's one connection, so holding it only from the first write to the commit keeps
 * other requests waiting no longer than the writes themselves did. Once it started, every
 * statement (reads too) goes through it: on SQLite a read through the pool would wait for the
 * connection this transaction holds.
 *
 * A service's own `db.transaction().execute(...)` becomes a savepoint inside it (a failure rolls
 * back that part, as its own transaction did), or starts it when nothing was written before. After the change ends, the handle reads and
 * writes the pool directly again: work a service left running in the background (telling apps
 * of a logout) does not touch a finished transaction.
 *
 * While the transaction is open, the pool itself refuses queries from the change's async context
 * (`run`, db/pool-guard.ts): on SQLite such a query would wait forever for this transaction's connection.
 */
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type ControlledTransaction,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from "kysely";
import type { DB } from "./database.js";
import type { Database } from "./types.js";
import { poolIdentityOf, runHolding, type ChangeHold } from "./pool-guard.js";

export interface ChangeDb {
  /** Use in place of the pool for the change's reads and writes. */
  db: DB;
  /** Commits what was written (nothing to do if nothing was); answers whether anything was. */
  commit(): Promise<boolean>;
  rollback(): Promise<void>;
  /** Runs the change's work in a context where the pool refuses queries while the transaction is open. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function openChangeDb(pool: DB): ChangeDb {
  let starting: Promise<ControlledTransaction<Database>> | undefined;
  let ended = false;
  const identity = poolIdentityOf(pool);
  const hold: ChangeHold | undefined = identity ? { pool: identity, open: false } : undefined;

  const begin = () =>
    (starting ??= pool
      .startTransaction()
      .execute()
      .then((transaction) => {
        if (hold) hold.open = !ended;
        return transaction;
      }));
  const release = () => {
    if (hold) hold.open = false;
  };
  const run = (via: DB, query: CompiledQuery): Promise<QueryResult<unknown>> => via.getExecutor().provideConnection((connection) => connection.executeQuery(query));

  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (ended || (!starting && query.query.kind === "SelectQueryNode")) return (await run(pool, query)) as QueryResult<R>;
      return (await run(await begin(), query)) as QueryResult<R>;
    },
    // eslint-disable-next-line require-yield -- streaming is not used by services; refuse plainly
    async *streamQuery() {
      throw new Error("change-db: streaming queries are not supported inside a change");
    },
  };
  // A service's own transaction: a savepoint inside the change's. When it is the change's first
  // write, it simply starts the change's transaction (no savepoint on the sign-in path), and its
  // rollback rolls that back whole: nothing else was written yet.
  const nested: Array<"savepoint" | "started"> = [];
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {
      if (!starting) {
        nested.push("started");
        await begin();
        return;
      }
      nested.push("savepoint");
      await run(await begin(), CompiledQuery.raw(`savepoint change_${nested.length}`));
    },
    async commitTransaction() {
      const name = `change_${nested.length}`;
      if (nested.pop() === "savepoint") await run(await begin(), CompiledQuery.raw(`release savepoint ${name}`));
    },
    async rollbackTransaction() {
      const name = `change_${nested.length}`;
      if (nested.pop() === "savepoint") {
        await run(await begin(), CompiledQuery.raw(`rollback to savepoint ${name}`));
        await run(await begin(), CompiledQuery.raw(`release savepoint ${name}`));
        return;
      }
      const started = await begin();
      starting = undefined;
      release();
      await started.rollback().execute();
    },
    async releaseConnection() {},
    async destroy() {},
  };
  const adapter = pool.getExecutor().adapter;
  const postgres = adapter instanceof PostgresAdapter;
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => driver,
      createIntrospector: (kysely) => (postgres ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    plugins: [...pool.getExecutor().plugins],
  });

  return {
    db,
    run: (work) => (hold ? runHolding(hold, work) : work()),
    async commit() {
      const started = starting ? await starting : undefined;
      ended = true;
      release();
      if (!started) return false;
      await started.commit().execute();
      return true;
    },
    async rollback() {
      const started = starting ? await starting.catch(() => undefined) : undefined;
      ended = true;
      release();
      if (started) await started.rollback().execute();
    },
  };
}
