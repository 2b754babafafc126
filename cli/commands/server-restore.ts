/** `auth server restore`: a backup back in place of the SQLite database, checked first (issue 26; cli/restore.ts). */
import type { Command } from "commander";
import { helpAfter } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { say, text } from "../i18n/index.js";
import { PREFER_ENV } from "../secret-flags.js";

type Flags = { from: string; db?: string; config?: string; json?: boolean; jsonl?: boolean; yes?: boolean; input?: boolean };

export function registerRestore(server: Command): void {
  server
    .command("restore")
    .description("put a backup made by `auth server backup` in place of the SQLite database, after checking it (stop the server first)")
    .requiredOption("--from <file>", "the backup file")
    .option("--db <file>", `SQLite database file to replace (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its secret and previousSecrets")
    .addHelpText("after", helpAfter("Checks, before anything changes: no server has the database open, the backup passes PRAGMA integrity_check, it comes from this version or an older one, and AUTH_SECRET (or <from>.secret written by backup --with-secret) is the secret it was sealed with (exit code 9 otherwise). The replaced files are kept as *.before-restore.", "AUTH_SECRET=\"$(cat ./backups/latchkey.db.secret)\" auth server restore --from ./backups/latchkey.db --db ./data/latchkey.db"))
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
      const { isPostgresUrl } = await import("../../server/db/target.js");
      if (isPostgresUrl(config.db)) throw new CliError(text("backup", "restoreNeedsSqlite"), EXIT.USAGE, "RESTORE_NEEDS_SQLITE");
      const { findSecret } = await import("../../server/secret.js");
      const { restoreDatabase } = await import("../restore.js");
      const result = await restoreDatabase({ from: flags.from, db: config.db, secret: findSecret(config), previousSecrets: config.previousSecrets }, flags);
      if (wantsJson(flags)) {
        printJson(result);
        return;
      }
      info(say("done", "restored", { from: result.from, db: result.db, total: result.total }));
      for (const [table, count] of Object.entries(result.tables)) info(`  ${table}: ${count}`);
      if (result.keptAs.length) info(say("done", "restoreKept", { files: result.keptAs.join(", ") }));
      if (result.secretInstalled) info(say("done", "restoreSecretInstalled", { file: result.secretInstalled }));
    });
}
