/**
 * Snapshots (issue 39): named copies in `<db>.snapshots/NAME.db` for SQLite, and for PostgreSQL
 * SQLite files made by `auth server copy`'s machinery in a folder of their own (`--dir`, or
 * `<config file>.snapshots`). Folder 0700, files 0600: they hold password hashes. The CLI
 * (`auth server snapshot`, cli/snapshot.ts, cli/postgres-snapshot.ts) and the console's Demo data
 * section (features/settings/demo-routes.ts) share this one layout.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { join, resolve } from "node:path";
import { sql, type Kysely } from "kysely";
import { createPrivateFile, openSqlite } from "../db/database.js";
import { copyDatabase, type CopyEndpoint } from "./copy-database.js";
import { SNAPSHOT_NAME } from "../../shared/contract/settings-demo.js";

const EXTENSION = ".db";

export interface SnapshotInfo {
  name: string;
  file: string;
  bytes: number;
  createdAt: string;
}

export const isSnapshotName = (name: string) => SNAPSHOT_NAME.test(name);
export const snapshotFolder = (db: string) => `${resolve(db)}.snapshots`;
/** The file of a snapshot in a folder; the name must have passed isSnapshotName. */
export const snapshotIn = (folder: string, name: string) => join(folder, name + EXTENSION);
/** The file of a SQLite database's snapshot; the name must have passed isSnapshotName. */
export const snapshotPath = (db: string, name: string) => snapshotIn(snapshotFolder(db), name);

export function describeSnapshot(file: string, name: string): SnapshotInfo {
  const stats = statSync(file);
  return { name, file, bytes: stats.size, createdAt: stats.mtime.toISOString() };
}

/** A SQLite database's snapshots, newest first. */
export const listSnapshots = (db: string): SnapshotInfo[] => listSnapshotsIn(snapshotFolder(db));

/** Newest first. A missing folder is no snapshots; files that are not NAME.db are not listed. */
export function listSnapshotsIn(folder: string): SnapshotInfo[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((entry) => entry.endsWith(EXTENSION) && isSnapshotName(entry.slice(0, -EXTENSION.length)))
    .map((entry) => describeSnapshot(join(folder, entry), entry.slice(0, -EXTENSION.length)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
}

export class SnapshotExists extends Error {}

/**
 * A running server's own snapshot: `VACUUM INTO` on its connection writes a consistent copy in
 * one statement (a small QA database takes milliseconds), into a private temporary file that is
 * renamed into place, so a reader never sees half a snapshot and a replaced one is whole until then.
 */
export async function saveLiveSnapshot(connection: Kysely<never>, db: string, name: string, replace: boolean): Promise<SnapshotInfo> {
  const file = snapshotPath(db, name);
  if (existsSync(file) && !replace) throw new SnapshotExists(name);
  mkdirSync(snapshotFolder(db), { recursive: true, mode: 0o700 });
  chmodSync(snapshotFolder(db), 0o700);
  const temporary = `${file}.${randomUUID()}.partial`;
  // VACUUM INTO takes an empty file: it exists with mode 0600 before the first page is written.
  closeSync(openSync(temporary, "wx", 0o600));
  try {
    await sql`vacuum into ${temporary}`.execute(connection);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return describeSnapshot(file, name);
}

/**
 * A PostgreSQL database's snapshot: its Latchkey tables copied into `<folder>/NAME.db` (read in one
 * REPEATABLE READ transaction, so a running server may keep writing), through a private temporary
 * file renamed into place. The caller has checked the name and asked before replacing a file.
 */
export async function copyIntoSnapshot(source: CopyEndpoint, folder: string, name: string): Promise<SnapshotInfo & { total: number }> {
  const file = snapshotIn(folder, name);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // A folder made before (by hand) is made private too.
  chmodSync(folder, 0o700);
  const temporary = join(folder, `.${name}.${randomUUID()}.partial`);
  createPrivateFile(temporary);
  try {
    const target = openSqlite(temporary, { synchronous: "normal" });
    let total: number;
    try {
      total = (await copyDatabase(source, target)).total;
      // A file in rollback-journal mode is whole on its own, and reading it (restore's checks)
      // leaves no -wal/-shm files beside it.
      target.sqlite!.pragma("journal_mode = DELETE");
    } finally {
      await target.close();
    }
    renameSync(temporary, file);
    return { ...describeSnapshot(file, name), total };
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(temporary + suffix, { force: true });
  }
}

/** The console's save on PostgreSQL: the running server's own pool is the source; an existing name is replaced only when asked. */
export async function saveLivePostgresSnapshot(source: CopyEndpoint, folder: string, name: string, replace: boolean): Promise<SnapshotInfo> {
  if (existsSync(snapshotIn(folder, name)) && !replace) throw new SnapshotExists(name);
  const { total: _total, ...info } = await copyIntoSnapshot(source, folder, name);
  return info;
}
