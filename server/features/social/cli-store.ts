/**
 * The command line's one-time secrets, kept by the one-time store (core/one-time.ts: digests
 * only, expiry in SQL, single use):
 *   `cli-approval` — a provider round trip awaiting the person's approval (the browser's handle);
 *   `cli-hand-off` — an approved sign-in awaiting the CLI's verifier (the code).
 */
import type { AppContext } from "../../context.js";
import { consume, issue, peek } from "../../core/one-time.js";

export type CliSecretKind = "cli-approval" | "cli-social";

const PURPOSE = { "cli-approval": "cli-approval", "cli-social": "cli-hand-off" } as const;

function userOf(value: unknown): string | null {
  const userId = (value as { userId?: unknown } | null)?.userId;
  return typeof userId === "string" ? userId : null;
}

export async function saveCliSecret(app: AppContext, kind: CliSecretKind, secret: string, value: unknown, lifetimeSeconds: number): Promise<void> {
  await issue(app.db, app.clock.now(), { purpose: PURPOSE[kind], secret, data: value, lifetimeSeconds, userId: userOf(value) });
}

/** The stored value while it lasts, left in place (the approval page may be reloaded). */
export async function peekCliSecret<T>(app: AppContext, kind: CliSecretKind, secret: string): Promise<T | undefined> {
  return (await peek(app.db, app.clock.now(), PURPOSE[kind], secret))?.data as T | undefined;
}

/** The stored value, removed: a second take of the same secret finds nothing. */
export async function takeCliSecret<T>(app: AppContext, kind: CliSecretKind, secret: string): Promise<T | undefined> {
  return (await consume(app.db, app.clock.now(), PURPOSE[kind], secret))?.data as T | undefined;
}
