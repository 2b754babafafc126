/**
 * A second Latchkey server in this process on a test server's PostgreSQL database (scale-out:
 * several stateless servers, one database), its app context in reach of the test.
 */
import { createApp, type LatchkeyApp } from "../../server/app.js";
import { mergeConfig, resolveConfig, type ConfigInput } from "../../server/config.js";
import { openDatabase, type OpenedDatabase } from "../../server/db/database.js";
import { TEST_SECRET } from "./test-server.js";

export interface SecondServer {
  app: LatchkeyApp;
  api: string;
  database: OpenedDatabase;
  close(): Promise<void>;
}

export async function startSecondServer(url: string, config: ConfigInput = {}): Promise<SecondServer> {
  const database = await openDatabase(url);
  const resolved = resolveConfig(
    mergeConfig({ db: url, host: "127.0.0.1", port: 0, logLevel: "silent", rateLimit: { enabled: false }, password: { memoryCost: 1024, timeCost: 1, parallelism: 1 } }, config),
  );
  const app = await createApp({ config: resolved, db: database.db, secret: TEST_SECRET, logger: false });
  await app.server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.server.address() as { port: number };
  return {
    app,
    api: `http://127.0.0.1:${port}${resolved.basePath}`,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
