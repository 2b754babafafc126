/**
 * Counts in this process only: the store for SQLite (one server) and the fallback of the shared
 * stores while they are unreachable. Synchronous, so it adds no await to a request.
 */
import type { Clock } from "../clock.js";
import { windowOf, type CounterStore, type Hit } from "./rate-limit-store.js";

export interface MemoryCounter extends CounterStore {
  hit(key: string, windowMs: number): Hit;
}

export function createMemoryCounter(clock: Clock): MemoryCounter {
  const windows = new Map<string, { end: number; count: number }>();
  let nextSweep = 0;

  // Expired windows are dropped at most once a minute: memory stays bounded by the keys seen in
  // the longest window, without a timer.
  function sweep(now: number) {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, entry] of windows) if (entry.end <= now) windows.delete(key);
  }

  return {
    hit(key, windowMs) {
      const now = clock.now();
      sweep(now);
      const { end } = windowOf(now, windowMs);
      let entry = windows.get(key);
      if (!entry || entry.end !== end) {
        entry = { end, count: 0 };
        windows.set(key, entry);
      }
      entry.count++;
      return { current: entry.count, ttl: end - now };
    },
    health: () => ({ enabled: true, store: "memory", shared: false, degraded: false }),
    close: async () => {},
  };
}
