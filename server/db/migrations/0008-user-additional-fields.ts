/**
 * Values of the configured `user.additionalFields` (better-auth's option), as one JSON text
 * object per user. The fields are configuration, not schema: a JSON column lets an operator add
 * or drop one without a migration, and TEXT holds JSON identically on SQLite and PostgreSQL
 * (no dialect-specific JSON type, no ALTER TABLE per field). NULL: no values stored.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("additionalFields", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("additionalFields").execute();
}
