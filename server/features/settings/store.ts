/** The runtimeSetting table (migration 0019): one row per setting changed at run time. */
import type { DB } from "../../db/database.js";
import type { RuntimeSettingTable } from "../../db/types.js";

export type StoredSetting = RuntimeSettingTable;

export function listStoredSettings(db: DB): Promise<StoredSetting[]> {
  return db.selectFrom("runtimeSetting").selectAll().execute();
}

export async function saveSetting(db: DB, row: StoredSetting): Promise<void> {
  await db
    .insertInto("runtimeSetting")
    .values(row)
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy }))
    .execute();
}

/** True when a row was there. */
export async function deleteSetting(db: DB, key: string): Promise<boolean> {
  const result = await db.deleteFrom("runtimeSetting").where("key", "=", key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Who changed settings, for the answer (people, not ids); removed users are simply absent. */
export async function settingAuthors(db: DB, ids: string[]): Promise<Map<string, { email: string; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("user").select(["id", "email", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, { email: row.email, name: row.name }]));
}
