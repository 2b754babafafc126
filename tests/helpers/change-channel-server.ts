/**
 * A server in the test's own process on a shared PostgreSQL, optionally with `redisUrl`: its change
 * listener, cache and metrics in reach (tests/redis, the Redis change channel of issue 24).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createApp, type LatchkeyApp } from "../../server/app.js";
import { mergeConfig, resolveConfig } from "../../server/config.js";
import { openDatabase } from "../../server/db/database.js";
import { TEST_SECRET } from "./test-server.js";

export interface ChannelServer {
  app: LatchkeyApp;
  api: string;
  close(): Promise<void>;
}

export async function startChannelServer(databaseUrl: string, redisUrl: string): Promise<ChannelServer> {
  const database = await openDatabase(databaseUrl);
  const config = resolveConfig(mergeConfig({ db: databaseUrl, host: "127.0.0.1", port: 0, logLevel: "silent", rateLimit: { enabled: false }, redisUrl }, {}));
  const app = await createApp({ config, db: database.db, secret: TEST_SECRET, logger: false });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.server.address() as { port: number };
  return {
    app,
    api: `http://127.0.0.1:${port}${config.basePath}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Polls `condition` every 5 ms until it holds, for up to `withinMs`. */
export async function until(condition: () => boolean | Promise<boolean>, withinMs = 5_000): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`condition not met within ${withinMs} ms`);
    await sleep(5);
  }
}
