/**
 * Webhook events written in the change's own transaction (issue 38): an audit row inserted there
 * carries `fannedOut = 0` until its deliveries are queued from it (server/webhook/fan-out.ts), so a
 * crash right after the change commits still delivers. Rows written by the asynchronous audit
 * writer queue their deliveries in the same insert's transaction, so they are 1 from the start,
 * like every row before this migration. The partial index keeps the sweep for 0 rows cheap however
 * long the audit log grows.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("auditEvent")
    .addColumn("fannedOut", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("auditEvent_fannedOut_idx").on("auditEvent").column("createdAt").where(sql.ref("fannedOut"), "=", 0).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("auditEvent_fannedOut_idx").ifExists().execute();
  await db.schema.alterTable("auditEvent").dropColumn("fannedOut").execute();
}
