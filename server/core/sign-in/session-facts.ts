/**
 * How each session's own sign-in went, recorded when completeSignIn creates it: the first factor
 * (the sign-in method), whether a passkey asserted user verification, and the second factor this
 * sign-in actually passed — a code ("totp", "otp", "backup-code") or "trusted-device" when a
 * trusted browser skipped the step. The user row's `lastSignInMethod` and `twoFactorEnabled`
 * cannot tell this: they describe the latest sign-in anywhere and what the account has set up,
 * not this session. Read by the `twoFactor.requiredForRoles` policy (a passkey session counts as
 * two factors), by the desktop hand-off (the app's session continues the browser's), and by the
 * OpenID provider's `amr`/`acr` claims (features/oauth-provider/claims.ts).
 *
 * Kept as a one-time secret "session-sign-in" keyed by the session id (core/one-time.ts): no
 * session column, so the better-auth session objects stay as they are, and the row goes with
 * its user. Sessions created before this record existed have none (callers fall back to a
 * conservative answer), except passkey sessions, whose older "passkey-session" mark still counts.
 */
import type { AppContext } from "../../context.js";
import { issue, peek } from "../one-time.js";

/** A second step passed with a code. */
export type PassedFactor = "totp" | "otp" | "backup-code";
/** What let this sign-in past the second step: a code, or a trusted browser that skipped it. */
export type SecondFactor = PassedFactor | "trusted-device";

export interface SessionSignIn {
  /** The first factor: completeSignIn's SignInMethod ("email", "username", "passkey", "social:<id>", …). */
  method: string;
  /** A passkey asserted with user verification: two factors by itself. */
  userVerified?: true;
  secondFactor?: SecondFactor;
}

const SECOND_FACTORS: readonly string[] = ["totp", "otp", "backup-code", "trusted-device"] satisfies SecondFactor[];

/** At least as long as any session can live; a session outliving it reads as "no facts". */
const FACTS_LIFETIME_SECONDS = 400 * 24 * 3600;

export async function recordSessionSignIn(app: AppContext, sessionId: string, userId: string, facts: SessionSignIn): Promise<void> {
  await issue(app.db, app.clock.now(), { purpose: "session-sign-in", secret: sessionId, data: facts, lifetimeSeconds: FACTS_LIFETIME_SECONDS, userId });
}

/** This session's sign-in, if it was recorded (and the record is this user's). */
export async function sessionSignIn(app: AppContext, sessionId: string, userId: string): Promise<SessionSignIn | undefined> {
  const now = app.clock.now();
  const record = await peek(app.db, now, "session-sign-in", sessionId);
  if (record) return record.userId === userId ? parseFacts(record.data) : undefined;
  // Sessions signed in with a passkey before this record existed carry only the older mark.
  const mark = await peek(app.db, now, "passkey-session", sessionId);
  return mark && mark.userId === userId ? { method: "passkey", userVerified: true } : undefined;
}

/** A second factor read back from stored JSON (a hand-off code's data), if it is one. */
export function secondFactorOf(value: unknown): SecondFactor | undefined {
  return typeof value === "string" && SECOND_FACTORS.includes(value) ? (value as SecondFactor) : undefined;
}

function parseFacts(data: unknown): SessionSignIn | undefined {
  const raw = data as Partial<Record<keyof SessionSignIn, unknown>> | null;
  if (!raw || typeof raw.method !== "string") return undefined;
  const secondFactor = secondFactorOf(raw.secondFactor);
  return { method: raw.method, ...(raw.userVerified === true ? { userVerified: true } : {}), ...(secondFactor ? { secondFactor } : {}) };
}
