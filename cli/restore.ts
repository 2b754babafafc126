/**
 * `auth server restore` and `auth server snapshot restore` in the CLI's words: the restore itself
 * is server/maintenance/restore.ts (the desktop's Restore runs it too, issue 39); here its
 * confirmation is asked on the terminal (or --yes), and its refusals become CliErrors in the
 * operator's language with the exit codes the README documents.
 */
import { CliError, EXIT, type ExitCode } from "./exit-codes.js";
import { confirm } from "./prompt.js";
import { say, text } from "./i18n/index.js";
import { inspectBackup as inspect, restoreDatabase as restore, restoreSnapshot as restoreNamed, type RestoreInput, type RestoreResult } from "../server/maintenance/restore.js";
import { RestoreRefused, type RestoreRefusalCode } from "../server/maintenance/restore-refused.js";

type Flags = { yes?: boolean; input?: boolean };

const EXIT_OF: Record<RestoreRefusalCode, ExitCode> = {
  NO_DATABASE: EXIT.USAGE,
  BACKUP_NOT_FOUND: EXIT.NOT_FOUND,
  FROM_IS_FOLDER: EXIT.USAGE,
  SAME_FILE: EXIT.USAGE,
  BACKUP_FROM_NEWER_BUILD: EXIT.USAGE,
  SECRET_REQUIRED: EXIT.USAGE,
  SECRET_MISMATCH: EXIT.SECRET_MISMATCH,
  DATABASE_IN_USE: EXIT.CONFLICT,
  BACKUP_UNREADABLE: EXIT.USAGE,
  BACKUP_CORRUPT: EXIT.FAILURE,
  NOT_A_DATABASE: EXIT.USAGE,
  NOT_A_LATCHKEY_DATABASE: EXIT.USAGE,
  INVALID_SNAPSHOT_NAME: EXIT.USAGE,
  SNAPSHOT_NOT_FOUND: EXIT.NOT_FOUND,
};

/** A refusal as the CLI reports it; anything else unchanged. */
export function inCliWords(error: unknown): unknown {
  if (!(error instanceof RestoreRefused)) return error;
  const key = error.catalogueKey;
  const sentence = key ? text(key[0], key[1] as never, error.facts) : error.message;
  return new CliError(sentence, EXIT_OF[error.code], error.code);
}

const confirmReplace = (flags: Flags) => (db: string) => confirm(flags, say("confirm", "replaceFile", { file: db }));

export async function restoreDatabase(input: RestoreInput, flags: Flags): Promise<RestoreResult> {
  try {
    return await restore(input, { confirmReplace: confirmReplace(flags) });
  } catch (error) {
    throw inCliWords(error);
  }
}

export async function restoreSnapshot(db: string, name: string, secret: Pick<RestoreInput, "secret" | "previousSecrets">, flags: Flags): Promise<RestoreResult> {
  try {
    return await restoreNamed(db, name, secret, { confirmReplace: confirmReplace(flags) });
  } catch (error) {
    throw inCliWords(error);
  }
}

/** Integrity, migrations and key-check value of a backup (the PostgreSQL snapshot restore reads them too). */
export function inspectBackup(file: string): ReturnType<typeof inspect> {
  try {
    return inspect(file);
  } catch (error) {
    throw inCliWords(error);
  }
}
