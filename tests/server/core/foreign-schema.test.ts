/**
 * What counts as another program's database (issue 33, server/db/foreign-schema.ts): the table list
 * the check knows is exactly what the migrations create, a migrated Latchkey database is its own,
 * and better-auth's snake_case naming is recognised too.
 */
import { describe, expect, it } from "vitest";
import { classifyCatalogue, inspectDatabase, LATCHKEY_TABLES } from "../../../server/db/foreign-schema.js";
import { createTestDatabase, testDialect } from "../../helpers/test-database.js";

describe("foreign schema", () => {
  it("LATCHKEY_TABLES lists exactly the tables the migrations create, and a migrated database is not foreign", async () => {
    const test = await createTestDatabase();
    try {
      const tables = await test.database.db.introspection.getTables();
      // rateLimitCounter is PostgreSQL's only (several servers share their rate-limit windows there).
      const expected = LATCHKEY_TABLES.filter((name) => name !== "rateLimitCounter" || testDialect === "postgres");
      expect(tables.map((table) => table.name).filter((name) => !name.startsWith("latchkey_")).sort()).toEqual([...expected].sort());
      expect(await inspectDatabase(test.target)).toBeNull();
    } finally {
      await test.drop();
    }
  });

  it("recognises better-auth's snake_case plural tables, and leaves unrelated or empty databases alone", () => {
    const snake = [
      ...["id", "email", "email_verified", "name"].map((column) => ({ table: "users", column })),
      ...["id", "token", "user_id", "expires_at"].map((column) => ({ table: "sessions", column })),
      ...["id", "provider_id", "account_id", "user_id"].map((column) => ({ table: "accounts", column })),
    ];
    expect(classifyCatalogue(snake)).toEqual({ kind: "better-auth", tables: ["accounts", "sessions", "users"] });
    expect(classifyCatalogue([{ table: "invoices", column: "id" }])).toBeNull();
    expect(classifyCatalogue([])).toBeNull();
    expect(classifyCatalogue([{ table: "member", column: "id" }])).toEqual({ kind: "unknown", tables: ["member"] });
    expect(classifyCatalogue([...snake, { table: "latchkey_migration", column: "name" }])).toBeNull();
  });
});
