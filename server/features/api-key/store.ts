/** apikey queries. Keys are found by the digest of the presented key (unique index), never by the key. */
import type { DB } from "../../db/database.js";
import type { ApikeyRow, ApikeyTable } from "../../db/types.js";
import type { Updateable } from "kysely";

export async function insertApiKey(db: DB, row: ApikeyRow): Promise<void> {
  await db.insertInto("apikey").values(row).execute();
}

export async function findApiKeyById(db: DB, id: string): Promise<ApikeyRow | undefined> {
  return db.selectFrom("apikey").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findApiKeyByHash(db: DB, hash: string): Promise<ApikeyRow | undefined> {
  return db.selectFrom("apikey").selectAll().where("key", "=", hash).executeTakeFirst();
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  sortBy?: "createdAt" | "name" | "expiresAt" | "lastRequest";
  sortDirection?: "asc" | "desc";
}

export async function listApiKeysOf(db: DB, userId: string, options: ListOptions = {}): Promise<{ rows: ApikeyRow[]; total: number }> {
  const direction = options.sortDirection ?? "desc";
  let query = db
    .selectFrom("apikey")
    .selectAll()
    .where("referenceId", "=", userId)
    .orderBy(options.sortBy ?? "createdAt", direction)
    .orderBy("id", direction);
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset).$if(options.limit === undefined, (q) => q.limit(1_000_000));
  const [rows, count] = await Promise.all([
    query.execute(),
    db.selectFrom("apikey").select((eb) => eb.fn.countAll<number>().as("n")).where("referenceId", "=", userId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function updateApiKey(db: DB, id: string, values: Updateable<ApikeyTable>): Promise<ApikeyRow | undefined> {
  return db.updateTable("apikey").set(values).where("id", "=", id).returningAll().executeTakeFirst();
}

/**
 * Writes a key's usage counters only if they still hold the values read (optimistic concurrency):
 * two requests racing for the last use or the last rate-limit slot cannot both win, on either dialect.
 */
export async function claimUsage(
  db: DB,
  seen: Pick<ApikeyRow, "id" | "requestCount" | "remaining">,
  values: Updateable<ApikeyTable>,
): Promise<ApikeyRow | undefined> {
  return db
    .updateTable("apikey")
    .set(values)
    .where("id", "=", seen.id)
    .where("requestCount", "=", seen.requestCount)
    .where((eb) => (seen.remaining === null ? eb("remaining", "is", null) : eb("remaining", "=", seen.remaining)))
    .returningAll()
    .executeTakeFirst();
}

export async function deleteApiKey(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("apikey").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The sweep: keys past their expiry (they are also deleted on sight when presented). */
export async function deleteExpiredApiKeys(db: DB, now: number): Promise<number> {
  const result = await db.deleteFrom("apikey").where("expiresAt", "is not", null).where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
