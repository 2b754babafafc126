/** `auth server import-better-auth`: a better-auth database into Latchkey, nobody signed out (issue 22; docs/adopting-better-auth.md). */
import type { Command } from "commander";
import { existsSync, statSync } from "node:fs";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { fill, messages, say, text } from "../i18n/index.js";
import { PREFER_ENV } from "../secret-flags.js";
import type { ImportReport } from "../../server/maintenance/better-auth-import/import.js";
import type { NotBetterAuthReason } from "../../server/maintenance/better-auth-import/source.js";

type Flags = { from: string; betterAuthSecret?: string; db?: string; config?: string; dryRun?: boolean; batchSize?: string; json?: boolean; jsonl?: boolean };

export function registerImportBetterAuth(server: Command): void {
  server
    .command("import-better-auth")
    .description("move a better-auth 1.x database into Latchkey: users, passwords, sessions, organizations, two-factor, passkeys, API keys, JWT keys")
    .requiredOption("--from <db>", "the better-auth database: SQLite file or postgres:// URL (read only)")
    .option("--better-auth-secret <secret>", "the BETTER_AUTH_SECRET better-auth ran with (env BETTER_AUTH_SECRET; prefer the environment)")
    .option("--db <file>", `the Latchkey database: SQLite file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its db and secret")
    .option("--dry-run", "report what it would do, and every row it cannot carry, and write nothing")
    .option("--batch-size <rows>", "rows per transaction on the target (default 5000)")
    .addHelpText(
      "after",
      "\nRun it again at any time: it adds and updates, never duplicates, and keeps rows changed in Latchkey since the last run. Values better-auth encrypted are sealed again with Latchkey's AUTH_SECRET.\n\nExample:\n  $ BETTER_AUTH_SECRET=\"$OLD_SECRET\" auth server import-better-auth --from ./better-auth.db --db ./data/latchkey.db --dry-run",
    )
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const betterAuthSecret = flags.betterAuthSecret ?? process.env.BETTER_AUTH_SECRET;
      if (!betterAuthSecret) throw new CliError(text("checks", "baSecretRequired"), EXIT.USAGE, "BETTER_AUTH_SECRET_REQUIRED");
      const batchSize = flags.batchSize === undefined ? undefined : Number(flags.batchSize);
      if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)) throw new CliError(text("checks", "wholeNumber", { option: "--batch-size", min: 1, max: 10_000, text: String(flags.batchSize) }), EXIT.USAGE);
      const { isPostgresUrl, displayTarget, DatabaseUnreachableError } = await import("../../server/db/target.js");
      if (!isPostgresUrl(flags.from) && (!existsSync(flags.from) || statSync(flags.from).isDirectory())) throw new CliError(text("checks", "baNoDatabase", { file: flags.from }), EXIT.NOT_FOUND, "DATABASE_NOT_FOUND");
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
      if (config.db === flags.from) throw new CliError(text("checks", "baSameDatabase"), EXIT.USAGE, "SAME_DATABASE");
      const { refuseForeignDatabase } = await import("../../server/db/foreign-schema.js");
      await refuseForeignDatabase(config.db, displayTarget(config.db));
      const { loadOrCreateSecret, MissingSecretError } = await import("../../server/secret.js");
      const { openDatabase } = await import("../../server/db/database.js");
      const { migrateToLatest } = await import("../../server/db/migrate.js");
      const { appliedMigrations, compareWithBuild } = await import("../../server/db/schema-version.js");
      const { ensureKeyCheck, SecretMismatchError } = await import("../../server/key-check.js");
      const { openSource, NotBetterAuthError } = await import("../../server/maintenance/better-auth-import/source.js");
      const { importBetterAuth, WrongSecretError } = await import("../../server/maintenance/better-auth-import/import.js");
      const showBar = !wantsJson(flags) && !flags.jsonl && Boolean(process.stderr.isTTY);
      const bar = showBar ? (await import("../views/progress.js")).startProgress({ label: say("done", "baImporting", { table: "" }), done: 0, failed: 0 }) : undefined;
      const opened: Array<{ close(): Promise<void> }> = [];
      try {
        const latchkeySecret = loadOrCreateSecret(config).secret;
        const source = await openSource(flags.from);
        opened.push(source);
        // A dry run against a SQLite file that is not there yet must not create it.
        const absent = Boolean(flags.dryRun) && !isPostgresUrl(config.db) && !existsSync(config.db);
        let target = await openDatabase(absent ? ":memory:" : config.db, { synchronous: "normal" });
        opened.push(target);
        if (!flags.dryRun) {
          await migrateToLatest(target.db);
          await ensureKeyCheck(target.db, latchkeySecret, config.previousSecrets, Date.now());
        } else {
          const schema = compareWithBuild(await appliedMigrations(target.db).catch(() => []));
          if (schema.missing.length || schema.unknown.length) {
            // A dry run changes nothing, not even the target's schema: a fresh one in memory stands in.
            target = await openDatabase(":memory:");
            opened.push(target);
            await migrateToLatest(target.db);
          }
        }
        const report = await importBetterAuth({
          source,
          sourceName: displayTarget(flags.from),
          target,
          betterAuthSecret,
          latchkeySecret,
          dryRun: flags.dryRun,
          batchSize,
          onProgress: (p) => bar?.update({ label: say("done", "baImporting", { table: p.table }), done: p.done, total: p.total, failed: 0 }),
        });
        bar?.stop();
        if (wantsJson(flags)) printJson({ from: displayTarget(flags.from), db: displayTarget(config.db), ...report });
        else printSummary(report, displayTarget(flags.from), displayTarget(config.db));
      } catch (error) {
        bar?.stop();
        if (error instanceof WrongSecretError) throw new CliError(text("checks", error.sealed === "two-factor" ? "baWrongSecretTwoFactor" : "baWrongSecretJwks"), EXIT.SECRET_MISMATCH, "BETTER_AUTH_SECRET_MISMATCH");
        if (error instanceof NotBetterAuthError) throw new CliError(notBetterAuthText(error.why), EXIT.USAGE, "NOT_BETTER_AUTH");
        if (error instanceof SecretMismatchError) throw new CliError(error.message, EXIT.SECRET_MISMATCH, "SECRET_MISMATCH");
        if (error instanceof MissingSecretError) throw new CliError(error.message, EXIT.USAGE);
        if (error instanceof DatabaseUnreachableError) throw new CliError(error.message, EXIT.NETWORK);
        throw error;
      } finally {
        for (const database of opened.reverse()) await database.close();
      }
    });
}

function printSummary(report: ImportReport, from: string, db: string): void {
  const text = messages().done;
  info(report.dryRun ? say("done", "baDryRun", { from, db }) : say("done", "baImported", { from, db, seconds: (report.durationMs / 1000).toFixed(1) }));
  const columns = ["read", "inserted", "updated", "unchanged", "kept", "skipped"] as const;
  const rows = [[text.baColumns.table, ...columns.map((c) => text.baColumns[c])], ...Object.entries(report.tables).map(([table, s]) => [table, ...columns.map((c) => String(s[c]))])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) info(`  ${row.map((value, i) => (i === 0 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join("  ")}`);
  const skipped = Object.values(report.tables).reduce((sum, s) => sum + s.skipped, 0);
  const kept = Object.values(report.tables).reduce((sum, s) => sum + s.kept, 0);
  if (skipped) {
    info(say("done", "baSkipped", { count: skipped }));
    for (const note of report.skipped.slice(0, 50)) info(`  ${note.table} ${note.id}: ${note.reason}`);
  }
  if (kept) {
    info(say("done", "baKept", { count: kept }));
    for (const note of report.kept.slice(0, 50)) info(`  ${note.table} ${note.id}: ${note.reason}`);
  }
  const listed = Math.min(report.skipped.length, 50) + Math.min(report.kept.length, 50);
  if (skipped + kept > listed) info(fill(text.baMore, { count: skipped + kept - listed }));
}

/** Why the source is not a better-auth database, in the operator's language. */
function notBetterAuthText(why: NotBetterAuthReason): string {
  if (why.kind === "no-table") return text("checks", "baNoTable", { model: why.model });
  if (why.kind === "no-columns") return text("checks", "baNoColumns", { table: why.table, columns: why.columns.join(", ") });
  return text("checks", "baCannotOpen", { file: why.file, reason: why.reason });
}
