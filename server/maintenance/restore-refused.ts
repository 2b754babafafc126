/**
 * Why a restore (a backup or a snapshot put back in place of a SQLite database) was refused
 * before anything changed: a stable code, the facts its sentence names, and that sentence in
 * English. The sentences are the CLI's (`i18n/<language>/cli.json`): the CLI words a refusal in
 * the operator's language by `catalogueKey`, and the desktop shows the English message, so the
 * two say the same thing whichever of them ran the restore (issue 39).
 */
import en from "../../i18n/en/cli.json" with { type: "json" };
import { formatMessage } from "../../shared/i18n/format-message.js";
import { SECRET_MISMATCH_SENTENCE } from "../key-check.js";

type Group = "backup" | "qa";

/** Each refusal's sentence in the CLI's catalogue; SECRET_MISMATCH has the server's own sentence. */
const SENTENCES = {
  NO_DATABASE: ["backup", "inMemoryRestore"],
  BACKUP_NOT_FOUND: ["backup", "noBackup"],
  FROM_IS_FOLDER: ["backup", "fromIsFolder"],
  SAME_FILE: ["backup", "fromSameAsDb"],
  BACKUP_FROM_NEWER_BUILD: ["backup", "newerBuild"],
  SECRET_REQUIRED: ["backup", "secretRequired"],
  DATABASE_IN_USE: ["backup", "inUse"],
  BACKUP_UNREADABLE: ["backup", "cannotOpenBackup"],
  BACKUP_CORRUPT: ["backup", "backupCorrupt"],
  NOT_A_DATABASE: ["backup", "notSqlite"],
  NOT_A_LATCHKEY_DATABASE: ["backup", "notLatchkey"],
  INVALID_SNAPSHOT_NAME: ["qa", "snapshotBadName"],
  SNAPSHOT_NOT_FOUND: ["qa", "snapshotNotFound"],
  SECRET_MISMATCH: null,
} as const satisfies Record<string, readonly [Group, string] | null>;

export type RestoreRefusalCode = keyof typeof SENTENCES;
type Facts = Record<string, string>;

export class RestoreRefused extends Error {
  constructor(
    readonly code: RestoreRefusalCode,
    readonly facts: Facts = {},
  ) {
    super(englishSentence(code, facts));
    this.name = "RestoreRefused";
  }

  /** Where the CLI's catalogues keep this refusal's sentence; null: `message` is the only wording. */
  get catalogueKey(): readonly [Group, string] | null {
    return SENTENCES[this.code];
  }
}

function englishSentence(code: RestoreRefusalCode, facts: Facts): string {
  const key = SENTENCES[code];
  if (!key) return SECRET_MISMATCH_SENTENCE;
  const [group, name] = key;
  return formatMessage("en", (en[group] as Record<string, string>)[name]!, facts);
}
