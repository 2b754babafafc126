/**
 * Row locks for check-then-write transactions ("at most N members", "never the last owner").
 * SQLite runs one transaction at a time on our single connection, so such checks are already
 * serial there and SQLite has no `FOR UPDATE`. PostgreSQL runs transactions concurrently at READ
 * COMMITTED: two "am I the last owner?" checks can both pass unless they first lock a row they
 * share. Locking the parent row (the organization, the user) makes the second wait for the first
 * to commit; its later statements then see the first's writes.
 */
import { PostgresAdapter, type SelectQueryBuilder } from "kysely";
import type { DB } from "./database.js";

/**
 * Adds `FOR NO KEY UPDATE` on PostgreSQL (leaves the query unchanged on SQLite): it excludes
 * other lockers and writers of the row but, unlike `FOR UPDATE`, not inserts of rows whose
 * foreign key points at it: a user locked for the organization limit can still sign in (a new
 * session row references the user).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select query, of any table
export function lockingRows<Q extends SelectQueryBuilder<any, any, any>>(db: DB, query: Q): Q {
  return db.getExecutor().adapter instanceof PostgresAdapter ? (query.forNoKeyUpdate() as Q) : query;
}
