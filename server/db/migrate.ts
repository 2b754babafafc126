/** Applies the versioned migrations; used on start and by `auth server migrate`. */
import { Migrator, type MigrationResult } from "kysely";
import type { DB } from "./database.js";
import { migrations } from "./migrations/index.js";

export interface MigrateOutcome {
  applied: string[];
  total: number;
}

export async function migrateToLatest(db: DB): Promise<MigrateOutcome> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: "latchkey_migration",
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
