/**
 * Puts a backup made by `auth server backup` (or a snapshot, issue 39) in place of the SQLite
 * database (issue 26), after every check that can fail before anything is touched — no server has
 * the database open, the backup passes `PRAGMA integrity_check`, comes from this build or an older
 * one, and was sealed with the configured secret (else every two-factor user, JWT key and provider
 * token would be unreadable after the restore). The replaced files are kept as `*.before-restore`.
 * A refusal is a RestoreRefused; the CLI (`auth server restore`, `auth server snapshot restore`)
 * and the desktop's Restore run this same code and word its refusals (cli/restore.ts).
 */
import { chmodSync, copyFileSync, existsSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { compareWithBuild, MIGRATION_TABLE } from "../db/schema-version.js";
import { createPrivateFile } from "../db/database.js";
import { statusOf } from "../key-check.js";
import { COPIED_TABLES } from "./copy-database.js";
import { RestoreRefused } from "./restore-refused.js";
import { isSnapshotName, snapshotFolder, snapshotPath } from "./snapshots.js";

export const BEFORE_RESTORE = ".before-restore";
const SIDE_FILES = ["-wal", "-shm", "-journal"] as const;

export interface RestoreInput {
  from: string;
  db: string;
  /** The secret a server on `db` would use (AUTH_SECRET, the config file, or the file beside `db`); null when there is none. */
  secret: string | null;
  previousSecrets: readonly string[];
}

export interface RestoreResult {
  from: string;
  db: string;
  tables: Record<string, number>;
  total: number;
  /** The files the restore replaced, under their new names. */
  keptAs: string[];
  /** Where the backup's secret file was installed (the server reads it beside the database), when it was. */
  secretInstalled: string | null;
  integrity: "ok";
}

/** The secret file `auth server backup --with-secret` writes, and a development server reads, beside a database. */
export const secretFileBeside = (file: string) => `${file}.secret`;

export interface RestoreOptions {
  /** Asked after every check passed and before anything changes, when a database is to be replaced; rejects to stop. */
  confirmReplace?: (db: string) => Promise<void>;
}

export async function restoreDatabase(input: RestoreInput, options: RestoreOptions = {}): Promise<RestoreResult> {
  if (input.db === ":memory:") throw new RestoreRefused("NO_DATABASE");
  const from = resolve(input.from);
  const db = resolve(input.db);
  if (!existsSync(from)) throw new RestoreRefused("BACKUP_NOT_FOUND", { path: from });
  if (statSync(from).isDirectory()) throw new RestoreRefused("FROM_IS_FOLDER", { path: from });
  if (from === db) throw new RestoreRefused("SAME_FILE");

  const backup = inspectBackup(from);
  const schema = compareWithBuild(backup.migrations);
  if (schema.unknown.length) {
    throw new RestoreRefused("BACKUP_FROM_NEWER_BUILD", { migrations: schema.unknown.join(", ") });
  }

  // The secret to check: the configured one, else the one saved beside the backup (--with-secret).
  const saved = secretFileBeside(from);
  let secret = input.secret;
  let installSecret = false;
  if (!secret && existsSync(saved)) {
    secret = readFileSync(saved, "utf8").trim();
    installSecret = true;
  }
  if (backup.keyCheck !== null) {
    if (!secret) throw new RestoreRefused("SECRET_REQUIRED", { file: saved });
    if (statusOf(backup.keyCheck, secret, input.previousSecrets) === "mismatch") throw new RestoreRefused("SECRET_MISMATCH");
  }

  if (existsSync(db)) {
    if (databaseInUse(db)) throw new RestoreRefused("DATABASE_IN_USE", { path: db });
    await options.confirmReplace?.(db);
  }

  // The backup is copied beside the target first and renamed over it last: a failure half-way
  // leaves the old database where it was.
  const staging = join(dirname(db), `.${basename(db)}.restoring`);
  createPrivateFile(staging);
  copyFileSync(from, staging);
  chmodSync(staging, 0o600);
  const keptAs = existsSync(db) ? setAside(db) : [];
  renameSync(staging, db);

  let secretInstalled: string | null = null;
  if (installSecret && secret) {
    const beside = secretFileBeside(db);
    if (existsSync(beside)) keptAs.push(moveAside(beside));
    createPrivateFile(beside);
    copyFileSync(saved, beside);
    chmodSync(beside, 0o600);
    secretInstalled = beside;
  }

  const tables = countTables(db);
  return { from, db, tables, total: Object.values(tables).reduce((sum, n) => sum + n, 0), keptAs, secretInstalled, integrity: "ok" };
}

/** A snapshot saved beside `db` (server/maintenance/snapshots.ts), refused when the name is not one or nothing was saved under it. */
export function existingSnapshot(db: string, name: string): string {
  if (!isSnapshotName(name)) throw new RestoreRefused("INVALID_SNAPSHOT_NAME", { name });
  const file = snapshotPath(db, name);
  if (!existsSync(file)) throw new RestoreRefused("SNAPSHOT_NOT_FOUND", { name, folder: snapshotFolder(db) });
  return file;
}

/** A snapshot saved beside `db` back in place of it, with every check of restoreDatabase. */
export function restoreSnapshot(db: string, name: string, secret: Pick<RestoreInput, "secret" | "previousSecrets">, options: RestoreOptions = {}): Promise<RestoreResult> {
  return restoreDatabase({ from: existingSnapshot(db, name), db, ...secret }, options);
}

interface BackupFacts {
  migrations: string[];
  keyCheck: string | null;
}

/** Integrity, migrations and key-check value of the backup, read without changing it. */
export function inspectBackup(file: string): BackupFacts {
  let handle: Database.Database;
  try {
    handle = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefused("BACKUP_UNREADABLE", { path: file, reason: (error as Error).message });
  }
  try {
    let verdict: unknown;
    try {
      verdict = handle.prepare("PRAGMA integrity_check").pluck().get();
    } catch (error) {
      const message = (error as Error).message;
      if (/malformed|corrupt/i.test(message)) throw new RestoreRefused("BACKUP_CORRUPT", { path: file, reason: message });
      throw new RestoreRefused("NOT_A_DATABASE", { path: file, reason: message });
    }
    if (verdict !== "ok") throw new RestoreRefused("BACKUP_CORRUPT", { path: file, reason: String(verdict) });
    const tables = new Set(handle.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
    if (!tables.has(MIGRATION_TABLE)) throw new RestoreRefused("NOT_A_LATCHKEY_DATABASE", { path: file, table: MIGRATION_TABLE });
    const migrations = handle.prepare(`select name from "${MIGRATION_TABLE}" order by name`).pluck().all() as string[];
    const keyCheck = tables.has("keyCheck") ? ((handle.prepare(`select value from "keyCheck" where id = 'current'`).pluck().get() as string | undefined) ?? null) : null;
    return { migrations, keyCheck };
  } finally {
    handle.close();
  }
}

/**
 * A running server holds the database open in WAL mode, which keeps a shared lock on the file:
 * an exclusive lock taken without waiting then fails at once. Taken and released here, it
 * changes nothing.
 */
export function databaseInUse(file: string): boolean {
  const probe = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    probe.close();
  }
}

/**
 * The database being replaced, with its journal files, renamed to `*.before-restore`. Its WAL is
 * folded into the main file first (a checkpoint), so the kept file is whole on its own.
 */
function setAside(db: string): string[] {
  const handle = new Database(db, { fileMustExist: true });
  try {
    handle.pragma("wal_checkpoint(TRUNCATE)");
    handle.pragma("journal_mode = DELETE");
  } finally {
    handle.close();
  }
  const kept = [moveAside(db)];
  for (const suffix of SIDE_FILES) {
    if (!existsSync(db + suffix)) continue;
    // Empty leftovers carry nothing; anything else is kept beside the main file.
    if (statSync(db + suffix).size === 0) rmSync(db + suffix, { force: true });
    else kept.push(moveAside(db + suffix));
  }
  return kept;
}

function moveAside(file: string): string {
  const aside = file + BEFORE_RESTORE;
  renameSync(file, aside);
  return aside;
}

function countTables(file: string): Record<string, number> {
  const handle = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const present = new Set(handle.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
    const counts: Record<string, number> = {};
    for (const table of COPIED_TABLES) if (present.has(table)) counts[table] = Number(handle.prepare(`select count(*) from "${table}"`).pluck().get());
    return counts;
  } finally {
    handle.close();
  }
}
