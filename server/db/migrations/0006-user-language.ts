/**
 * A user's preferred language: a BCP 47 tag from shared/languages.ts ("pl"), or NULL when they
 * never chose one (then each request's Accept-Language, then the server default decides).
 * Plain text, no CHECK constraint: the set of languages grows without a migration, and the
 * service layer validates every write against the enumeration.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("language", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("language").execute();
}
