/**
 * The outbox keeps mail sealed and only while its link works (issue 19): subject, text, HTML,
 * link and token move into one `sealed` column (AES-256-GCM under the server secret, see
 * mail/outbox.ts), and `expiresAt` says when the sweep deletes the row.
 *
 * Existing rows are dropped, not sealed: a migration runs with the database alone (`auth server
 * migrate`, `auth mail list`) and has no server secret to seal with, and those rows hold links in
 * clear — exactly what this migration removes. They are short-lived by nature (one-hour reset and
 * verification links, two-day invitations); whoever still needs one asks for the mail again. The
 * invitations themselves stay in the `invitation` table and can be re-sent.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("sealed", "text", (c) => c.notNull())
    .addColumn("expiresAt", millis, (c) => c.notNull())
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_to_createdAt_idx").on("outbox").columns(["to", "createdAt"]).execute();
  await db.schema.createIndex("outbox_createdAt_idx").on("outbox").column("createdAt").execute();
  await db.schema.createIndex("outbox_expiresAt_idx").on("outbox").column("expiresAt").execute();
}

/** Back to 0001's clear columns, empty: sealed rows cannot be opened without the secret here. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("token", "text")
    .addColumn("createdAt", millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_to_createdAt_idx").on("outbox").columns(["to", "createdAt"]).execute();
  await db.schema.createIndex("outbox_createdAt_idx").on("outbox").column("createdAt").execute();
}
