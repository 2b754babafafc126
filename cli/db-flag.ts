/**
 * `--db /srv/latchkey` (a folder) is a common first guess: SQLite would answer "unable to open
 * database file", and `server start` would have put its secret beside the folder first. Caught
 * before any command runs, with the file it probably meant.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { CliError, EXIT } from "./exit-codes.js";
import { fill, messages } from "./i18n/index.js";
import { isPostgresUrl } from "../server/db/target.js";

export function rejectFolderAsDatabase(target: string | undefined): void {
  if (!target || isPostgresUrl(target)) return;
  if (!statSync(target, { throwIfNoEntry: false })?.isDirectory()) return;
  throw new CliError(fill(messages().hints.dbIsFolder, { path: target, example: join(target, "latchkey.db") }), EXIT.USAGE, "DB_IS_FOLDER");
}
