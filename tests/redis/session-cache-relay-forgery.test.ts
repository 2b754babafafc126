/**
 * Issue 32, finding 8: the Redis change channel trusts only its own deployment's relay. A stranger
 * who can PUBLISH on the Redis (this test, through ioredis) learns a server's heartbeat id from the
 * channel, takes the relay lease away so no real heartbeat comes back, and publishes
 * `h:<id>:1e15:…` — which used to keep that server's cache "fresh" forever — then a bad
 * signature and a replay of a real signed heartbeat; none makes the cache usable. A forged
 * notice (`*`: "everyone changed") is not acted upon either. Every drop is counted in
 * latchkey_session_change_rejected_total by reason.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelNames } from "../../server/db/redis-change-channel.js";
import { startChannelServer, until, type ChannelServer } from "../helpers/change-channel-server.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../helpers/test-database.js";
import { TEST_SECRET } from "../helpers/test-server.js";

const REDIS_URL = process.env.LATCHKEY_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/13";

describe("the Redis change channel drops what its relay did not sign", () => {
  let testDatabase: TestDatabase;
  let server: ChannelServer;
  let stranger: Redis;
  let listening: Redis;
  let channel: string;
  let leaseKey: string;
  /** Every message on the channel, as published, in order. */
  const seen: string[] = [];

  beforeAll(async () => {
    expect(testDialect, "npm run test:redis runs on PostgreSQL (vitest.redis.config.ts)").toBe("postgres");
    testDatabase = await createTestDatabase();
    ({ channel, leaseKey } = channelNames(TEST_SECRET, testDatabase.target));
    stranger = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    listening = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    listening.on("message", (_from: string, message: string) => seen.push(message));
    await listening.subscribe(channel);
    server = await startChannelServer(testDatabase.target, REDIS_URL);
    await until(() => usable());
  });
  afterAll(async () => {
    await server?.close();
    listening?.disconnect();
    await stranger?.del(leaseKey);
    stranger?.disconnect();
    await testDatabase?.drop();
  });

  const usable = () => server.app.changeListener?.usable() === true;

  async function rejected(reason: string): Promise<number> {
    const counter = (server.app.context.metrics as { sessionChangeRejections?: { get(): Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> } }).sessionChangeRejections;
    if (!counter) return 0;
    return (await counter.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
  }

  async function invalidations(scope: string): Promise<number> {
    return (await server.app.context.metrics.sessionCacheInvalidations.get()).values.find((v) => v.labels.scope === scope)?.value ?? 0;
  }

  /**
   * The last heartbeat of each sender seen on the channel, as published, by heartbeat id: the
   * server's channel and (while it relays) its LISTEN connection each send their own.
   */
  function heartbeats(): Map<string, string> {
    const last = new Map<string, string>();
    for (const message of seen) {
      const id = message.match(/(?:^| )h:([^:]+):/)?.[1];
      if (id) last.set(id, message);
    }
    return last;
  }

  /** Publishes `message`, then waits until the server either dropped it (counted) or took it as proof. */
  async function publishForged(message: string, reason: string): Promise<void> {
    const before = await rejected(reason);
    expect(await stranger.publish(channel, message)).toBeGreaterThanOrEqual(1);
    await until(async () => usable() || (await rejected(reason)) > before, 3_000);
    expect(usable(), `after ${JSON.stringify(message)}`).toBe(false);
    expect(await rejected(reason)).toBe(before + 1);
  }

  it("a forged, a badly signed or a replayed heartbeat never makes the cache usable once real ones stop", async () => {
    await until(() => heartbeats().size === 2);
    const captured = heartbeats();
    // The stranger takes the lease (as a second deployment or a typo could): the server stops
    // relaying, no real heartbeat comes back, and after 2 s its cache is not used.
    await stranger.set(leaseKey, "stranger", "PX", 60_000);
    await until(() => server.app.changeListener?.relaying?.() === false && !usable(), 5_000);

    for (const [id, replay] of captured) {
      await publishForged(`h:${id}:1e15:999999`, "unsigned");
      await publishForged(`s1 ${"A".repeat(43)} someone 0 h:${id}:1e15:999999`, "signature");
      await publishForged(replay, "replayed");
    }
    // No real heartbeat comes back, so the state says so once one is overdue (2 s after the last
    // send; a reset just before may have started that wait afresh, db/heartbeats.ts lagging()).
    await until(() => server.app.changeListener?.state() === "lagging", 5_000);
    expect(usable()).toBe(false);

    // The lease back, the server relays and caches again: real heartbeats still count.
    await stranger.del(leaseKey);
    await until(() => usable(), 8_000);
  });

  it("a forged notice is dropped, not acted upon", async () => {
    await until(() => usable());
    const all = await invalidations("all");
    const before = await rejected("unsigned");
    for (const forged of ["*", "s", "u:someone"]) expect(await stranger.publish(channel, forged)).toBeGreaterThanOrEqual(1);
    await until(async () => (await rejected("unsigned")) >= before + 3 || (await invalidations("all")) > all, 3_000);
    expect(await invalidations("all")).toBe(all);
    expect(await rejected("unsigned")).toBe(before + 3);
    expect(usable()).toBe(true);
    const metrics = await server.app.context.metrics.registry.metrics();
    expect(metrics).toMatch(/latchkey_session_change_rejected_total\{reason="unsigned"\} [1-9]/);
  });
});
