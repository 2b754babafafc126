/**
 * Rate-limit counters shared through PostgreSQL without a database round trip on any request.
 *
 * Each server counts in memory and, every `syncMs` (1 s by default), adds what it counted to the
 * shared rows of "rateLimitCounter" (migration 0007) in one upsert, which returns the totals of
 * every server. A request is judged on `last known total + counted here since`.
 *
 * Error bound: a server learns the others' counts once per sync, so within one window N servers
 * admit at most `max + (N − 1) × (what one server admits for that key in one sync interval)`.
 * For the strict sign-in rule (10 a minute) a client spreading over 2 servers gets at most ~1–2
 * extra attempts; the per-account lockout (stored in the database itself) is exact regardless.
 *
 * When PostgreSQL is unreachable the upsert fails: the server keeps counting locally (per
 * process), retries on the next tick, logs at most once a minute, and `health()` says degraded.
 */
import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../context.js";
import type { DB } from "../db/database.js";
import { throttledLog, windowOf, type CounterStore, type Hit, type LimiterHealth } from "./rate-limit-store.js";

interface Entry {
  key: string;
  start: number;
  end: number;
  /** Total across servers as of the last sync (this server's synced counts included). */
  shared: number;
  /** Counted here and not yet added to the shared row. */
  pending: number;
  /** Counted here and being added right now (an upsert in flight). */
  inflight: number;
}

export interface PostgresCounterOptions {
  db: DB;
  clock: Clock;
  log: Logger;
  syncMs: number;
}

const BATCH = 500;

export interface PostgresCounter extends CounterStore {
  /** Push local counts now and learn the shared totals (tests; the timer does it every syncMs). */
  sync(): Promise<void>;
}

export function createPostgresCounter(options: PostgresCounterOptions): PostgresCounter {
  const { db, clock, log } = options;
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
    const batch: Array<{ entry: Entry; delta: number }> = [];
    for (const [key, entry] of entries) {
      if (entry.end <= now) {
        entries.delete(key); // a finished window: its counts no longer decide anything
        continue;
      }
      if (entry.pending > 0) {
        batch.push({ entry, delta: entry.pending });
        entry.inflight = entry.pending;
        entry.pending = 0;
      }
    }
    // One lock order for every server (key, window), so concurrent upserts never deadlock.
    batch.sort((a, b) => (a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : a.entry.start - b.entry.start));
    try {
      for (let i = 0; i < batch.length; i += BATCH) {
        const part = batch.slice(i, i + BATCH);
        const rows = sql.join(part.map(({ entry, delta }) => sql`(${entry.key}, ${entry.start}, ${entry.end}, ${delta})`));
        const result = await sql<{ key: string; windowStart: string | number; count: string | number }>`
          insert into "rateLimitCounter" ("key", "windowStart", "windowEnd", "count") values ${rows}
          on conflict ("key", "windowStart") do update set "count" = "rateLimitCounter"."count" + excluded."count"
          returning "key", "windowStart", "count"`.execute(db);
        for (const row of result.rows) {
          const entry = entries.get(row.key);
          if (entry && entry.start === Number(row.windowStart)) {
            entry.shared = Number(row.count);
            entry.inflight = 0;
          }
        }
      }
      if (now >= nextCleanup) {
        nextCleanup = now + 60_000;
        await sql`delete from "rateLimitCounter" where "windowEnd" < ${now - 60_000}`.execute(db);
      }
      if (degradedSince !== null) log.info({ store: "postgres" }, "rate-limit store reachable again: counting shared");
      degradedSince = null;
      lastError = undefined;
    } catch (error) {
      // Keep what was not written: it is added on the next successful sync (same window only).
      for (const { entry } of batch) {
        entry.pending += entry.inflight;
        entry.inflight = 0;
      }
      lastError = (error as Error).message;
      degradedSince ??= clock.now();
      warn(() => log.warn({ store: "postgres", err: { message: lastError } }, "rate-limit store unreachable: counting per process"));
    }
  }

  function sync(): Promise<void> {
    // One sync at a time: a slow database must not stack up upserts.
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
        store: "postgres",
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
