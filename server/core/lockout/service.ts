/**
 * Per-account brute-force protection. Sign-in paths make ONE call, `guardSignIn`, around their
 * password check; other factors (two-factor codes) report failures with `recordFailure` and
 * successes with `recordSuccess`.
 *
 * - An existing account is counted on its user row (whatever identifier was typed, email or
 *   username, so the two do not give an attacker two budgets); an identifier that matches no
 *   account is counted by its normalised form in signInLockout. Both answer a lock the same way:
 *   429 TOO_MANY_SIGN_IN_ATTEMPTS, before any password hash, so neither status, body nor timing
 *   tells whether the account exists.
 * - Off when `lockout.enabled` or `rateLimit.enabled` is false (one switch for benchmarks/QA).
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import type { RequestMeta } from "../session/service.js";
import { isLock, waitAfterFailure } from "./policy.js";
import {
  addIdentifierFailure,
  addUserFailure,
  claimIdentifierAttempt,
  claimUserAttempt,
  clearIdentifier,
  clearUserLockout,
  giveBackIdentifierAttempt,
  giveBackUserAttempt,
  setIdentifierLockedUntil,
  setUserLockedUntil,
  sweepIdentifiers,
} from "./store.js";
import { AUDIT_REASONS } from "../../../shared/audit-reasons.js";
import { HashQueueFullError } from "../../crypto/hash-pool.js";

/** Who a sign-in attempt is for: the account found (if any) and the identifier as typed, normalised. */
export interface SignInSubject {
  user: UserRow | undefined;
  /** "email" or "username": the kind of identifier typed. */
  kind: "email" | "username";
  /** Normalised identifier (lower-cased email or username). */
  identifier: string;
  /**
   * This browser's known-device key for the account (core/sign-in/known-device.ts), when it has
   * signed in to it before: the attempt is counted against the device instead of the account, so
   * someone else's guesses cannot lock its owner out (OWASP's device cookies).
   */
  knownDevice?: string;
}

export function lockoutEnabled(app: AppContext): boolean {
  return app.config.lockout.enabled && app.config.rateLimit.enabled;
}

const identifierKey = (subject: Pick<SignInSubject, "kind" | "identifier">) => `${subject.kind}:${subject.identifier}`;

/**
 * Refuses while `subject` is in a wait; otherwise counts the attempt (and starts the wait its
 * count calls for) BEFORE the password check, runs the check, and gives the count back when it
 * succeeds. Counting first closes the race of a parallel burst: once one attempt has claimed the
 * wait, the others are refused instead of each getting a guess. Returns what `check` returned
 * (null: wrong credentials, already counted).
 */
export async function guardSignIn<T>(app: AppContext, subject: SignInSubject, meta: RequestMeta, check: () => Promise<T | null>): Promise<T | null> {
  if (!lockoutEnabled(app)) return check();
  // Admission control (issue 41): with the hashing queue full, refuse before counting anything.
  app.passwords.assertRoom();
  const policy = app.config.lockout;
  const now = app.clock.now();
  const cutoff = now - policy.resetAfter * 1000;
  // A known device has its own count (same budget) and does not touch the account's.
  const user = subject.knownDevice ? undefined : subject.user;
  const key = subject.knownDevice ? `device:${subject.knownDevice}` : identifierKey(subject);
  // The claim and the wait it starts commit together: the claim's UPDATE holds the row until the
  // wait is written (PostgreSQL row lock; SQLite's one connection), so a parallel attempt sees
  // the wait, never the gap between the two statements.
  const claimed = await app.db.transaction().execute(async (trx) => {
    const count = user ? await claimUserAttempt(trx, user.id, now, cutoff) : await claimIdentifierAttempt(trx, key, now, cutoff);
    if (count === undefined) return undefined;
    const lockedUntil = now + waitAfterFailure(policy, count) * 1000;
    if (lockedUntil > now) await (user ? setUserLockedUntil(trx, user.id, lockedUntil) : setIdentifierLockedUntil(trx, key, lockedUntil));
    return { count, lockedUntil };
  });
  if (claimed === undefined) {
    app.metrics?.lockoutRefusals.inc();
    throw apiError("TOO_MANY_SIGN_IN_ATTEMPTS");
  }
  const { count, lockedUntil } = claimed;
  maybeSweep(app, now, cutoff);

  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    // The queue filled between assertRoom and the check: the attempt was never judged, give it back.
    if (error instanceof HashQueueFullError) await (user ? giveBackUserAttempt(app.db, user.id) : giveBackIdentifierAttempt(app.db, key));
    throw error;
  }
  if (result === null) {
    if (isLock(policy, count)) auditLock(app, user ?? subject.user, key, count, lockedUntil, meta);
  } else if (user) await (hasSecondFactor(user) ? giveBackUserAttempt(app.db, user.id) : clearUserLockout(app.db, user.id));
  else if (subject.knownDevice) await clearIdentifier(app.db, key);
  return result;
}

function auditLock(app: AppContext, user: UserRow | undefined, key: string, failures: number, lockedUntil: number, meta?: RequestMeta): void {
  app.metrics?.accountLocks.inc();
  app.audit.record({
    action: "user.lock",
    targetId: user?.id ?? null,
    targetType: "user",
    reason: AUDIT_REASONS.tooManyFailedSignIns,
    ipAddress: meta?.ip ?? null,
    userAgent: meta?.userAgent ?? null,
    metadata: { failedSignInCount: failures, lockedUntil: new Date(lockedUntil).toISOString(), ...(user ? {} : { identifier: key }) },
  });
}

/**
 * With a second factor still to come, the password alone does not reset the count (it only gives
 * back its own attempt): the two-factor step calls recordSuccess once the code is right (else a
 * thief holding the password could guess codes forever, re-entering the password between guesses).
 */
function hasSecondFactor(user: UserRow): boolean {
  return Boolean((user as { twoFactorEnabled?: unknown }).twoFactorEnabled);
}

/**
 * Counts one failed attempt (wrong password, wrong two-factor code) and starts a wait when the
 * count calls for one. Exported for other factors.
 */
export async function recordFailure(app: AppContext, subject: Pick<SignInSubject, "user"> & Partial<Pick<SignInSubject, "kind" | "identifier">>, meta?: RequestMeta): Promise<void> {
  if (!lockoutEnabled(app)) return;
  const policy = app.config.lockout;
  const now = app.clock.now();
  const cutoff = now - policy.resetAfter * 1000;
  const user = subject.user;
  let failures: number;
  if (user) failures = await addUserFailure(app.db, user.id, now, cutoff);
  else if (subject.kind && subject.identifier !== undefined) failures = await addIdentifierFailure(app.db, identifierKey(subject as SignInSubject), now, cutoff);
  else return;
  maybeSweep(app, now, cutoff);

  const wait = waitAfterFailure(policy, failures);
  if (wait === 0) return;
  const lockedUntil = now + wait * 1000;
  if (user) await setUserLockedUntil(app.db, user.id, lockedUntil);
  else await setIdentifierLockedUntil(app.db, identifierKey(subject as SignInSubject), lockedUntil);
  if (isLock(policy, failures)) auditLock(app, user, user ? "" : identifierKey(subject as SignInSubject), failures, lockedUntil, meta);
}

/** A full sign-in succeeded: forget the failures (writes only when there were any). */
export async function recordSuccess(app: AppContext, user: Pick<UserRow, "id" | "failedSignInCount" | "lockedUntil">): Promise<void> {
  if (Number(user.failedSignInCount ?? 0) === 0 && user.lockedUntil === null) return;
  await clearUserLockout(app.db, user.id);
}

/** Administrator's unlock: clears the count and the lock of the account (and its identifiers' rows). */
export async function unlockAccount(app: AppContext, user: UserRow): Promise<boolean> {
  const cleared = await clearUserLockout(app.db, user.id);
  await clearIdentifier(app.db, `email:${user.email}`);
  if (user.username) await clearIdentifier(app.db, `username:${user.username}`);
  return cleared;
}

/** Whether the account is locked now (a wait of the slow phase counts too). */
export function isLocked(user: Pick<UserRow, "lockedUntil">, now: number): boolean {
  return user.lockedUntil !== null && Number(user.lockedUntil) > now;
}

// Identifier rows of unknown accounts pile up under a spray attack; drop the stale ones at most
// once an hour per process.
const lastSweep = new WeakMap<AppContext, number>();
function maybeSweep(app: AppContext, now: number, cutoff: number): void {
  if (now - (lastSweep.get(app) ?? 0) < 3_600_000) return;
  lastSweep.set(app, now);
  sweepIdentifiers(app.db, cutoff).catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, "lockout sweep failed"));
}
