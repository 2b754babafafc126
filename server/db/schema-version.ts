/**
 * Which migrations a database has, compared with this build's. Restore and copy refuse a database
 * from a newer build (its tables may hold columns this build would drop or misread) and say so in
 * one sentence instead of failing half-way.
 */
import { sql } from "kysely";
import type { DB } from "./database.js";
import { migrations } from "./migrations/index.js";

export const MIGRATION_TABLE = "latchkey_migration";

export interface SchemaComparison {
  /** Migrations the database has that this build does not know: it comes from a newer build. */
  unknown: string[];
  /** Migrations this build has that the database lacks: it comes from an older build. */
  missing: string[];
}

/** The names recorded in the database (empty for a database never migrated). */
export async function appliedMigrations(db: DB): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`select "name" from ${sql.table(MIGRATION_TABLE)} order by "name"`.execute(db);
    return rows.rows.map((row) => row.name);
  } catch {
    return [];
  }
}

export function compareWithBuild(applied: readonly string[]): SchemaComparison {
  const known = new Set(Object.keys(migrations));
  const have = new Set(applied);
  return { unknown: applied.filter((name) => !known.has(name)), missing: [...known].filter((name) => !have.has(name)) };
}
