/** `auth server rotate-secret`: seal everything again under AUTH_SECRET (issue 26; docs/operations.md). */
import type { Command } from "commander";
import { helpAfter } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { PREFER_ENV } from "../secret-flags.js";
import { text } from "../i18n/index.js";

type Flags = { db?: string; config?: string; json?: boolean; jsonl?: boolean; yes?: boolean; input?: boolean; updateSecretFile?: boolean };

export function registerRotateSecret(server: Command): void {
  server
    .command("rotate-secret")
    .description("re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its secret and previousSecrets")
    .option("--update-secret-file", "development: also write the new secret to the development secret file (<db>.secret), so a start without AUTH_SECRET uses it")
    .addHelpText("after", helpAfter("Servers may keep running: they open values under either secret. Run it after every server has AUTH_SECRET=<new> and AUTH_PREVIOUS_SECRETS=<old>.", "AUTH_SECRET=\"$NEW\" AUTH_PREVIOUS_SECRETS=\"$OLD\" auth server rotate-secret --db ./data/latchkey.db"))
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
      const { findSecret } = await import("../../server/secret.js");
      const secret = findSecret(config);
      if (!secret) throw new CliError(text("backup", "noRotateSecret"), EXIT.USAGE);
      const { openDatabase } = await import("../../server/db/database.js");
      const { migrateToLatest } = await import("../../server/db/migrate.js");
      const { displayTarget } = await import("../../server/db/target.js");
      const { rotateSecret } = await import("../../server/maintenance/rotate-secret.js");
      const { SecretMismatchError } = await import("../../server/key-check.js");
      const showBar = !wantsJson(flags) && !flags.jsonl && Boolean(process.stderr.isTTY);
      const bar = showBar ? (await import("../views/progress.js")).startProgress({ label: text("backup", "resealing"), done: 0, failed: 0 }) : undefined;
      const { refuseForeignDatabase } = await import("../../server/db/foreign-schema.js");
      await refuseForeignDatabase(config.db, displayTarget(config.db));
      const database = await openDatabase(config.db);
      try {
        await migrateToLatest(database.db);
        const result = await rotateSecret(database.db, secret, config.previousSecrets, Date.now, (p) => bar?.update({ label: text("backup", "resealingTable", { table: p.table }), done: p.done, total: p.total, failed: 0 }));
        bar?.stop();
        const resealed = Object.values(result.tables).reduce((sum, t) => sum + t.resealed, 0);
        const unreadable = Object.values(result.tables).reduce((sum, t) => sum + t.unreadable, 0);
        // Development after a real rotation: the file a start without AUTH_SECRET reads still
        // holds the old secret, and that start would refuse with exit 9. Offer to update it.
        const { devFileIsStale, devSecretFile, secretSource, writeDevSecret } = await import("../secret-source.js");
        const stale = !config.production && Boolean(config.secret) && devFileIsStale(config, secret);
        let secretFile: string | null = null;
        if (stale) {
          const canAsk = !wantsJson(flags) && flags.input !== false && Boolean(process.stdin.isTTY) && Boolean(process.stderr.isTTY);
          let update = Boolean(flags.updateSecretFile || flags.yes);
          if (!update && canAsk) {
            const { promptLine } = await import("../prompt.js");
            const { isYes, messages } = await import("../i18n/index.js");
            update = isYes(await promptLine(`${text("backup", "updateSecretFileQuestion", { file: devSecretFile(config)! })} ${messages().confirm.suffix} `));
          }
          if (update) secretFile = writeDevSecret(config, secret);
        }
        const nothingToRotate = config.previousSecrets.length === 0;
        if (wantsJson(flags)) printJson({ db: displayTarget(config.db), ...result, resealed, unreadable, secretFileUpdated: secretFile, secretFileStale: stale && !secretFile ? devSecretFile(config) : null });
        else {
          info(text("backup", "resealed", { count: resealed, db: displayTarget(config.db) }));
          for (const [table, counts] of Object.entries(result.tables)) info(`  ${table}: ${text("backup", "resealedTable", { rows: counts.rows, resealed: counts.resealed })}${counts.unreadable ? text("backup", "unreadableTable", { count: counts.unreadable }) : ""}`);
          // With no previous secret nothing was sealed with another one: the backup-code warning
          // about keeping the old secret does not apply; say how a rotation is done instead.
          if (nothingToRotate) info(text("backup", "nothingToRotate", { source: secretSource(config, flags) }));
          else info(text("backup", "oldBackupCodes"));
          if (secretFile) info(text("backup", "secretFileUpdated", { file: secretFile }));
          else if (stale) info(text("backup", "secretFileStale", { file: devSecretFile(config)! }));
        }
      } catch (error) {
        bar?.stop();
        if (error instanceof SecretMismatchError) throw new CliError(error.message, EXIT.SECRET_MISMATCH, "SECRET_MISMATCH");
        throw error;
      } finally {
        await database.close();
      }
    });
}
