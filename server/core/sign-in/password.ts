/**
 * What every password sign-in shares: the password check (one hash for every failure, so timing
 * does not tell whether the account exists), the failed-attempt audit, and the verified-email rule.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import type { RequestMeta } from "../session/service.js";
import { findCredentialAccount, setCredentialPassword } from "../user/store.js";
import { sendVerificationEmail } from "../verification/send-verification.js";
import type { BrowserSessions } from "../../http/handler.js";
import { knownDeviceKey } from "./known-device.js";
import { HashQueueFullError } from "../../crypto/hash-pool.js";

/** This browser's known-device lockout key for an account, if it signed in to it before. */
export type KnownDeviceOf = (userId: string) => string | undefined;

export function knownDeviceOf(ctx: { app: AppContext; browser: BrowserSessions }): KnownDeviceOf {
  return (userId) => knownDeviceKey(ctx.app, ctx.browser, userId);
}

/**
 * Verifies a password for a user found by some identifier. Every failure costs one hash, so
 * response time does not tell whether the account exists.
 */
export async function checkPassword(app: AppContext, user: UserRow | undefined, password: string): Promise<UserRow | null> {
  if (!user) {
    await app.passwords.burn(password);
    return null;
  }
  const account = await findCredentialAccount(app.db, user.id);
  if (!account?.password) {
    await app.passwords.burn(password);
    return null;
  }
  if (!(await app.passwords.verify(account.password, password))) return null;
  if (app.passwords.needsRehash(account.password)) {
    // Imported scrypt hashes (or older argon2 parameters) upgrade on the first good sign-in.
    // With the hashing queue full the upgrade waits for a later sign-in: the password was right.
    const upgraded = await app.passwords.hash(password).catch((error: unknown) => {
      if (error instanceof HashQueueFullError) return undefined;
      throw error;
    });
    if (upgraded) await setCredentialPassword(app.db, account.id, upgraded, app.clock.now());
  }
  return user;
}

/** Audit a refused password sign-in; the target is the account tried, when it exists. */
export function recordFailedSignIn(app: AppContext, found: UserRow | undefined, meta: RequestMeta, reason: string, metadata: Record<string, unknown>): void {
  app.audit.record({
    action: "user.sign-in",
    success: false,
    actorId: found?.id ?? null,
    targetId: found?.id ?? null,
    targetType: "user",
    reason,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
    metadata,
  });
}

/** With verification required, an unverified user gets the mail again and a 403. */
export async function assertVerifiedForSignIn(
  app: AppContext,
  user: UserRow,
  callbackURL: string | undefined,
  code: "EMAIL_NOT_VERIFIED" | "USERNAME_EMAIL_NOT_VERIFIED",
): Promise<void> {
  if (!app.config.emailAndPassword.requireEmailVerification || user.emailVerified) return;
  await sendVerificationEmail(app, user, callbackURL);
  throw apiError(code);
}
