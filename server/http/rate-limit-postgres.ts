/**
 * Rate-limit counters shared through PostgreSQL without a database round trip on any request:
 * local counts are added to the UNLOGGED "rateLimitCounter" rows (migration 0007) every `syncMs`
 * in one upsert that returns every server's totals (rate-limit-batched.ts; error bound there).
 * For the strict sign-in rule (10 a minute) a client pacing requests over 2 servers with the
 * default 1 s sync gets a few extra attempts, but a burst inside one sync interval gets up to
 * `max` per server (docs/scale-out.md); the per-account lockout, kept in the database itself, is
 * exact regardless.
 */
import { sql } from "kysely";
import type { Clock } from "../clock.js";
import type { Logger } from "../context.js";
import type { DB } from "../db/database.js";
import { createBatchedCounter, type BatchedCounter } from "./rate-limit-batched.js";
import { windowOf } from "./rate-limit-store.js";

export interface PostgresCounterOptions {
  db: DB;
  clock: Clock;
  log: Logger;
  syncMs: number;
}

const BATCH = 500;

export type PostgresCounter = BatchedCounter & Required<Pick<BatchedCounter, "hitExact">>;

export function createPostgresCounter(options: PostgresCounterOptions): PostgresCounter {
  const { db, clock } = options;
  const batched = createBatchedCounter({
    store: "postgres",
    clock: options.clock,
    log: options.log,
    syncMs: options.syncMs,
    async push(counts) {
      const totals = [];
      for (let i = 0; i < counts.length; i += BATCH) {
        const rows = sql.join(counts.slice(i, i + BATCH).map((c) => sql`(${c.key}, ${c.start}, ${c.end}, ${c.delta})`));
        const result = await sql<{ key: string; windowStart: string | number; count: string | number }>`
          insert into "rateLimitCounter" ("key", "windowStart", "windowEnd", "count") values ${rows}
          on conflict ("key", "windowStart") do update set "count" = "rateLimitCounter"."count" + excluded."count"
          returning "key", "windowStart", "count"`.execute(db);
        for (const row of result.rows) totals.push({ key: row.key, start: Number(row.windowStart), count: Number(row.count) });
      }
      return totals;
    },
    async cleanup(now) {
      await sql`delete from "rateLimitCounter" where "windowEnd" < ${now - 60_000}`.execute(db);
    },
  });
  return {
    ...batched,
    // One upsert per call: every server sees the count at once (sign-ups are rare, a round trip is cheap).
    async hitExact(key, windowMs) {
      const now = clock.now();
      const { start, end } = windowOf(now, windowMs);
      try {
        const result = await sql<{ count: string | number }>`
          insert into "rateLimitCounter" ("key", "windowStart", "windowEnd", "count") values (${key}, ${start}, ${end}, 1)
          on conflict ("key", "windowStart") do update set "count" = "rateLimitCounter"."count" + 1
          returning "count"`.execute(db);
        return { current: Number(result.rows[0]?.count ?? 1), ttl: end - now };
      } catch {
        // The database fails: count here (the batch adds it to the shared total later, and reports the failure).
        return batched.hit(key, windowMs);
      }
    },
  };
}
