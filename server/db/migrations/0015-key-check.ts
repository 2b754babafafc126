/**
 * The database knows which secret sealed it (issue 26): one row holding an HMAC of a fixed label
 * under a key derived from the server secret (server/key-check.ts) — never the secret itself. A
 * server, `migrate` or `check-config` given another secret then refuses at once instead of
 * starting and locking every two-factor user out.
 *
 * The row is written at the first start that has a secret (a migration has none), so the table
 * starts empty.
 */
import type { Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("keyCheck")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("keyCheck").execute();
}
