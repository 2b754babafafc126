/**
 * How long a run of failed sign-ins makes an account wait. Pure, so tests and docs/lockout.md can
 * state the table exactly. Anchors: Keycloak's brute-force detector (a wait that grows with each
 * failure, a failure count that resets after a quiet period) and Auth0 (a block after 10 failures).
 */
import type { Config } from "../../config.js";

export type LockoutPolicy = Config["lockout"];

/**
 * Seconds to refuse sign-in after the `failures`-th failure in a row:
 * - up to freeAttempts: none (typos cost nothing);
 * - then, until maxAttempts: slowDelay doubled per failure (1, 2, 4, 8 s by default) — a script
 *   slows to a crawl while a person barely notices;
 * - from maxAttempts: lockDuration, doubled per further failure, capped at maxLockDuration
 *   (15 min, 30 min, 1 h … 24 h by default).
 */
export function waitAfterFailure(policy: LockoutPolicy, failures: number): number {
  if (failures <= policy.freeAttempts && failures < policy.maxAttempts) return 0;
  if (failures < policy.maxAttempts) return policy.slowDelay * 2 ** Math.min(30, failures - policy.freeAttempts - 1);
  return Math.min(policy.maxLockDuration, policy.lockDuration * 2 ** Math.min(30, failures - policy.maxAttempts));
}

/** Whether the wait after this failure is a lock (audited, shown to administrators as locked). */
export function isLock(policy: LockoutPolicy, failures: number): boolean {
  return failures >= policy.maxAttempts;
}
