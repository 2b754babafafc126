/**
 * Member pages: (organizationId, createdAt, id) covers the page-of-ids subquery, so skipping to a
 * deep offset walks index entries only, and `id` breaks ties between members who joined in the
 * same millisecond (stable pages). It supersedes the (organizationId, createdAt) index.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("member_organizationId_createdAt_id_idx").on("member").columns(["organizationId", "createdAt", "id"]).execute();
  await db.schema.dropIndex("member_organizationId_createdAt_idx").ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("member_organizationId_createdAt_idx").on("member").columns(["organizationId", "createdAt"]).execute();
  await db.schema.dropIndex("member_organizationId_createdAt_id_idx").ifExists().execute();
}
