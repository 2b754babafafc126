/**
 * What the two rate-limit benches (rate-limit: real servers under wrk; rate-limit-cpu: apps in
 * one process through inject) share: the six limiter variants (their scratch PostgreSQL
 * databases come from bench-database.ts).
 */

const REDIS_URL = process.env.LATCHKEY_BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/14";
/** A limit far above the load, so every answer is a 200: the cost of counting, not of refusing. */
const HIGH = { enabled: true, window: 60, max: 1_000_000_000 };

export interface Variant {
  name: string;
  db: "sqlite" | "postgres";
  /** Config on top of the defaults: the rate-limit settings and, for Redis, redisUrl. */
  settings: { rateLimit: { enabled: boolean; window?: number; max?: number }; redisUrl?: string };
}

/** Per database, the limiter-off baseline first. */
export const VARIANTS: Variant[] = [
  { name: "sqlite, limiter off", db: "sqlite", settings: { rateLimit: { enabled: false } } },
  { name: "sqlite, memory limiter", db: "sqlite", settings: { rateLimit: HIGH } },
  { name: "sqlite, Redis limiter", db: "sqlite", settings: { rateLimit: HIGH, redisUrl: REDIS_URL } },
  { name: "postgres, limiter off", db: "postgres", settings: { rateLimit: { enabled: false } } },
  { name: "postgres, PostgreSQL limiter", db: "postgres", settings: { rateLimit: HIGH } },
  { name: "postgres, Redis limiter", db: "postgres", settings: { rateLimit: HIGH, redisUrl: REDIS_URL } },
];

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
