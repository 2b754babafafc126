/**
 * PostgreSQL: a number that moves after every statement this process's pool ran that may have
 * written (anything but a SELECT, so a COMMIT too). The session answer cache uses it to serve this
 * process's own writes fresh at once: a server's next check right after its own sign-out or ban
 * must not wait for the change notice to travel back from the database (db/change-notices.ts).
 *
 * SQLite has its own, stricter counter (change-counter.ts).
 */
import type pg from "pg";

export interface LocalWrites {
  /** Moves after each possibly-writing statement completes (committed, for a COMMIT). */
  current(): number;
  /** Called after each such statement; one listener (the change listener). */
  onWrite(listener: () => void): void;
}

const registry = new WeakMap<object, LocalWrites>();

/** The writes of a Kysely instance opened by openPostgres; undefined for SQLite. */
export function localWritesOf(db: object): LocalWrites | undefined {
  return registry.get(db);
}

/** Counts the writes of every client the pool creates (each client's query is wrapped once). */
export function countPoolWrites(db: object, pool: pg.Pool): void {
  let seq = 0;
  let listener: () => void = () => {};
  const noted = () => {
    seq++;
    listener();
  };
  registry.set(db, {
    current: () => seq,
    onWrite(next) {
      listener = next;
    },
  });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const text = args[0];
      // Kysely writes "select …" in lower case; anything else (insert, update, delete, commit,
      // a raw statement) may write. Noted when it settles, so a COMMIT is noted once committed.
      if (typeof text === "string" && !text.startsWith("select") && result instanceof Promise) result.then(noted, noted);
      return result;
    };
  });
}
