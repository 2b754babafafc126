/**
 * SQLite: which users' get-session answers this process's own writes may have changed, told
 * as each statement runs (issue 41). The mirror of PostgreSQL's change-notice triggers
 * (migrations/0017-session-change-notices.ts): an update or delete of a `session` row names its
 * user and the administrator behind an impersonation, an update or delete of a `user` row names
 * that user (except a sign-in's bookkeeping columns, below); inserts name nobody (a new row was
 * never in any cache).
 *
 * Before, any write anywhere emptied the whole answer cache; during a sign-in storm every
 * sign-in's session insert and audit row did, and every session check after it went to the
 * database, where it waited behind the sign-ins' commits. Now only the named users' answers go.
 *
 * TEMP triggers: they live on this process's connection only, are never written into the file
 * (a CLI or an older release opening it sees nothing), and fire for every statement run on the
 * connection, whatever path wrote it. Writes by other connections (the offline CLI, a `sqlite3`
 * shell, a second process) are not seen here: `PRAGMA data_version` catches those, and the
 * cache drops everything on them (core/session/answer-cache.ts).
 */
import type SQLite from "better-sqlite3";

type Listener = (userIds: readonly string[]) => void;

const FUNCTION = "latchkey_answer_rows_changed";

/**
 * A sign-in's own bookkeeping on the user row, which no get-session answer carries
 * (core/user/wire.ts `toUser`; the administrator's view has them): every sign-in writes the
 * first two, every failed one the third, and none of them may empty the signed-in person's
 * cached answers. Every other column — one added by a later migration too — names the user.
 */
const SIGN_IN_BOOKKEEPING = new Set(["lastSignInAt", "lastSignInMethod", "failedSignInCount"]);

function triggers(userColumns: readonly string[]): string[] {
  const answerColumns = userColumns.filter((column) => !SIGN_IN_BOOKKEEPING.has(column)).map((column) => `"${column.replaceAll('"', '""')}"`);
  return [
    `CREATE TEMP TRIGGER IF NOT EXISTS latchkey_answer_session_update AFTER UPDATE ON main."session" BEGIN SELECT ${FUNCTION}(OLD."userId", OLD."impersonatedBy"); END`,
    `CREATE TEMP TRIGGER IF NOT EXISTS latchkey_answer_session_delete AFTER DELETE ON main."session" BEGIN SELECT ${FUNCTION}(OLD."userId", OLD."impersonatedBy"); END`,
    `CREATE TEMP TRIGGER IF NOT EXISTS latchkey_answer_user_update AFTER UPDATE OF ${answerColumns.join(", ")} ON main."user" BEGIN SELECT ${FUNCTION}(OLD."id"); END`,
    `CREATE TEMP TRIGGER IF NOT EXISTS latchkey_answer_user_delete AFTER DELETE ON main."user" BEGIN SELECT ${FUNCTION}(OLD."id"); END`,
  ];
}

const handles = new WeakMap<object, SQLite.Database>();
const listeners = new WeakMap<SQLite.Database, Set<Listener>>();

/** Called by openSqlite: the raw handle behind a Kysely instance. */
export function registerSqliteHandle(db: object, sqlite: SQLite.Database): void {
  handles.set(db, sqlite);
}

/**
 * Calls `listener` with the users named by each of this connection's writes to `session` or
 * `user` rows, synchronously, while the statement runs. False when it cannot (not SQLite, or the
 * tables do not exist yet): then the caller must treat every write as touching everyone.
 */
export function watchAnswerRows(db: object, listener: Listener): boolean {
  const sqlite = handles.get(db);
  if (!sqlite) return false;
  let set = listeners.get(sqlite);
  if (!set) {
    const created = new Set<Listener>();
    try {
      sqlite.function(FUNCTION, { varargs: true }, (...ids: unknown[]) => {
        const users = ids.filter((id): id is string => typeof id === "string");
        for (const each of created) each(users);
        return null;
      });
      const userColumns = (sqlite.prepare(`select name from pragma_table_info('user')`).pluck().all() as string[]);
      if (userColumns.length === 0) return false; // not migrated yet
      for (const statement of triggers(userColumns)) sqlite.exec(statement);
    } catch {
      return false; // not migrated yet (no such table)
    }
    listeners.set(sqlite, (set = created));
  }
  set.add(listener);
  return true;
}
