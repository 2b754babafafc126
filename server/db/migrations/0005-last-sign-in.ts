/**
 * When and how each user last signed in (shown to administrators only), and the index that keeps
 * `list-users?sortBy=lastSignInAt` an index walk over 100,000 users on both dialects.
 *
 * The admin user list orders nullable sort fields as SQLite does (NULLs first ascending, last
 * descending). PostgreSQL's default index order is NULLS LAST, which cannot serve that ORDER BY,
 * so on PostgreSQL the index spells `NULLS FIRST` (a backward scan gives `DESC NULLS LAST`).
 * SQLite's CREATE INDEX has no NULLS clause and needs none.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("lastSignInAt", millis).execute();
  await db.schema.alterTable("user").addColumn("lastSignInMethod", "text").execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const index = db.schema.createIndex("user_lastSignInAt_id_idx").on("user");
  await (postgres ? index.expression(sql`"lastSignInAt" asc nulls first, "id" asc`) : index.columns(["lastSignInAt", "id"])).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_lastSignInAt_id_idx").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("lastSignInMethod").execute();
  await db.schema.alterTable("user").dropColumn("lastSignInAt").execute();
}
