/** The audit log: one row per security event, paged newest-first by `seq`. */
import { PostgresAdapter, type Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  // An auto-numbered key is spelled differently per dialect; this is the one place that knows.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("auditEvent")
    .addColumn("seq", postgres ? "bigserial" : "integer", (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actorId", "text")
    .addColumn("targetId", "text")
    .addColumn("targetType", "text")
    .addColumn("organizationId", "text")
    .addColumn("reason", "text")
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("metadata", "text")
    .addColumn("success", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auditEvent_createdAt_idx").on("auditEvent").column("createdAt").execute();
  await db.schema.createIndex("auditEvent_actorId_seq_idx").on("auditEvent").columns(["actorId", "seq"]).execute();
  await db.schema.createIndex("auditEvent_targetId_seq_idx").on("auditEvent").columns(["targetId", "seq"]).execute();
  await db.schema.createIndex("auditEvent_action_seq_idx").on("auditEvent").columns(["action", "seq"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auditEvent").ifExists().execute();
}
