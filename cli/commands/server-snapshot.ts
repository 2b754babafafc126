/** `auth server snapshot save|list|restore|delete`: named copies of a SQLite database beside it, for QA (issue 39; cli/snapshot.ts, docs/qa.md). */
import type { Command } from "commander";
import { example, helpAfter } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, printTable, wantsJson } from "../output.js";
import { say, text } from "../i18n/index.js";

type Flags = { db?: string; config?: string; json?: boolean; jsonl?: boolean; yes?: boolean; input?: boolean };

const DB_HELP = "SQLite database file (AUTH_DB)";

/** The database the command works on; PostgreSQL is refused before anything is opened. */
async function target(flags: Flags) {
  const { buildConfig } = await import("../server-config.js");
  const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
  const { isPostgresUrl } = await import("../../server/db/target.js");
  if (isPostgresUrl(config.db)) throw new CliError(text("qa", "snapshotNeedsSqlite"), EXIT.USAGE, "SNAPSHOT_NEEDS_SQLITE");
  if (config.db === ":memory:") throw new CliError(text("backup", "inMemoryBackup"), EXIT.USAGE, "NO_DATABASE");
  return config;
}

export function registerSnapshot(server: Command): void {
  const snapshot = example(
    server.command("snapshot").description("save the SQLite database under a name beside it, and go back to it later (QA and demos)"),
    "auth server snapshot save seeded --db ./qa.db",
    "auth server snapshot restore seeded --db ./qa.db --yes",
  );

  snapshot
    .command("save")
    .description("copy the database to <db>.snapshots/NAME.db (mode 0600), consistent while a server runs")
    .argument("<name>", "letters, digits, - and _")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .addHelpText("after", helpAfter("An existing snapshot of that name is replaced only after confirmation (or --yes).", "auth server snapshot save seeded --db ./qa.db"))
    .action(async (name: string, _flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const config = await target(flags);
      const { saveSnapshot } = await import("../snapshot.js");
      const saved = await saveSnapshot(config.db, name, flags);
      if (wantsJson(flags)) printJson(saved);
      else info(text("qa", "snapshotSaved", { name: saved.name, file: saved.file, bytes: saved.bytes }));
    });

  snapshot
    .command("list")
    .description("list the database's snapshots: name, size and time, newest first")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .addHelpText("after", helpAfter(null, "auth server snapshot list --db ./qa.db --json"))
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const config = await target(flags);
      const { listSnapshots, snapshotFolder } = await import("../snapshot.js");
      const snapshots = listSnapshots(config.db);
      if (wantsJson(flags)) printJson({ folder: snapshotFolder(config.db), snapshots });
      else await printTable(snapshots as unknown as Array<Record<string, unknown>>, ["name", "bytes", "createdAt"], flags);
    });

  snapshot
    .command("restore")
    .description("put a snapshot back in place of the database, with the checks of auth server restore (stop the server first)")
    .argument("<name>", "letters, digits, - and _")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its secret and previousSecrets")
    .addHelpText("after", helpAfter("Refused while a server has the database open, and when the database's secret (AUTH_SECRET, the config file or the file beside the database) does not open the snapshot. The replaced files are kept as *.before-restore.", "auth server snapshot restore seeded --db ./qa.db --yes"))
    .action(async (name: string, _flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const config = await target(flags);
      const { findSecret } = await import("../../server/secret.js");
      const { restoreSnapshot } = await import("../snapshot.js");
      const result = await restoreSnapshot(config.db, name, { secret: findSecret(config), previousSecrets: config.previousSecrets }, flags);
      if (wantsJson(flags)) {
        printJson({ name, ...result });
        return;
      }
      info(say("done", "restored", { from: result.from, db: result.db, total: result.total }));
      if (result.keptAs.length) info(say("done", "restoreKept", { files: result.keptAs.join(", ") }));
    });

  snapshot
    .command("delete")
    .description("delete a snapshot")
    .argument("<name>", "letters, digits, - and _")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .addHelpText("after", helpAfter(null, "auth server snapshot delete seeded --db ./qa.db --yes"))
    .action(async (name: string, _flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const config = await target(flags);
      const { deleteSnapshot } = await import("../snapshot.js");
      const deleted = await deleteSnapshot(config.db, name, flags);
      if (wantsJson(flags)) printJson({ deleted: true, ...deleted });
      else info(text("qa", "snapshotDeleted", { name: deleted.name, file: deleted.file }));
    });
}
