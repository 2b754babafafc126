/**
 * A number that moves whenever the SQLite database may have changed: every writing statement run
 * through this process's connection bumps it, and `PRAGMA data_version` (which SQLite changes when
 * another connection — the offline CLI, a second process — commits to the same file) is folded in
 * on every read. Caches of database answers (features/session/answer-cache.ts) keep an entry only
 * while the number they saw is still current, so no write can leave a stale answer behind.
 *
 * PostgreSQL has no such number for other servers' writes: there the cache is emptied by the
 * change notices the database pushes (change-notices.ts).
 */
import type SQLite from "better-sqlite3";
import type { SqliteStatement } from "kysely";

export interface ChangeCounter {
  /** The current change number; reading it costs one tiny PRAGMA (≈1 µs). */
  current(): number;
  /** Called around every statement that may write (statements SQLite does not call read-only). */
  noteWrite(): void;
  /** `PRAGMA data_version` alone: moves only when another connection committed. */
  foreign(): number;
  /** How many writing statements this connection has run: moves on its own writes only, costs nothing. */
  localWrites(): number;
}

export function createChangeCounter(sqlite: SQLite.Database): ChangeCounter {
  const dataVersion = sqlite.prepare("PRAGMA data_version").pluck();
  let local = 0;
  let writes = 0;
  let lastSeen = dataVersion.get() as number;
  return {
    current() {
      const seen = dataVersion.get() as number;
      if (seen !== lastSeen) {
        lastSeen = seen;
        local++;
      }
      return local;
    },
    noteWrite() {
      local++;
      writes++;
    },
    foreign: () => dataVersion.get() as number,
    localWrites: () => writes,
  };
}

const counters = new WeakMap<object, ChangeCounter>();

/** The counter of a Kysely instance opened by openSqlite; undefined for PostgreSQL. */
export function changeCounterOf(db: object): ChangeCounter | undefined {
  return counters.get(db);
}

export function registerChangeCounter(db: object, counter: ChangeCounter): void {
  counters.set(db, counter);
}

/**
 * A prepared statement that tells the counter before and after it writes, in the shape Kysely's
 * SQLite driver drives (`reader`, `all`, `run`, `iterate`). Read-only statements go back untouched.
 */
export function countingWrites(statement: SQLite.Statement, counter: ChangeCounter): SqliteStatement {
  // SQLite does not call BEGIN IMMEDIATE read-only, but it changes nothing: the writes inside
  // the transaction are counted one by one (and a read-only transaction leaves caches alone).
  if (statement.readonly || /^\s*begin\b/i.test(statement.source)) return statement as unknown as SqliteStatement;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => R) =>
    (...args: A): R => {
      counter.noteWrite();
      try {
        return run(...args);
      } finally {
        counter.noteWrite();
      }
    };
  return {
    reader: statement.reader,
    all: counted((parameters: readonly unknown[]) => statement.all(parameters)),
    run: counted((parameters: readonly unknown[]) => statement.run(parameters)),
    iterate: counted((parameters: readonly unknown[]) => statement.iterate(parameters)),
  } as unknown as SqliteStatement;
}
