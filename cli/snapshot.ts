/**
 * `auth server snapshot` (issue 39): named copies of a SQLite database kept beside it in
 * `<db>.snapshots/NAME.db` (folder 0700, files 0600), for QA: save a seeded state, play, go back.
 * Saving is `auth server backup` (SQLite's online backup, consistent while a server writes);
 * restoring is `auth server restore` with all its checks (no server on the file, integrity,
 * schema, and the secret: server/maintenance/restore.ts, worded by cli/restore.ts). A snapshot is of one database and is sealed with that database's
 * secret, so it is never stored with it: the secret beside the database, or AUTH_SECRET, opens it.
 * The folder layout is server/maintenance/snapshots.ts, shared with the console's Demo data.
 */
import { chmodSync, rmSync } from "node:fs";
import { backupDatabase } from "./backup.js";
import { CliError, EXIT } from "./exit-codes.js";
import { confirm } from "./prompt.js";
import { text } from "./i18n/index.js";
import { inCliWords } from "./restore.js";
import { existingSnapshot as existing } from "../server/maintenance/restore.js";
import { describeSnapshot as describe, isSnapshotName, snapshotFolder, snapshotPath, type SnapshotInfo } from "../server/maintenance/snapshots.js";

export { listSnapshotsIn, snapshotFolder } from "../server/maintenance/snapshots.js";

function snapshotFile(db: string, name: string): string {
  if (!isSnapshotName(name)) throw new CliError(text("qa", "snapshotBadName", { name }), EXIT.USAGE, "INVALID_SNAPSHOT_NAME");
  return snapshotPath(db, name);
}

function existingSnapshot(db: string, name: string): string {
  try {
    return existing(db, name);
  } catch (error) {
    throw inCliWords(error);
  }
}

export async function saveSnapshot(db: string, name: string, flags: { yes?: boolean; input?: boolean }): Promise<SnapshotInfo> {
  const file = snapshotFile(db, name);
  await backupDatabase(db, file, flags);
  // backupDatabase creates a missing folder 0700; one made before (by hand) is made private too.
  chmodSync(snapshotFolder(db), 0o700);
  return describe(file, name);
}

export function deleteSnapshot(db: string, name: string, flags: { yes?: boolean; input?: boolean }): Promise<SnapshotInfo> {
  return deleteSnapshotFile(existingSnapshot(db, name), name, flags);
}

/** Deletes a snapshot file that exists (either dialect's), with its journal files, after confirmation. */
export async function deleteSnapshotFile(file: string, name: string, flags: { yes?: boolean; input?: boolean }): Promise<SnapshotInfo> {
  const snapshot = describe(file, name);
  await confirm(flags, text("qa", "snapshotConfirmDelete", { name }));
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  return snapshot;
}
