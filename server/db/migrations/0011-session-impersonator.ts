/**
 * Sessions by the administrator who opened them (`impersonatedBy`): banning, demoting or
 * deleting an administrator ends their impersonations in one indexed delete (issue 27) instead of
 * a scan of every session. Most rows hold NULL there; both dialects index it all the same.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("session_impersonatedBy_idx").on("session").column("impersonatedBy").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("session_impersonatedBy_idx").ifExists().execute();
}
