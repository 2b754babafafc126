/**
 * `auth server backup`: SQLite's online backup API copies the database page by page from a
 * separate connection, restarting a step when the running server writes, so the copy is a
 * consistent snapshot even under load. The copy is checked and given mode 0600.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { CliError, EXIT } from "./exit-codes.js";
import { confirm } from "./prompt.js";
import { messages, say, text } from "./i18n/index.js";
import { SECRET_MISMATCH_SENTENCE, statusOf } from "../server/key-check.js";

export interface BackupResult {
  db: string;
  out: string;
  pages: number;
  bytes: number;
  durationMs: number;
  integrity: "ok";
  /** Always true: sealed values (TOTP seeds, JWT keys, provider tokens) open only with the server secret they were sealed with. */
  secretNeeded: true;
  /** Where --with-secret wrote the secret (mode 0600), else null. */
  secretFile: string | null;
}

export async function backupDatabase(source: string, out: string, flags: { yes?: boolean; input?: boolean }): Promise<BackupResult> {
  if (source === ":memory:") throw new CliError(text("backup", "inMemoryBackup"), EXIT.USAGE, "NO_DATABASE");
  const from = resolve(source);
  const to = resolve(out);
  if (!existsSync(from)) throw new CliError(text("backup", "noDatabase", { path: from }), EXIT.NOT_FOUND, "DATABASE_NOT_FOUND");
  if (from === to) throw new CliError(text("backup", "outSameAsDb"), EXIT.USAGE, "SAME_FILE");
  if (existsSync(to)) {
    if (statSync(to).isDirectory()) throw new CliError(text("backup", "outIsFolder", { path: to, example: resolve(to, "latchkey.db") }), EXIT.USAGE, "OUT_IS_FOLDER");
    await confirm(flags, say("confirm", "replaceFile", { file: to }));
    removeCopy(to);
  }
  // A missing folder (./backups/ on the first run) is created private, like the copy itself.
  const folder = dirname(to);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // The copy holds password hashes: it exists with mode 0600 before the first page is written.
    closeSync(openSync(to, "wx", 0o600));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "EACCES" || code === "EPERM" ? messages().files.EACCES : code === "ENOTDIR" || code === "EEXIST" ? text("backup", "fileInTheWay") : (error as Error).message;
    throw new CliError(text("backup", "cannotWrite", { path: to, reason }), EXIT.USAGE, "OUT_NOT_WRITABLE");
  }
  const started = performance.now();
  let db: Database.Database;
  try {
    db = new Database(from, { fileMustExist: true });
  } catch (error) {
    removeCopy(to);
    throw new CliError(text("backup", "cannotOpenDb", { path: from, reason: (error as Error).message }), EXIT.USAGE, "DATABASE_UNREADABLE");
  }
  let pages = 0;
  try {
    const outcome = await db.backup(to, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return 256; // pages per step: small steps keep the server's writers waiting only briefly
      },
    });
    pages = outcome.totalPages;
  } catch (error) {
    removeCopy(to);
    const message = (error as Error).message;
    if (/not a database|file is encrypted|malformed/i.test(message)) throw new CliError(text("backup", "notSqlite", { path: from, reason: message }), EXIT.USAGE, "NOT_A_DATABASE");
    throw error;
  } finally {
    db.close();
  }
  chmodSync(to, 0o600);
  // The copy is a single file: rollback journal mode, so opening it for the check (read-write:
  // a read-only WAL connection could not remove them) leaves no -wal or -shm behind.
  const check = new Database(to, { fileMustExist: true });
  try {
    check.pragma("journal_mode = DELETE");
    const row = check.prepare("PRAGMA integrity_check").pluck().get();
    if (row !== "ok") throw new CliError(text("backup", "copyCorrupt", { path: to, reason: String(row) }), EXIT.FAILURE, "BACKUP_CORRUPT");
  } finally {
    check.close();
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) if (existsSync(to + suffix) && statSync(to + suffix).size === 0) rmSync(to + suffix, { force: true });
  return { db: from, out: to, pages, bytes: statSync(to).size, durationMs: Math.round(performance.now() - started), integrity: "ok", secretNeeded: true, secretFile: null };
}

/** The copy and any journal files SQLite left beside it. */
function removeCopy(to: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(to + suffix, { force: true });
}

/**
 * `--with-secret`: the secret written beside the backup as `<backup>.secret` — the name a server
 * reads beside its database and `auth server restore` looks for — mode 0600 from its creation.
 * Checked against the copy's key-check value first: a secret that does not open it is worse
 * than none.
 */
export function writeSecretBeside(backup: string, secret: string, previousSecrets: readonly string[]): string {
  const check = new Database(backup, { readonly: true, fileMustExist: true });
  let stored: string | null = null;
  try {
    const hasTable = check.prepare("select 1 from sqlite_master where type = 'table' and name = 'keyCheck'").get() !== undefined;
    if (hasTable) stored = (check.prepare("select value from keyCheck where id = 'current'").pluck().get() as string | undefined) ?? null;
  } finally {
    check.close();
  }
  if (statusOf(stored, secret, previousSecrets) === "mismatch") throw new CliError(SECRET_MISMATCH_SENTENCE, EXIT.SECRET_MISMATCH, "SECRET_MISMATCH");
  const file = `${backup}.secret`;
  rmSync(file, { force: true });
  writeFileSync(file, secret + "\n", { mode: 0o600, flag: "wx" });
  return file;
}
