/**
 * Rate-limit counters in Redis (`redisUrl`, AUTH_REDIS_URL, --redis-url).
 *
 * - The strict rule (sign-in, sign-up, password endpoints: few requests, each worth guarding) is
 *   exact: one atomic script per request (INCR, and PEXPIRE when the key is new), so every server
 *   behind a load balancer sees the same count with no error bound.
 * - The general rule (every other request, the bulk of the traffic: get-session) is counted
 *   locally and added to Redis every `syncMs` in one pipeline (rate-limit-batched.ts, with its
 *   error bound): a Redis round trip per get-session cost up to half its throughput on two
 *   shared cores (docs/benchmarks.md), which a 300-a-minute rule does not need.
 *
 * When Redis is unreachable the server keeps serving: requests are counted in this process (the
 * memory store) until Redis answers again, a warning is logged at most once a minute, and
 * `health()` reports the degradation to readiness. Commands are never queued while disconnected
 * and time out quickly, so a dead or hung Redis costs a request at most `commandTimeoutMs` — and
 * only the first few: after a failure Redis is skipped for `backoffMs`.
 */
import type { Redis } from "ioredis";
import { openRedis } from "../redis-client.js";
import type { Clock } from "../clock.js";
import type { Logger } from "../context.js";
import { createBatchedCounter } from "./rate-limit-batched.js";
import { createMemoryCounter } from "./rate-limit-memory.js";
import { maskUrl, throttledLog, windowOf, type CounterStore, type Hit, type LimiterHealth } from "./rate-limit-store.js";

const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;

const ADD_SCRIPT = `local c = redis.call('INCRBY', KEYS[1], ARGV[1])
if c == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return c`;

/** Keys of the strict rule start with this (rate-limit.ts); they are counted exactly. */
export const STRICT_KEY = "strict:";

type HitClient = Redis & { latchkeyHit(key: string, expireMs: number): Promise<number> };

export interface RedisCounterOptions {
  url: string;
  clock: Clock;
  log: Logger;
  /** Key prefix; tests give each run its own. */
  prefix?: string;
  commandTimeoutMs?: number;
  backoffMs?: number;
  /** How often the general rule's local counts are added to Redis. */
  syncMs?: number;
}

export function createRedisCounter(options: RedisCounterOptions): CounterStore {
  const { clock, log } = options;
  const prefix = options.prefix ?? "latchkey:rl:";
  const backoffMs = options.backoffMs ?? 2_000;
  const fallback = createMemoryCounter(clock);
  const warn = throttledLog(clock);
  let degradedSince: number | null = null;
  let lastError: string | undefined;
  let skipUntil = 0;

  const client = openRedis(options.url, { commandTimeout: options.commandTimeoutMs ?? 250 }) as HitClient;
  client.defineCommand("latchkeyHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  client.defineCommand("latchkeyAdd", { numberOfKeys: 1, lua: ADD_SCRIPT });
  const batched = createBatchedCounter({
    store: "redis",
    clock,
    log,
    syncMs: options.syncMs ?? 1_000,
    async push(counts) {
      if (client.status !== "ready") throw new Error(`not connected (${client.status})`);
      const pipeline = client.pipeline();
      for (const c of counts) (pipeline as unknown as { latchkeyAdd(...args: unknown[]): void }).latchkeyAdd(`${prefix}${c.key}|${c.start}`, c.delta, c.end - c.start + 1_000);
      const results = (await pipeline.exec()) ?? [];
      return counts.map((c, i) => {
        const [error, value] = results[i] ?? [new Error("no reply"), 0];
        if (error) throw error;
        return { key: c.key, start: c.start, count: Number(value) };
      });
    },
  });
  // ioredis emits 'error' on every failed reconnect; the throttled warning below is the one report.
  client.on("error", (error: Error) => fail(error));
  client.on("ready", () => {
    if (degradedSince !== null) log.info({ store: "redis" }, "rate-limit store reachable again: counting shared");
    degradedSince = null;
    lastError = undefined;
    skipUntil = 0;
  });

  function fail(error: Error) {
    const now = clock.now();
    lastError = error.message;
    degradedSince ??= now;
    skipUntil = Date.now() + backoffMs;
    warn(() => log.warn({ store: "redis", url: maskUrl(options.url), err: { message: error.message } }, "rate-limit store unreachable: counting per process"));
  }

  return {
    hit(key: string, windowMs: number): Hit | Promise<Hit> {
      if (!key.startsWith(STRICT_KEY)) return batched.hit(key, windowMs);
      return exactHit(key, windowMs);
    },
    hitExact: exactHit,
    health(): LimiterHealth {
      const own = exactHealth();
      const other = batched.health();
      if (own.degraded || !other.degraded) return own;
      return other;
    },
    ready,
    async close() {
      await batched.close();
      client.disconnect();
    },
  };

  async function exactHit(key: string, windowMs: number): Promise<Hit> {
    const now = clock.now();
    if (client.status !== "ready" || Date.now() < skipUntil) return fallback.hit(key, windowMs);
    const { start, end } = windowOf(now, windowMs);
    try {
      // The window start in the key: a new window is a new key, and old ones expire on their own.
      const current = await client.latchkeyHit(`${prefix}${key}|${start}`, windowMs + 1_000);
      return { current: Number(current), ttl: end - now };
    } catch (error) {
      fail(error as Error);
      return fallback.hit(key, windowMs);
    }
  }

  function exactHealth(): LimiterHealth {
    const degraded = degradedSince !== null || client.status !== "ready";
    return {
      enabled: true,
      store: "redis",
      shared: !degraded,
      degraded,
      ...(lastError ? { error: lastError } : degraded ? { error: `not connected (${client.status})` } : {}),
      ...(degradedSince !== null ? { since: new Date(degradedSince).toISOString() } : {}),
    };
  }

  // Start-up waits for the first connection (or its failure, or 2 s) so the first requests are
  // counted in Redis, not locally.
  function ready(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (client.status === "ready") return resolve();
      const done = () => {
        clearTimeout(timer);
        client.off("ready", done);
        client.off("error", done);
        resolve();
      };
      const timer = setTimeout(done, 2_000);
      client.once("ready", done);
      client.once("error", done);
    });
  }
}
