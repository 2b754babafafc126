/** Whether the console is solving a captcha right now (the "Verifying you are human…" line). */
import { useSyncExternalStore } from "react";

let solving = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVerifyingHuman(): boolean {
  return useSyncExternalStore(subscribe, () => solving > 0);
}

/** Marks the span of `work` as solving (nested and concurrent calls count). */
export async function whileVerifying<T>(work: () => Promise<T>): Promise<T> {
  solving += 1;
  for (const listener of listeners) listener();
  try {
    return await work();
  } finally {
    solving -= 1;
    for (const listener of listeners) listener();
  }
}
