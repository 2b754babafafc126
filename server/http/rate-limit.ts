/**
 * Fixed-window rate limiting per client IP and path, in memory. Sign-in, sign-up and password
 * endpoints get the stricter rule. Answers 429 with Retry-After (seconds).
 */
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";

const STRICT_PATHS = [
  "/sign-in/",
  "/sign-up/",
  "/forget-password",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/set-password",
  "/change-email",
  "/send-verification-email",
  "/delete-user",
];

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  check(ip: string, path: string): RateDecision;
}

export function isStrictPath(path: string): boolean {
  return STRICT_PATHS.some((prefix) => path === prefix || path.startsWith(prefix));
}

export function createRateLimiter(config: Config["rateLimit"], clock: Clock): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = clock.now();

  function sweep(now: number) {
    const horizon = Math.max(config.window, config.strict.window) * 1000;
    if (now - lastSweep < horizon) return;
    lastSweep = now;
    for (const [key, entry] of windows) if (now - entry.start >= horizon) windows.delete(key);
  }

  return {
    check(ip, path) {
      const rule = isStrictPath(path) ? config.strict : config;
      const now = clock.now();
      sweep(now);
      const key = `${ip}|${path}`;
      const windowMs = rule.window * 1000;
      let entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        entry = { start: now, count: 0 };
        windows.set(key, entry);
      }
      entry.count++;
      if (entry.count > rule.max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000)) };
      }
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
