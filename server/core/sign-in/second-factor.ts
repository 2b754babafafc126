/**
 * The second step of a sign-in. A user with two-factor on gets no session from one factor alone
 * (completeSignIn holds it here): a pending sign-in is kept server-side for 10 minutes, and the browser holds only a random handle to it in the signed
 * `two_factor` cookie. A verified code turns the pending sign-in into a session, once.
 *
 * A trusted device (signed `trust_device` cookie, a random handle to a server-side row of 30 days)
 * skips the step; it is rotated at each use and forgotten when two-factor is turned off or reset,
 * when the user signs out everywhere, resets the password, or changes it ending other sessions.
 * Both are one-time secrets (core/one-time.ts): "two-factor-pending" and "trust-device".
 */
import type { Kysely } from "kysely";
import type { TwoFactorRedirect } from "../../../shared/contract/two-factor.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { randomString } from "../../crypto/tokens.js";
import type { Database, UserRow } from "../../db/types.js";
import type { AuthState, BrowserSessions } from "../../http/handler.js";
import { isLocked, recordFailure } from "../lockout/service.js";
import { completeSignIn, type SignInMethod } from "./complete.js";
import type { HandOffSlot } from "./desktop-hand-off.js";
import type { PassedFactor } from "./session-facts.js";
import type { RequestMeta } from "../session/service.js";
import { findUserById } from "../user/store.js";
import { consume, forgetAllOf, issue, peek, swap, type OneTimeRecord } from "../one-time.js";
import { findTwoFactor } from "../two-factor/store.js";
import { AUDIT_REASONS } from "../../../shared/audit-reasons.js";

export const TWO_FACTOR_COOKIE = "two_factor";
export const TRUST_DEVICE_COOKIE = "trust_device";
/** The pending sign-in lives 10 minutes (better-auth's twoFactorCookieMaxAge). */
export const CHALLENGE_SECONDS = 600;
/** Wrong codes allowed against one pending sign-in before it is dropped. */
export const CHALLENGE_ATTEMPTS = 5;

interface Pending {
  userId: string;
  rememberMe: boolean;
  method: string;
  attempts: number;
  /** What the sign-in carries through the second step (completeSignIn's `carry`). */
  carry?: Record<string, unknown>;
  /** The credential epoch the first factor was proved under: a change since ends the pending sign-in's chance (issue 43). */
  epoch?: number;
}

export interface StepContext {
  app: AppContext;
  browser: BrowserSessions;
  meta: RequestMeta;
  auth: AuthState | null;
  /** The desktop hand-off slot of this request (completeSignIn puts the code it earns there). */
  handOff?: HandOffSlot;
}

/**
 * Holds a sign-in at the second step (called by completeSignIn only): no session yet, a pending
 * sign-in kept server-side, the browser given a handle to it, and the methods it may use.
 */
export async function holdAtSecondStep(
  ctx: Omit<StepContext, "auth">,
  user: UserRow,
  options: { rememberMe: boolean; method: string; carry?: Record<string, unknown>; epoch: number },
): Promise<TwoFactorRedirect> {
  const { app, browser } = ctx;
  const now = app.clock.now();
  const handle = randomString(32);
  const pending: Pending = { userId: user.id, rememberMe: options.rememberMe, method: options.method, attempts: 0, epoch: options.epoch, ...(options.carry ? { carry: options.carry } : {}) };
  await issue(app.db, now, { purpose: "two-factor-pending", secret: handle, data: pending, lifetimeSeconds: CHALLENGE_SECONDS, userId: user.id });
  browser.writeSigned(TWO_FACTOR_COOKIE, handle, CHALLENGE_SECONDS);
  const row = await findTwoFactor(app.db, user.id);
  // Codes by mail work for everyone with two-factor on; TOTP once an authenticator was confirmed.
  const twoFactorMethods: Array<"totp" | "otp"> = row?.verified ? ["totp", "otp"] : ["otp"];
  return { twoFactorRedirect: true, twoFactorMethods };
}

/** A valid trusted-device cookie of this user: rotate it and skip the step. */
export async function useTrustedDevice(app: AppContext, browser: BrowserSessions, userId: string): Promise<boolean> {
  const handle = browser.readSigned(TRUST_DEVICE_COOKIE);
  if (!handle) return false;
  // Rotated at each use: consuming it first means a copy of the old cookie no longer works.
  const row = await peek(app.db, app.clock.now(), "trust-device", handle);
  if (!row || row.userId !== userId || !(await consume(app.db, app.clock.now(), "trust-device", handle))) {
    browser.forgetSigned(TRUST_DEVICE_COOKIE);
    return false;
  }
  await trustThisDevice(app, browser, userId);
  return true;
}

export async function trustThisDevice(app: AppContext, browser: BrowserSessions, userId: string): Promise<void> {
  const now = app.clock.now();
  const maxAge = app.config.twoFactor.trustDeviceMaxAge;
  const handle = randomString(32);
  await issue(app.db, now, { purpose: "trust-device", secret: handle, data: {}, lifetimeSeconds: maxAge, userId });
  browser.writeSigned(TRUST_DEVICE_COOKIE, handle, maxAge);
}

/** Who is proving a second factor: the signed-in user (setup), or the pending sign-in's user. */
export interface Attempt {
  user: UserRow;
  /** Null when a signed-in user verifies (setup, or an in-session check). */
  pending: { record: OneTimeRecord; data: Pending; handle: string } | null;
}

export async function beginAttempt(ctx: StepContext): Promise<Attempt> {
  const { app, browser } = ctx;
  if (ctx.auth) return { user: ctx.auth.user, pending: null };
  const handle = browser.readSigned(TWO_FACTOR_COOKIE);
  if (!handle) throw apiError("INVALID_TWO_FACTOR_COOKIE");
  const row = await peek(app.db, app.clock.now(), "two-factor-pending", handle);
  const data = row ? parsePending(row.data) : null;
  const user = data ? await findUserById(app.db, data.userId) : undefined;
  if (!row || !data || !user) {
    browser.forgetSigned(TWO_FACTOR_COOKIE);
    throw apiError("INVALID_TWO_FACTOR_COOKIE");
  }
  if (data.attempts >= CHALLENGE_ATTEMPTS) {
    await consume(app.db, app.clock.now(), "two-factor-pending", handle);
    browser.forgetSigned(TWO_FACTOR_COOKIE);
    throw apiError("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
  }
  // The account lockout covers the second factor too: a locked account cannot guess codes.
  if (isLocked(user, app.clock.now())) throw apiError("TOO_MANY_SIGN_IN_ATTEMPTS");
  return { user, pending: { record: row, data, handle } };
}

/** A wrong code: count it against the pending sign-in and the account lockout, then refuse. */
export async function failAttempt(ctx: StepContext, attempt: Attempt, code: "INVALID_CODE" | "INVALID_BACKUP_CODE", message?: string): Promise<never> {
  if (attempt.pending) {
    const { record, data } = attempt.pending;
    await swap(ctx.app.db, ctx.app.clock.now(), record, { ...data, attempts: data.attempts + 1 });
  }
  await onSecondFactorFailure(ctx.app, attempt.user, ctx.meta);
  ctx.app.audit.record({
    action: "user.two-factor-failed",
    success: false,
    actorId: attempt.user.id,
    targetId: attempt.user.id,
    targetType: "user",
    reason: message === undefined ? (code === "INVALID_CODE" ? AUDIT_REASONS.wrongCode : AUDIT_REASONS.wrongBackupCode) : AUDIT_REASONS.codeAlreadyUsed,
    ipAddress: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
  });
  throw apiError(code, message);
}

/** Wrong second-factor codes count toward the account lockout like wrong passwords. */
export async function onSecondFactorFailure(app: AppContext, user: UserRow, meta: RequestMeta): Promise<void> {
  await recordFailure(app, { user }, meta);
}

/**
 * The code was right. For a pending sign-in: use it up (once) and finish the sign-in through the
 * sign-in core, trusting the device when asked. Returns the session's token and user (and what
 * the sign-in carried through the step).
 */
export async function completeAttempt(
  ctx: StepContext,
  attempt: Attempt,
  options: { trustDevice?: boolean; factor: PassedFactor },
): Promise<{ token: string; user: UserRow; carry?: Record<string, unknown> }> {
  const { app, browser } = ctx;
  if (!attempt.pending) {
    const auth = ctx.auth!;
    return { token: auth.token, user: (await findUserById(app.db, auth.user.id)) ?? auth.user };
  }
  const { handle, data } = attempt.pending;
  if (!(await consume(app.db, app.clock.now(), "two-factor-pending", handle))) {
    browser.forgetSigned(TWO_FACTOR_COOKIE);
    throw apiError("INVALID_TWO_FACTOR_COOKIE");
  }
  browser.forgetSigned(TWO_FACTOR_COOKIE);
  const outcome = await completeSignIn(ctx, attempt.user, {
    method: data.method as SignInMethod,
    rememberMe: data.rememberMe,
    secondFactor: options.factor,
    trustDevice: options.trustDevice,
    carry: data.carry,
    ...(typeof data.epoch === "number" ? { epoch: data.epoch } : {}),
  });
  if (outcome.held) throw apiError("INVALID_TWO_FACTOR_COOKIE"); // cannot happen: the second step was passed
  return { token: outcome.issued.token, user: outcome.issued.user, carry: outcome.carry };
}

function parsePending(data: unknown): Pending | null {
  const pending = data as Pending | null;
  return pending && typeof pending.userId === "string" && typeof pending.attempts === "number" ? pending : null;
}

/**
 * Ending a user's sessions ("sign out everywhere", an administrator's revoke, a password reset,
 * change-password ending other sessions) also forgets their trusted devices, so a stolen laptop
 * that was trusted must pass the second step again. `db`: a transaction the caller is in.
 */
export async function forgetTrustedDevices(app: AppContext, userId: string, db: Kysely<Database> = app.db): Promise<void> {
  await forgetAllOf(db, "trust-device", userId);
}
