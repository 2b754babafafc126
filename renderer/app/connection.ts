/**
 * Is the server reachable (issue 33: offline, a search silently showed stale results)? Two signals:
 * the browser's own (navigator.onLine, which says nothing about a server on this machine: an offline
 * demo on loopback works without a network) and what the last request to the server did — a
 * request that got no answer at all means it cannot be reached; any answer means it can.
 */
import { useSyncExternalStore } from "react";

export type Connection = "ok" | "offline" | "unreachable";

let serverAnswered = true;
let networkUp = typeof navigator === "undefined" ? true : navigator.onLine;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    networkUp = true;
    notify();
  });
  window.addEventListener("offline", () => {
    networkUp = false;
    notify();
  });
}

/** Called by the api client after each request: `true` for any answer, `false` when none came. */
export function reportServerAnswer(answered: boolean): void {
  if (answered === serverAnswered) return;
  serverAnswered = answered;
  notify();
}

/** A server on this machine needs no network, so the browser's "offline" alone does not count for it. */
const serverIsLocal = () =>
  typeof location !== "undefined" && /^https?:$/.test(location.protocol) && /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(location.hostname);

function current(): Connection {
  if (!networkUp && (!serverAnswered || !serverIsLocal())) return "offline";
  if (!serverAnswered) return "unreachable";
  return "ok";
}

export function useConnection(): Connection {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => "ok",
  );
}
