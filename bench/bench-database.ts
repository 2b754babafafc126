/**
 * Scratch PostgreSQL databases for the benches: created fresh on LATCHKEY_BENCH_PG_URL (default
 * the local server) and dropped after the run, so a bench never touches a database it did not make.
 */
import pg from "pg";

const PG_ADMIN = process.env.LATCHKEY_BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** One statement on the administrative connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database `name` (any left over from an earlier run is dropped); returns its URL. */
export async function createBenchDatabase(name: string): Promise<string> {
  await pgAdmin(`DROP DATABASE IF EXISTS ${name}`);
  await pgAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops `name` even while connections are open; never throws (it runs in `finally` blocks). */
export async function dropBenchDatabase(name: string): Promise<void> {
  await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
}
