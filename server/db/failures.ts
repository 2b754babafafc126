/**
 * Database failures that say "try again later" rather than "this request is wrong" or "a bug":
 * a lost or refused connection, a timeout, a busy SQLite file, a full disk. The guarded dialect
 * (db/guarded-dialect.ts) turns them into these two errors at the one place every query passes,
 * and the HTTP error handler answers them as `503 DATABASE_UNAVAILABLE` or `507 DATABASE_FULL`
 * with `Retry-After`, so clients and proxies can retry instead of reporting a bug (issue 44).
 */

/** The database cannot answer now (connection lost, refused or timed out; SQLite busy). */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
  constructor(
    message: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The database's disk (or SQLite's size limit) is full: reads still work, writes fail. */
export class DatabaseFullError extends Error {
  override readonly name = "DatabaseFullError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** SQLite: another connection (a second server, the CLI, a `sqlite3` shell) holds the lock. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/** Node socket errors that mean the database's connection is gone or never came. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/** node-postgres's own messages for a lost, refused or timed-out connection or query. */
const PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Connection terminated due to connection timeout",
  "database pool is full",
];

/**
 * The typed failure for `error` (its message kept: logs and start-up errors name the cause), or undefined when it is something else (a constraint violation,
 * a bug) that must keep its own handling.
 */
export function classifyDatabaseError(error: unknown): DatabaseUnavailableError | DatabaseFullError | undefined {
  if (error instanceof DatabaseUnavailableError || error instanceof DatabaseFullError) return error;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // better-sqlite3
    if (code === "SQLITE_FULL") return new DatabaseFullError(error.message, { cause: error });
    if (isSqliteBusy(error)) return new DatabaseUnavailableError(error.message, "busy", { cause: error });
    if (code.startsWith("SQLITE_IOERR")) return new DatabaseUnavailableError(error.message, code, { cause: error });
    // PostgreSQL SQLSTATE: 53100 disk_full; 08 connection exception; 57P01–57P03 shutdown or
    // starting; 53300 too many connections; 53200 out of memory; 57014 statement timeout;
    // 55P03 lock timeout; 40001/40P01 serialization failure or deadlock (the whole request may run again).
    if (code === "53100") return new DatabaseFullError(error.message, { cause: error });
    if (/^08/.test(code) || /^57P0[123]$/.test(code) || ["53300", "53200", "57014", "55P03", "40001", "40P01"].includes(code)) {
      return new DatabaseUnavailableError(error.message, `postgres ${code}`, { cause: error });
    }
    if (SOCKET_CODES.has(code)) return new DatabaseUnavailableError(error.message, code, { cause: error });
  }
  if (PG_MESSAGES.some((message) => error.message.startsWith(message))) {
    return new DatabaseUnavailableError(error.message, "connection", { cause: error });
  }
  return undefined;
}
