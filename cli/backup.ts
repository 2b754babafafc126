/**
 * `auth server backup`: SQLite's online backup API copies the database page by page from a
 * separate connection, restarting a step when the running server writes, so the copy is a
 * consistent snapshot even under load. The copy is checked and given mode 0600.
 */
import { chmodSync, existsSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import Database from "better-sqlite3";
import { CliError, EXIT } from "./exit-codes.js";
import { confirm } from "./prompt.js";

export interface BackupResult {
  db: string;
  out: string;
  pages: number;
  bytes: number;
  durationMs: number;
  integrity: "ok";
}

export async function backupDatabase(source: string, out: string, flags: { yes?: boolean; input?: boolean }): Promise<BackupResult> {
  if (source === ":memory:") throw new CliError("An in-memory database cannot be backed up; pass --db FILE.", EXIT.USAGE, "NO_DATABASE");
  const from = resolve(source);
  const to = resolve(out);
  if (!existsSync(from)) throw new CliError(`No database at ${from}; pass --db or set AUTH_DB.`, EXIT.NOT_FOUND, "DATABASE_NOT_FOUND");
  if (from === to) throw new CliError("--out must differ from --db.", EXIT.USAGE, "SAME_FILE");
  if (existsSync(to)) {
    await confirm(flags, `${to} exists. Replace it?`);
    rmSync(to, { force: true });
  }
  const started = performance.now();
  const db = new Database(from, { fileMustExist: true });
  let pages = 0;
  try {
    const outcome = await db.backup(to, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return 256; // pages per step: small steps keep the server's writers waiting only briefly
      },
    });
    pages = outcome.totalPages;
  } finally {
    db.close();
  }
  chmodSync(to, 0o600);
  const check = new Database(to, { readonly: true, fileMustExist: true });
  try {
    const row = check.prepare("PRAGMA integrity_check").pluck().get();
    if (row !== "ok") throw new CliError(`The copy at ${to} failed its integrity check: ${String(row)}`, EXIT.FAILURE, "BACKUP_CORRUPT");
  } finally {
    check.close();
  }
  return { db: from, out: to, pages, bytes: statSync(to).size, durationMs: Math.round(performance.now() - started), integrity: "ok" };
}
