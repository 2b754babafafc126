/**
 * What every rate-limit counter store provides, and the adapter that makes one a store of
 * @fastify/rate-limit (its custom-store interface: `incr(key, callback, timeWindow, max)`).
 *
 * Windows are fixed and aligned to the epoch (window n covers [n·w, (n+1)·w)), so every server
 * agrees on which window a request falls in without talking to the others.
 */
import type { Clock } from "../clock.js";

export interface Hit {
  /** Requests counted in this window so far, this one included. */
  current: number;
  /** Milliseconds until the window ends (Retry-After). */
  ttl: number;
}

/** Health of the limiter, read by readiness (/ready) and `auth server` status. */
export interface LimiterHealth {
  enabled: boolean;
  store: "memory" | "postgres" | "redis";
  /** Counts are shared with other servers right now (false for memory and while degraded). */
  shared: boolean;
  /** The shared store failed: counting per process until it answers again. */
  degraded: boolean;
  /** The last failure, without credentials. */
  error?: string;
  /** When the current degradation began (ISO). */
  since?: string;
}

export interface CounterStore {
  hit(key: string, windowMs: number): Hit | Promise<Hit>;
  /**
   * Counts exactly in the shared store, one round trip (stores that batch: PostgreSQL, Redis for
   * the general rule). For rare requests worth counting across servers without the batching's
   * error bound (sign-ups). Absent: `hit` is exact already (memory). Falls back to `hit` while
   * the shared store fails.
   */
  hitExact?(key: string, windowMs: number): Promise<Hit>;
  health(): LimiterHealth;
  close(): Promise<void>;
  /** Resolves once the store is usable or has failed its first connection (start-up). */
  ready?(): Promise<void>;
}

export function windowOf(now: number, windowMs: number): { start: number; end: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A class @fastify/rate-limit can `new`, bound to one counter store. */
export function pluginStore(counter: CounterStore) {
  return class LatchkeyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      let hit: Hit | Promise<Hit>;
      try {
        hit = counter.hit(key, timeWindow);
      } catch (error) {
        callback(error as Error);
        return;
      }
      if (hit instanceof Promise) hit.then((result) => callback(null, result), (error: Error) => callback(error));
      else callback(null, hit);
    }
    child(): LatchkeyRateLimitStore {
      return this;
    }
  };
}

/** Logs at most once per interval, so a store that is down does not flood the log. */
export function throttledLog(clock: Clock, intervalMs = 60_000) {
  let last = -Infinity;
  return (write: () => void) => {
    const now = clock.now();
    if (now - last < intervalMs) return;
    last = now;
    write();
  };
}

/** A connection string fit for logs and readiness: the password masked. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
