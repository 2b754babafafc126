/**
 * When a failed delivery is tried again (issue 38): 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, then
 * every 6 h, the last try 24 h after the event; past that the delivery is failed. After
 * FLAG_AFTER failed deliveries in a row the endpoint is shown as failing (a success clears it).
 */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
export const FLAG_AFTER = 3;

/** The time of the next try after `attempts` failed ones, or null: give up. */
export function nextAttemptAt(createdAt: number, attempts: number, now: number): number | null {
  const deadline = createdAt + GIVE_UP_AFTER_MS;
  if (now >= deadline) return null;
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? RETRY_DELAYS_MS[0]!;
  return Math.min(now + delay, deadline);
}
