/**
 * Issue 39: the server's clock, as the console should read it. A server started with
 * `--clock-offset 8d` (or moved by `auth dev clock advance`) stamps sessions, bans and invitations
 * in its own time, so "in 2 days" must be counted from the server's now, not the browser's.
 * `/ok` says how far the server is shifted; every health answer updates the offset here.
 */
import { useSyncExternalStore } from "react";

let offsetMs = 0;
const listeners = new Set<() => void>();

/** The server's "now" in milliseconds: the browser's clock plus the server's announced offset. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function setServerClockOffset(ms: number): void {
  if (ms === offsetMs) return;
  offsetMs = ms;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offset as React state: a component that uses it is drawn again when the server's clock moves. */
export function useServerClockOffset(): number {
  return useSyncExternalStore(subscribe, () => offsetMs);
}
