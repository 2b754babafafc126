/** Applies the versioned migrations; used on start and by `auth server migrate`. */
import { Migrator, type MigrationResult } from "kysely";
import type { DB } from "./database.js";
import { migrations } from "./migrations/index.js";
import { renamedMigrations } from "./migrations/renamed.js";

export interface MigrateOutcome {
  applied: string[];
  total: number;
}

const MIGRATION_TABLE = "latchkey_migration";

export async function migrateToLatest(db: DB): Promise<MigrateOutcome> {
  await renameRecordedMigrations(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: "latchkey_migration_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: MigrationResult) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${(error as Error).message ?? String(error)}`);
  }
  return {
    applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName),
    total: Object.keys(migrations).length,
  };
}

/**
 * Rewrites the names an earlier release recorded (migrations/renamed.ts) to today's, in one
 * transaction, so Kysely finds the prefix it expects. Idempotent: a database already on the new
 * names, or a new one without the table, is left as it is.
 */
export async function renameRecordedMigrations(db: DB): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return;
  // The table is Kysely's, not in the Database type: an untyped handle for it only.
  const untyped = db.withoutPlugins() as unknown as import("kysely").Kysely<Record<typeof MIGRATION_TABLE, { name: string }>>;
  await untyped.transaction().execute(async (trx) => {
    for (const [oldName, newName] of Object.entries(renamedMigrations)) {
      await trx.updateTable(MIGRATION_TABLE).set({ name: newName }).where("name", "=", oldName).execute();
    }
  });
}
