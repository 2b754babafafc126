/** `auth server copy`: every table from one database to another, SQLite or PostgreSQL (issue 26; server/maintenance/copy-database.ts). */
import type { Command } from "commander";
import { helpAfter } from "../context.js";
import { existsSync, statSync } from "node:fs";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { say, text } from "../i18n/index.js";

type Flags = { from: string; to: string; force?: boolean; batchSize?: string; json?: boolean; jsonl?: boolean };

export function registerCopy(server: Command): void {
  server
    .command("copy")
    .description("copy every table from one database to another: SQLite file or postgres:// URL, either way")
    .requiredOption("--from <db>", "source: SQLite file or postgres:// URL (a SQLite source may stay online)")
    .requiredOption("--to <db>", "target: SQLite file or postgres:// URL, migrated first; must be empty")
    .option("--force", "delete the target's rows first when it is not empty")
    .option("--batch-size <rows>", "rows per transaction on the target (default 2000)")
    .addHelpText("after", helpAfter("Sealed values are copied as they are: start the target's servers with the same AUTH_SECRET. Each table's row count is checked at the end.", "auth server copy --from ./data/latchkey.db --to postgres://latchkey@db.internal/latchkey"))
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const batchSize = flags.batchSize === undefined ? undefined : Number(flags.batchSize);
      if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000)) throw new CliError(text("backup", "batchSize", { value: String(flags.batchSize) }), EXIT.USAGE);
      const { isPostgresUrl, displayTarget } = await import("../../server/db/target.js");
      if (flags.from === flags.to) throw new CliError(text("backup", "sameDatabase"), EXIT.USAGE, "SAME_DATABASE");
      // openDatabase would create a missing SQLite file: a mistyped source must not become an empty copy.
      if (!isPostgresUrl(flags.from) && (!existsSync(flags.from) || statSync(flags.from).isDirectory())) throw new CliError(text("backup", "noSource", { path: flags.from }), EXIT.NOT_FOUND, "DATABASE_NOT_FOUND");
      const { openDatabase } = await import("../../server/db/database.js");
      const { DatabaseUnreachableError } = await import("../../server/db/target.js");
      const copy = await import("../../server/maintenance/copy-database.js");
      const showBar = !wantsJson(flags) && !flags.jsonl && Boolean(process.stderr.isTTY);
      const bar = showBar ? (await import("../views/progress.js")).startProgress({ label: say("done", "copying", { table: "" }), done: 0, failed: 0 }) : undefined;
      const opened: Array<{ close(): Promise<void> }> = [];
      try {
        const source = await openDatabase(flags.from);
        opened.push(source);
        const target = await openDatabase(flags.to, { synchronous: "normal" });
        opened.push(target);
        const result = await copy.copyDatabase(source, target, {
          force: flags.force,
          batchSize,
          onProgress: (p) => bar?.update({ label: say("done", "copying", { table: p.table }), done: p.done, total: p.total, failed: 0 }),
        });
        bar?.stop();
        if (wantsJson(flags)) printJson({ from: displayTarget(flags.from), to: displayTarget(flags.to), ...result });
        else {
          info(say("done", "copied", { total: result.total, from: displayTarget(flags.from), to: displayTarget(flags.to), seconds: (result.durationMs / 1000).toFixed(1) }));
          for (const [table, count] of Object.entries(result.tables)) info(`  ${table}: ${count}`);
        }
      } catch (error) {
        bar?.stop();
        if (error instanceof copy.TargetNotEmptyError) throw new CliError(error.message, EXIT.CONFLICT, "TARGET_NOT_EMPTY");
        if (error instanceof copy.SourceSchemaError) throw new CliError(error.message, EXIT.USAGE, "SOURCE_SCHEMA_DIFFERS");
        if (error instanceof copy.CountMismatchError) throw new CliError(error.message, EXIT.FAILURE, "COUNT_MISMATCH");
        if (error instanceof DatabaseUnreachableError) throw new CliError(error.message, EXIT.NETWORK);
        throw error;
      } finally {
        for (const database of opened.reverse()) await database.close();
      }
    });
}
