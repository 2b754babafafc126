/** `auth server rotate-secret`: seal everything again under AUTH_SECRET (issue 26; docs/operations.md). */
import type { Command } from "commander";
import { helpAfter } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { PREFER_ENV } from "../secret-flags.js";
import { text } from "../i18n/index.js";

type Flags = { db?: string; config?: string; json?: boolean; jsonl?: boolean };

export function registerRotateSecret(server: Command): void {
  server
    .command("rotate-secret")
    .description("re-seal every stored secret under AUTH_SECRET (values sealed with AUTH_PREVIOUS_SECRETS), then mark the database as sealed with it")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its secret and previousSecrets")
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
        if (wantsJson(flags)) printJson({ db: displayTarget(config.db), ...result, resealed, unreadable });
        else {
          info(text("backup", "resealed", { count: resealed, db: displayTarget(config.db) }));
          for (const [table, counts] of Object.entries(result.tables)) info(`  ${table}: ${text("backup", "resealedTable", { rows: counts.rows, resealed: counts.resealed })}${counts.unreadable ? text("backup", "unreadableTable", { count: counts.unreadable }) : ""}`);
          info(text("backup", "oldBackupCodes"));
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
