/** jwks queries. */
import type { DB } from "../../db/database.js";
import type { JwksRow } from "../../db/types.js";

export async function insertJwk(db: DB, row: JwksRow): Promise<void> {
  await db.insertInto("jwks").values(row).execute();
}

/** The newest key of an algorithm (ties broken by id so every server picks the same one). */
export async function latestJwk(db: DB, alg: string): Promise<JwksRow | undefined> {
  return db.selectFrom("jwks").selectAll().where("alg", "=", alg).orderBy("createdAt", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** Keys still served: not retired, or retired less than `graceMs` ago. */
export async function servedJwks(db: DB, now: number, graceMs: number): Promise<JwksRow[]> {
  return db
    .selectFrom("jwks")
    .selectAll()
    .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now - graceMs)]))
    .orderBy("createdAt", "desc")
    .execute();
}

/** Marks a key as replaced at `now`: it signs nothing more and leaves /jwks after the grace period. */
export async function retireJwk(db: DB, id: string, now: number): Promise<void> {
  await db.updateTable("jwks").set({ expiresAt: now }).where("id", "=", id).where("expiresAt", "is", null).execute();
}
