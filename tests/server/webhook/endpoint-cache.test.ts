/**
 * The endpoint cache inside a change's transaction (issue 38). On SQLite the pool is one
 * connection: a refresh started through the pool (the audit writer's, the sender's) waits for the
 * transaction that holds it, so a change asking the cache must never wait for that refresh — it
 * did once, and a sign-up hung for good while the audit writer refreshed (CI, tests/postgres/copy).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEndpointCache, TTL_MS } from "../../../server/webhook/endpoint-cache.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms).unref())]);

describe("endpoint cache and transactions", () => {
  it("a transaction's question is answered while a refresh through the pool waits for that transaction", async () => {
    let clock = 0;
    const cache = createEndpointCache(server.database.db, () => clock);
    await cache.subscribers(); // a settled copy…
    clock += TTL_MS + 1; // …gone stale
    let outside: Promise<readonly unknown[]> | undefined;
    await server.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom("webhookEndpoint").select("id").execute(); // the transaction holds the connection
      outside = cache.subscribers(); // the pool's refresh: on SQLite it waits for this transaction
      expect(await within(cache.wanted("user.sign-up", trx), 5_000)).toBe(false);
      expect(await within(cache.endpoint("no-such-endpoint", trx), 5_000)).toBeUndefined();
    });
    expect(await within(outside!, 5_000)).toEqual([]);
    // Once settled, the copy answers everyone, transaction or not.
    await server.database.db.transaction().execute(async (trx) => {
      expect(await within(cache.subscribers(trx), 5_000)).toEqual([]);
    });
  });
});
