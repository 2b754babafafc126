/**
 * PostgreSQL only (issue 24): every committed change to a session or user row tells every
 * server which users' session answers it may have changed, through `NOTIFY latchkey_session`
 * (db/change-notices.ts listens; core/session/notified-answer-cache.ts drops the answers).
 *
 * Triggers rather than a pg_notify call beside each write: no write path — a feature added
 * later, a CLI command, a restore, a hand-written UPDATE in psql — can forget them, and NOTIFY is
 * transactional, so the notice is delivered when (and only if) the change commits, in commit order.
 *
 * Payloads: `u:<id>,<id>,…` names the users whose answers may have changed (a session's user and
 * the administrator behind an impersonation session; a user row's id, which covers the sessions
 * that user impersonates as well). A statement touching more than 100 users, or a TRUNCATE, sends
 * `*` (drop everything): one notice per statement, never one per row, and always under
 * PostgreSQL's 8,000-byte payload limit (ids are at most 40 characters).
 * Inserts need no notice: a new session or user was never in any cache.
 *
 * SQLite needs none of this: its one process sees every write through its change counter
 * (db/change-counter.ts).
 */
import { PostgresAdapter, sql, type Kysely } from "kysely";

const CHANNEL = "latchkey_session";

/** One trigger function per table and event kind: transition tables need one event per trigger. */
function noticeFunction(name: string, ids: string): string {
  return `
CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  affected text[];
BEGIN
  SELECT array_agg(DISTINCT id) INTO affected FROM (${ids}) AS touched WHERE id IS NOT NULL;
  IF affected IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(affected) > 100 THEN
    PERFORM pg_notify('${CHANNEL}', '*');
  ELSE
    PERFORM pg_notify('${CHANNEL}', 'u:' || array_to_string(affected, ','));
  END IF;
  RETURN NULL;
END
$fn$`;
}

const STATEMENTS = [
  noticeFunction("latchkey_session_changed", `SELECT "userId" AS id FROM changed_rows UNION ALL SELECT "impersonatedBy" FROM changed_rows`),
  noticeFunction("latchkey_user_changed", `SELECT id FROM changed_rows`),
  `CREATE OR REPLACE FUNCTION latchkey_everything_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('${CHANNEL}', '*');
  RETURN NULL;
END
$fn$`,
  // An update notices the old rows: a session moved to another user (never done) would still be
  // dropped for its old owner, whose answer it was.
  `CREATE TRIGGER latchkey_session_update AFTER UPDATE ON "session" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION latchkey_session_changed()`,
  `CREATE TRIGGER latchkey_session_delete AFTER DELETE ON "session" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION latchkey_session_changed()`,
  `CREATE TRIGGER latchkey_session_truncate AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION latchkey_everything_changed()`,
  `CREATE TRIGGER latchkey_user_update AFTER UPDATE ON "user" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION latchkey_user_changed()`,
  `CREATE TRIGGER latchkey_user_delete AFTER DELETE ON "user" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION latchkey_user_changed()`,
  `CREATE TRIGGER latchkey_user_truncate AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION latchkey_everything_changed()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of ["session", "user"]) {
    for (const event of ["update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER IF EXISTS latchkey_${table}_${event} ON "${table}"`).execute(db);
  }
  for (const fn of ["latchkey_session_changed", "latchkey_user_changed", "latchkey_everything_changed"]) await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
}
