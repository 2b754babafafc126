/**
 * Shared counting without a round trip on any request: each server counts in memory and, every
 * `syncMs`, adds what it counted to the shared totals in one batch (`push`), which answers the
 * totals of every server. A request is judged on `last known total + counted here since`.
 * Used by the PostgreSQL store, and by the Redis store for the general (non-strict) rule.
 *
 * Error bound: a server learns the others' counts once per sync, so within one window N servers
 * admit at most `max + (N − 1) × (what one server admits for that key in one sync interval)`.
 *
 * When the shared store fails, the server keeps counting locally (per process), retries on the
 * next tick (what was not written is added then, same window only), logs at most once a minute,
 * and `health()` says degraded.
 */
import type { Clock } from "../clock.js";
import type { Logger } from "../context.js";
import { throttledLog, windowOf, type CounterStore, type Hit, type LimiterHealth } from "./rate-limit-store.js";

export interface PendingCount {
  key: string;
  start: number;
  end: number;
  delta: number;
}

export interface SharedTotal {
  key: string;
  start: number;
  count: number;
}

interface Entry {
  key: string;
  start: number;
  end: number;
  /** Total across servers as of the last sync (this server's synced counts included). */
  shared: number;
  /** Counted here and not yet added to the shared total. */
  pending: number;
  /** Counted here and being added right now (a push in flight). */
  inflight: number;
}

export interface BatchedCounterOptions {
  store: "postgres" | "redis";
  clock: Clock;
  log: Logger;
  syncMs: number;
  /** Adds the counts (sorted by key, then window) and answers the new totals. */
  push(counts: PendingCount[]): Promise<SharedTotal[]>;
  /** Runs after a successful push, at most once a minute (drop old shared rows). */
  cleanup?(now: number): Promise<void>;
}

export interface BatchedCounter extends CounterStore {
  hit(key: string, windowMs: number): Hit;
  /** Push local counts now and learn the shared totals (tests; the timer does it every syncMs). */
  sync(): Promise<void>;
}

export function createBatchedCounter(options: BatchedCounterOptions): BatchedCounter {
  const { clock, log } = options;
  const entries = new Map<string, Entry>();
  const warn = throttledLog(clock);
  let degradedSince: number | null = null;
  let lastError: string | undefined;
  let syncing: Promise<void> | null = null;
  let nextCleanup = 0;

  function hit(key: string, windowMs: number): Hit {
    const now = clock.now();
    const { start, end } = windowOf(now, windowMs);
    let entry = entries.get(key);
    if (!entry || entry.start !== start) {
      entry = { key, start, end, shared: 0, pending: 0, inflight: 0 };
      entries.set(key, entry);
    }
    entry.pending++;
    return { current: entry.shared + entry.inflight + entry.pending, ttl: end - now };
  }

  async function push(): Promise<void> {
    const now = clock.now();
    const batch: Entry[] = [];
    for (const [key, entry] of entries) {
      if (entry.end <= now) {
        entries.delete(key); // a finished window: its counts no longer decide anything
        continue;
      }
      if (entry.pending > 0) {
        entry.inflight = entry.pending;
        entry.pending = 0;
        batch.push(entry);
      }
    }
    // One order for every server (key, window), so concurrent upserts never deadlock.
    batch.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.start - b.start));
    try {
      if (batch.length > 0) {
        const totals = await options.push(batch.map((e) => ({ key: e.key, start: e.start, end: e.end, delta: e.inflight })));
        for (const total of totals) {
          const entry = entries.get(total.key);
          if (entry && entry.start === total.start) {
            entry.shared = total.count;
            entry.inflight = 0;
          }
        }
      }
      if (options.cleanup && now >= nextCleanup) {
        nextCleanup = now + 60_000;
        await options.cleanup(now);
      }
      if (degradedSince !== null) log.info({ store: options.store }, "rate-limit store reachable again: counting shared");
      degradedSince = null;
      lastError = undefined;
    } catch (error) {
      for (const entry of batch) {
        entry.pending += entry.inflight;
        entry.inflight = 0;
      }
      lastError = (error as Error).message;
      degradedSince ??= clock.now();
      warn(() => log.warn({ store: options.store, err: { message: lastError } }, "rate-limit store unreachable: counting per process"));
    }
  }

  function sync(): Promise<void> {
    // One sync at a time: a slow store must not stack up pushes.
    syncing ??= push().finally(() => {
      syncing = null;
    });
    return syncing;
  }

  const timer = setInterval(() => void sync(), options.syncMs);
  timer.unref();

  return {
    hit,
    sync,
    health(): LimiterHealth {
      const degraded = degradedSince !== null;
      return {
        enabled: true,
        store: options.store,
        shared: !degraded,
        degraded,
        ...(lastError ? { error: lastError } : {}),
        ...(degradedSince !== null ? { since: new Date(degradedSince).toISOString() } : {}),
      };
    },
    async close() {
      clearInterval(timer);
      await sync().catch(() => {});
    },
  };
}
