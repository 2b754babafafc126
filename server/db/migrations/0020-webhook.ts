/**
 * Webhooks (issue 38, server/webhook, features/webhook): endpoints administrators register, the
 * delivery queue the audit writer fills in the same transaction as the audit rows (a transactional
 * outbox: an audit row never commits without its deliveries), and each delivery's attempts.
 *
 * The signing secrets are sealed (crypto/encrypt.ts): the sender needs them back, so a digest
 * would not do. During a rotation the previous secret is kept, sealed, until `previousUntil`.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhookEndpoint")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text")
    // JSON array of selectors: exact audit actions, prefixes ending in `*`, or `*` alone.
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secretSealed", "text", (c) => c.notNull())
    .addColumn("previousSecretSealed", "text")
    .addColumn("previousUntil", millis)
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    // Deliveries that ran out of retries in a row; reset by a success. Flagged past a threshold.
    .addColumn("failedInARow", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdBy", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhookDelivery")
    // Also the `webhook-id` header: the same on every retry, so receivers can drop duplicates.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpointId", "text", (c) => c.notNull().references("webhookEndpoint.id").onDelete("cascade"))
    .addColumn("eventType", "text", (c) => c.notNull())
    .addColumn("auditEventId", "text")
    // The body sent, as JSON: kept so an offline delivery can be read and redelivered later.
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // pending | delivered | failed
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", millis, (c) => c.notNull())
    // A sender's claim: nobody else sends this row before leaseUntil (a crashed sender's lease runs out).
    .addColumn("leaseUntil", millis)
    .addColumn("leasedBy", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhookDelivery_due_idx").on("webhookDelivery").columns(["status", "nextAttemptAt"]).execute();
  await db.schema.createIndex("webhookDelivery_endpoint_idx").on("webhookDelivery").columns(["endpointId", "createdAt"]).execute();
  await db.schema
    .createTable("webhookAttempt")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("deliveryId", "text", (c) => c.notNull().references("webhookDelivery.id").onDelete("cascade"))
    .addColumn("at", millis, (c) => c.notNull())
    .addColumn("httpStatus", "integer")
    .addColumn("durationMs", "integer", (c) => c.notNull())
    .addColumn("error", "text")
    // At most 1 KiB of the answer: enough to see why a receiver refused, never a stored dump.
    .addColumn("response", "text")
    .execute();
  await db.schema.createIndex("webhookAttempt_delivery_idx").on("webhookAttempt").columns(["deliveryId", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhookAttempt").ifExists().execute();
  await db.schema.dropTable("webhookDelivery").ifExists().execute();
  await db.schema.dropTable("webhookEndpoint").ifExists().execute();
}
