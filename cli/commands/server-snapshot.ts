/** `auth server snapshot save|list|restore|delete`: named copies of the database for QA (issue 39; docs/qa.md). SQLite: beside the file (cli/snapshot.ts); PostgreSQL: SQLite files in --dir (cli/postgres-snapshot.ts). */
import type { Command } from "commander";
import { example, helpAfter } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, printTable, wantsJson } from "../output.js";
import { say, text } from "../i18n/index.js";

type Flags = { db?: string; config?: string; dir?: string; json?: boolean; jsonl?: boolean; yes?: boolean; input?: boolean };

const DB_HELP = "SQLite database file or postgres:// URL (AUTH_DB)";
const DIR_HELP = "PostgreSQL only: the snapshots folder (default <config file>.snapshots)";

/**
 * The database the command works on, and for PostgreSQL the snapshots folder (resolved before
 * anything is opened). `--dir` on SQLite is refused: its snapshots always sit beside the file.
 */
async function target(flags: Flags) {
  const { buildConfig } = await import("../server-config.js");
  const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
  const { isPostgresUrl } = await import("../../server/db/target.js");
  if (isPostgresUrl(config.db)) {
    const { postgresSnapshotFolder } = await import("../postgres-snapshot.js");
    return { config, postgresFolder: postgresSnapshotFolder(flags.dir, flags.config ?? process.env.AUTH_CONFIG) };
  }
  if (flags.dir !== undefined) throw new CliError(text("qa", "snapshotDirSqlite"), EXIT.USAGE, "SNAPSHOT_DIR_SQLITE");
  if (config.db === ":memory:") throw new CliError(text("backup", "inMemoryBackup"), EXIT.USAGE, "NO_DATABASE");
  return { config, postgresFolder: null };
}

export function registerSnapshot(server: Command): void {
  const snapshot = example(
    server.command("snapshot").description("save the database under a name, and go back to it later (QA and demos)"),
    "auth server snapshot save seeded --db ./qa.db",
    "auth server snapshot restore seeded --db ./qa.db --yes",
    "auth server snapshot save seeded --db postgres://localhost/latchkey --dir ./snapshots",
  );

  snapshot
    .command("save")
    .description("copy the database to <db>.snapshots/NAME.db, or on PostgreSQL to <dir>/NAME.db (mode 0600), consistent while a server runs")
    .argument("<name>", "letters, digits, - and _")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .option("--dir <folder>", DIR_HELP)
    .addHelpText("after", helpAfter("An existing snapshot of that name is replaced only after confirmation (or --yes).", "auth server snapshot save seeded --db ./qa.db"))
    .action(async (name: string, _flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const { config, postgresFolder } = await target(flags);
      let saved;
      if (postgresFolder) saved = await (await import("../postgres-snapshot.js")).savePostgresSnapshot(config.db, postgresFolder, name, flags);
      else saved = await (await import("../snapshot.js")).saveSnapshot(config.db, name, flags);
      if (wantsJson(flags)) printJson(saved);
      else info(text("qa", "snapshotSaved", { name: saved.name, file: saved.file, bytes: saved.bytes }));
    });

  snapshot
    .command("list")
    .description("list the database's snapshots: name, size and time, newest first")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .option("--dir <folder>", DIR_HELP)
    .addHelpText("after", helpAfter(null, "auth server snapshot list --db ./qa.db --json"))
    .action(async (_flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const { config, postgresFolder } = await target(flags);
      const { listSnapshotsIn, snapshotFolder } = await import("../snapshot.js");
      const folder = postgresFolder ?? snapshotFolder(config.db);
      const snapshots = listSnapshotsIn(folder);
      if (wantsJson(flags)) printJson({ folder, snapshots });
      else await printTable(snapshots as unknown as Array<Record<string, unknown>>, ["name", "bytes", "createdAt"], flags);
    });

  snapshot
    .command("restore")
    .description("put a snapshot back in place of the database, with the checks of auth server restore (stop the server first)")
    .argument("<name>", "letters, digits, - and _")
    .option("--db <file>", DB_HELP)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its secret and previousSecrets")
    .option("--dir <folder>", DIR_HELP)
    .addHelpText("after", helpAfter("Refused while a server has the database open (PostgreSQL: while any other client is connected to it), and when the database's secret (AUTH_SECRET, the config file or the file beside the database) does not open the snapshot. The replaced files are kept as *.before-restore.", "auth server snapshot restore seeded --db ./qa.db --yes"))
    .action(async (name: string, _flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const { config, postgresFolder } = await target(flags);
      const { findSecret } = await import("../../server/secret.js");
      const secret = { secret: findSecret(config), previousSecrets: config.previousSecrets };
      if (postgresFolder) {
        const { restorePostgresSnapshot } = await import("../postgres-snapshot.js");
        const result = await restorePostgresSnapshot({ url: config.db, folder: postgresFolder, name, ...secret }, flags);
        if (wantsJson(flags)) printJson({ name, ...result });
        else info(say("done", "restored", { from: result.from, db: result.db, total: result.total }));
        return;
      }
      const { restoreSnapshot } = await import("../restore.js");
      const result = await restoreSnapshot(config.db, name, secret, flags);
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
    .option("--dir <folder>", DIR_HELP)
    .addHelpText("after", helpAfter(null, "auth server snapshot delete seeded --db ./qa.db --yes"))
    .action(async (name: string, _flags: Flags, command: Command) => {
      const flags = command.optsWithGlobals() as Flags;
      const { config, postgresFolder } = await target(flags);
      const { deleteSnapshot, deleteSnapshotFile } = await import("../snapshot.js");
      const deleted = postgresFolder ? await deleteSnapshotFile((await import("../postgres-snapshot.js")).existingPostgresSnapshot(postgresFolder, name), name, flags) : await deleteSnapshot(config.db, name, flags);
      if (wantsJson(flags)) printJson({ deleted: true, ...deleted });
      else info(text("qa", "snapshotDeleted", { name: deleted.name, file: deleted.file }));
    });
}
