/**
 * Settings an administrator changes while the server runs (issue 33, features/settings): one row
 * per changed setting, its value as JSON. A setting without a row takes the configuration's value
 * (file, environment, flags, defaults), and one the configuration names explicitly ignores its row.
 *
 * PostgreSQL: every committed change tells every server through the change notices
 * (db/change-notices.ts) with the payload `s`, so each reloads the settings without a restart; a
 * trigger rather than a call beside the write, so `psql`, a restore or the offline CLI are heard too.
 * Servers that predate this payload read it as "anything may have changed", which is safe.
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";
import { millis } from "./column-types.js";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("runtimeSetting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updatedAt", millis, (c) => c.notNull())
    // The administrator who set it (no foreign key: the audit log keeps who it was after a removal).
    .addColumn("updatedBy", "text")
    .execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION latchkey_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('latchkey_session', 's');
  RETURN NULL;
END
$fn$`,
    )
    .execute(db);
  await sql.raw(`CREATE TRIGGER latchkey_settings_change AFTER INSERT OR UPDATE OR DELETE ON "runtimeSetting" FOR EACH STATEMENT EXECUTE FUNCTION latchkey_settings_changed()`).execute(db);
  await sql.raw(`CREATE TRIGGER latchkey_settings_truncate AFTER TRUNCATE ON "runtimeSetting" FOR EACH STATEMENT EXECUTE FUNCTION latchkey_settings_changed()`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("runtimeSetting").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw(`DROP FUNCTION IF EXISTS latchkey_settings_changed()`).execute(db);
}
