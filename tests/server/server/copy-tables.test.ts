/**
 * `auth server copy` copies every table the migrations create (issue 26): a migration that adds a
 * table fails here until the table is copied (COPIED_TABLES, in foreign-key order) or its absence
 * is explained (NOT_COPIED). Runs on the dialect of the pass (LATCHKEY_TEST_DIALECT).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COPIED_TABLES, NOT_COPIED } from "../../../server/maintenance/copy-database.js";
import { columnKind, convertValue } from "../../../server/maintenance/column-conversion.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../../helpers/test-database.js";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function tablesOf(): Promise<string[]> {
  if (testDialect === "postgres") {
    const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.database.db);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.database.db);
  return rows.rows.map((r) => r.name);
}

async function foreignKeys(): Promise<Array<{ table: string; parent: string }>> {
  if (testDialect === "postgres") {
    const rows = await sql<{ table: string; parent: string }>`select tc.table_name as "table", ccu.table_name as parent from information_schema.table_constraints tc join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db.database.db);
    return rows.rows;
  }
  const out: Array<{ table: string; parent: string }> = [];
  for (const table of await tablesOf()) {
    const rows = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db.database.db);
    for (const row of rows.rows) out.push({ table, parent: row.table });
  }
  return out;
}

describe("auth server copy's table list (#26)", () => {
  it("names every table the migrations create, copied or left out with a reason", async () => {
    const tables = await tablesOf();
    const accounted = new Set<string>([...COPIED_TABLES, ...Object.keys(NOT_COPIED)]);
    expect(tables.filter((table) => !accounted.has(table))).toEqual([]);
    for (const table of COPIED_TABLES) expect(tables, table).toContain(table);
  });

  it("lists parents before the tables whose foreign keys point at them", async () => {
    const order = COPIED_TABLES as readonly string[];
    const keys = await foreignKeys();
    expect(keys.length).toBeGreaterThan(5);
    for (const { table, parent } of keys) expect(order.indexOf(parent), `${table} → ${parent}`).toBeLessThan(order.indexOf(table));
  });
});

describe("values between dialects (#26)", () => {
  it("reads declared types of both dialects as kinds", () => {
    expect(["bigint", "integer", "int8", "BIGSERIAL"].map(columnKind)).toEqual(["integer", "integer", "integer", "integer"]);
    expect(["text", "character varying", "TEXT"].map(columnKind)).toEqual(["text", "text", "text"]);
    expect(columnKind("double precision")).toBe("real");
    expect(columnKind("bytea")).toBe("other");
  });

  it("converts what drivers hand over in another shape, and leaves the rest as it is", () => {
    expect(convertValue(true, "integer")).toBe(1);
    expect(convertValue(false, "integer")).toBe(0);
    expect(convertValue(new Date(1_700_000_000_123), "integer")).toBe(1_700_000_000_123);
    expect(convertValue("1700000000123", "integer")).toBe(1_700_000_000_123);
    expect(convertValue(17n, "integer")).toBe(17);
    expect(convertValue(2n ** 60n, "integer")).toBe((2n ** 60n).toString());
    expect(convertValue(5, "integer")).toBe(5);
    expect(convertValue(42, "text")).toBe("42");
    expect(convertValue({ plan: "pro" }, "text")).toBe('{"plan":"pro"}');
    expect(convertValue("sealed:v1:abc", "text")).toBe("sealed:v1:abc");
    expect(convertValue(null, "text")).toBeNull();
    expect(convertValue(undefined, "integer")).toBeNull();
  });
});
