/**
 * Makes a write fail inside the real database, to prove rollbacks and error paths without
 * mocks. A trigger is spelled differently per dialect; this is the one place that knows both.
 */
import { sql } from "kysely";
import type { TestServer } from "./test-server.js";

export interface FailingTrigger {
  name: string;
  event: "INSERT" | "DELETE";
  table: string;
  /** Only rows whose column has this value fail (the old row for DELETE, the new for INSERT). */
  where?: { column: string; equals: string };
  message: string;
}

/** Installs the trigger; the returned function removes it. */
export async function addFailingTrigger(server: TestServer, trigger: FailingTrigger): Promise<() => Promise<void>> {
  const db = server.database.db;
  const row = trigger.event === "DELETE" ? "old" : "new";
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (server.dialect === "postgres") {
    const when = trigger.where ? `WHEN (${row}."${trigger.where.column}" = ${quote(trigger.where.equals)})` : "";
    await sql.raw(`CREATE FUNCTION ${trigger.name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION ${quote(trigger.message)}; END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER ${trigger.name} BEFORE ${trigger.event} ON "${trigger.table}" FOR EACH ROW ${when} EXECUTE FUNCTION ${trigger.name}_fn()`).execute(db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${trigger.name} ON "${trigger.table}"`).execute(db);
      await sql.raw(`DROP FUNCTION ${trigger.name}_fn()`).execute(db);
    };
  }
  const when = trigger.where ? `WHEN ${row}."${trigger.where.column}" = ${quote(trigger.where.equals)}` : "";
  await sql.raw(`CREATE TRIGGER ${trigger.name} BEFORE ${trigger.event} ON "${trigger.table}" ${when} BEGIN SELECT RAISE(ABORT, ${quote(trigger.message)}); END`).execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${trigger.name}`).execute(db);
  };
}
