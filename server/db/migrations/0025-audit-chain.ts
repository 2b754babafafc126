/**
 * The tamper-evident audit log (issue 38 item 5). The sealing sweep (server/audit/chain.ts), not
 * the writer, fills `chainIndex` (the row's position in the one chain of this database) and
 * `chainHash` = SHA-256(previous chainHash || canonical JSON of the row), so a sign-in's insert
 * costs nothing more. `auditChain` holds one row: the chain's head (what the sealer last wrote,
 * so deleting the newest rows shows) and the checkpoint (the last row retention pruned, so
 * verification still starts from a known hash). The partial index keeps finding unsealed rows
 * cheap however long the log grows.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auditEvent").addColumn("chainIndex", "bigint").execute();
  await db.schema.alterTable("auditEvent").addColumn("chainHash", "text").execute();
  await db.schema.createIndex("auditEvent_unsealed_idx").on("auditEvent").column("seq").where(sql.ref("chainHash"), "is", null).execute();
  await db.schema.createIndex("auditEvent_chainIndex_idx").on("auditEvent").column("chainIndex").execute();
  await db.schema
    .createTable("auditChain")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("headIndex", "bigint", (c) => c.notNull())
    .addColumn("headHash", "text", (c) => c.notNull())
    .addColumn("checkpointIndex", "bigint", (c) => c.notNull())
    .addColumn("checkpointSeq", "bigint", (c) => c.notNull())
    .addColumn("checkpointHash", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auditChain").ifExists().execute();
  await db.schema.dropIndex("auditEvent_chainIndex_idx").ifExists().execute();
  await db.schema.dropIndex("auditEvent_unsealed_idx").ifExists().execute();
  await db.schema.alterTable("auditEvent").dropColumn("chainHash").execute();
  await db.schema.alterTable("auditEvent").dropColumn("chainIndex").execute();
}
