/**
 * `auth server snapshot` on PostgreSQL (issue 39): a snapshot is the database's Latchkey tables
 * copied into a SQLite file `NAME.db` by `auth server copy`'s machinery
 * (server/maintenance/copy-database.ts), in a folder of its own: `--dir`, else `<config file>.snapshots`
 * beside the config file (a PostgreSQL URL has no file to sit beside; docs/qa.md says why).
 * Folder 0700, files 0600: they hold password hashes and sealed values.
 *
 * Saving reads in one REPEATABLE READ transaction, so a running server may keep writing. The copy
 * goes to a private temporary file renamed into place: a reader never sees half a snapshot.
 * Restoring replaces every Latchkey row of the database with the snapshot's (copy --force), after
 * the checks of `auth server restore` that apply: no other client is connected to the database
 * (a server would keep serving its caches and write over the restore), the snapshot comes from
 * this build or an older one, and the configured secret opens what it sealed.
 */
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import pg from "pg";
import { CliError, EXIT } from "./exit-codes.js";
import { confirm } from "./prompt.js";
import { say, text } from "./i18n/index.js";
import { inspectBackup } from "./restore.js";
import { createPrivateFile, openDatabase, openSqlite, type OpenedDatabase } from "../server/db/database.js";
import { compareWithBuild } from "../server/db/schema-version.js";
import { DatabaseUnreachableError, displayTarget } from "../server/db/target.js";
import { SECRET_MISMATCH_SENTENCE, statusOf } from "../server/key-check.js";
import { copyDatabase, CountMismatchError, SourceSchemaError, type CopyResult } from "../server/maintenance/copy-database.js";
import { copyIntoSnapshot, isSnapshotName, snapshotIn, type SnapshotInfo } from "../server/maintenance/snapshots.js";

type Confirm = { yes?: boolean; input?: boolean };

/** `--dir`, else the folder beside the config file; with neither there is no place to keep snapshots. */
export function postgresSnapshotFolder(dir: string | undefined, configFile: string | undefined): string {
  if (dir) return resolve(dir);
  if (configFile) return `${resolve(configFile)}.snapshots`;
  throw new CliError(text("qa", "snapshotNeedsDir"), EXIT.USAGE, "SNAPSHOT_DIR_REQUIRED");
}

function fileOf(folder: string, name: string): string {
  if (!isSnapshotName(name)) throw new CliError(text("qa", "snapshotBadName", { name }), EXIT.USAGE, "INVALID_SNAPSHOT_NAME");
  return snapshotIn(folder, name);
}

export function existingPostgresSnapshot(folder: string, name: string): string {
  const file = fileOf(folder, name);
  if (!existsSync(file)) throw new CliError(text("qa", "snapshotNotFound", { name, folder }), EXIT.NOT_FOUND, "SNAPSHOT_NOT_FOUND");
  return file;
}

/** Copy errors as the CLI's typed errors (the same codes as `auth server copy`). */
function typed(error: unknown): unknown {
  if (error instanceof SourceSchemaError) return new CliError(error.message, EXIT.USAGE, "SOURCE_SCHEMA_DIFFERS");
  if (error instanceof CountMismatchError) return new CliError(error.message, EXIT.FAILURE, "COUNT_MISMATCH");
  if (error instanceof DatabaseUnreachableError) return new CliError(error.message, EXIT.NETWORK);
  return error;
}

async function withBoth<T>(from: () => Promise<OpenedDatabase>, to: () => Promise<OpenedDatabase>, run: (source: OpenedDatabase, target: OpenedDatabase) => Promise<T>): Promise<T> {
  const opened: OpenedDatabase[] = [];
  try {
    const source = await from();
    opened.push(source);
    const target = await to();
    opened.push(target);
    return await run(source, target);
  } catch (error) {
    throw typed(error);
  } finally {
    for (const database of opened.reverse()) await database.close();
  }
}

const removeSqlite = (file: string) => {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
};

export async function savePostgresSnapshot(url: string, folder: string, name: string, flags: Confirm): Promise<SnapshotInfo & { total: number }> {
  const file = fileOf(folder, name);
  if (existsSync(file)) await confirm(flags, say("confirm", "replaceFile", { file }));
  // The layout and the private temporary file are shared with the console's save (server/maintenance/snapshots.ts).
  try {
    const source = await openDatabase(url);
    try {
      return await copyIntoSnapshot(source, folder, name);
    } finally {
      await source.close();
    }
  } catch (error) {
    throw typed(error);
  }
}

/**
 * Client backends connected to the database other than this check's own. A server holds pool
 * connections (and, on PostgreSQL, a change listener) for as long as it runs, so any other client
 * means the database is live; the restore is refused rather than raced.
 */
async function otherClients(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: "latchkey-snapshot-restore" });
  client.on("error", () => {});
  try {
    await client.connect();
    const rows = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'");
    return Number(rows.rows[0]!.n);
  } catch (error) {
    throw new CliError(`Cannot connect to PostgreSQL at ${displayTarget(url)}: ${(error as Error).message}`, EXIT.NETWORK);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface PostgresRestoreInput {
  url: string;
  folder: string;
  name: string;
  secret: string | null;
  previousSecrets: readonly string[];
}

export async function restorePostgresSnapshot(input: PostgresRestoreInput, flags: Confirm): Promise<{ from: string; db: string } & Omit<CopyResult, "durationMs">> {
  const from = existingPostgresSnapshot(input.folder, input.name);
  const snapshot = inspectBackup(from);
  const schema = compareWithBuild(snapshot.migrations);
  if (schema.unknown.length) throw new CliError(text("backup", "newerBuild", { migrations: schema.unknown.join(", ") }), EXIT.USAGE, "BACKUP_FROM_NEWER_BUILD");
  if (snapshot.keyCheck !== null) {
    if (!input.secret) throw new CliError(text("backup", "secretRequired", { file: `${from}.secret` }), EXIT.USAGE, "SECRET_REQUIRED");
    if (statusOf(snapshot.keyCheck, input.secret, input.previousSecrets) === "mismatch") throw new CliError(SECRET_MISMATCH_SENTENCE, EXIT.SECRET_MISMATCH, "SECRET_MISMATCH");
  }
  const db = displayTarget(input.url);
  if ((await otherClients(input.url)) > 0) throw new CliError(text("backup", "inUse", { path: db }), EXIT.CONFLICT, "DATABASE_IN_USE");
  await confirm(flags, say("confirm", "replaceFile", { file: db }));

  // Opening a SQLite file writes to it (WAL, migrations): the snapshot is read from a private
  // copy, so it stays as it was saved, time included.
  const reading = join(dirname(from), `.${basename(from)}.${randomUUID()}.restoring`);
  createPrivateFile(reading);
  try {
    copyFileSync(from, reading);
    const result = await withBoth(async () => openSqlite(reading), () => openDatabase(input.url), (source, target) => copyDatabase(source, target, { force: true }));
    return { from, db, tables: result.tables, total: result.total };
  } finally {
    removeSqlite(reading);
  }
}
