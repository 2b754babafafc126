/**
 * Password reset (mailed single-use token), change (current password required) and set (for
 * users who signed up without one).
 */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { newId, randomString } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { recipientLanguage, resetPasswordMail } from "../../mail/templates/index.js";
import { bumpCredentialEpoch } from "../../core/session/epoch.js";
import { deleteSessionsOfUser } from "../../core/session/store.js";
import { appsToTell, tellApps, type AppLogout } from "../../core/user/app-access.js";
import type { IssuedSession, RequestMeta } from "../../core/session/service.js";
import { replaceSessionAfterPasswordChange } from "../../core/sign-in/other-sessions.js";
import { assertPasswordLength, normalizeEmail } from "../../core/user/rules.js";
import { assertPasswordNotBreached } from "../../core/user/breached-password.js";
import { findCredentialAccount, findUserByEmail, findUserById, insertCredentialAccount, lockUser, setCredentialPassword } from "../../core/user/store.js";
import { apiLink, DEFAULT_LANDING } from "../../core/verification/links.js";
import { consume, issue, peek } from "../../core/one-time.js";
import { forgetTrustedDevices } from "../../core/sign-in/second-factor.js";

/** Reset tokens: 24 characters from 62 (≈143 bits), as better-auth issues them. */
export const RESET_TOKEN_LENGTH = 24;
export const RESET_REQUESTED_MESSAGE = "If this email exists in our system, check your email for the reset link";

/**
 * POST /forget-password and /request-password-reset. Known and unknown addresses get the same
 * answer and do the same work up to the mail (a token is drawn either way); a failed delivery
 * is logged, never reported, so the answer cannot reveal that the address exists.
 */
export async function requestPasswordReset(app: AppContext, input: { email: string; redirectTo?: string }, acceptLanguage?: string | null): Promise<void> {
  if (!app.config.emailAndPassword.enabled) throw apiError("RESET_PASSWORD_DISABLED");
  const email = normalizeEmail(input.email);
  const token = randomString(RESET_TOKEN_LENGTH);
  const user = await findUserByEmail(app.db, email);
  // A deactivated person gets no reset mail; the answer stays the same as for any address.
  if (!user || user.deactivated) return;
  await issue(app.db, app.clock.now(), {
    purpose: "reset-password",
    secret: token,
    data: { userId: user.id },
    userId: user.id,
    lifetimeSeconds: app.config.emailAndPassword.resetPasswordTokenExpiresIn,
  });
  const url = apiLink(app, `/reset-password/${token}`, { callbackURL: input.redirectTo || DEFAULT_LANDING.resetPassword });
  try {
    const language = recipientLanguage(app.config.defaultLanguage, user, acceptLanguage);
    await app.mailer.send(
      resetPasswordMail({ appName: app.config.appName, to: user.email, name: user.name, url, token, language, expiresIn: app.config.emailAndPassword.resetPasswordTokenExpiresIn }),
    );
  } catch (error) {
    app.log.error({ err: { message: (error as Error).message } }, "password reset mail failed");
  }
}

/** True while the reset token exists and has not expired (the mailed link checks this). */
export async function isResetTokenValid(app: AppContext, token: string): Promise<boolean> {
  return Boolean(await peek(app.db, app.clock.now(), "reset-password", token));
}

function userIdOf(data: unknown): string | null {
  const userId = (data as { userId?: unknown } | null)?.userId;
  return typeof userId === "string" ? userId : null;
}

/**
 * POST /reset-password. The token is consumed in the same transaction that writes the password
 * (and revokes sessions), so of two concurrent uses exactly one succeeds. A reset means the old
 * password may be known to someone else: trusted devices are forgotten too, so every browser
 * passes the second step again (#19). Passkeys and API keys stay; the reset mail says so.
 */
export async function resetPassword(app: AppContext, token: string | undefined, newPassword: string): Promise<UserRow> {
  if (!token) throw apiError("INVALID_TOKEN");
  assertPasswordLength(app.config, newPassword);
  await assertPasswordNotBreached(app, newPassword);
  const row = await peek(app.db, app.clock.now(), "reset-password", token);
  if (!row) throw apiError("INVALID_TOKEN");
  const userId = userIdOf(row.data);
  const user = userId ? await findUserById(app.db, userId) : undefined;
  if (!user) throw apiError("USER_NOT_FOUND");
  // A link mailed before the directory turned the person off opens nothing.
  if (user.deactivated) throw apiError("USER_DEACTIVATED");
  const passwordHash = await app.passwords.hash(newPassword);
  const now = app.clock.now();
  let logouts: AppLogout[] = [];
  await app.db.transaction().execute(async (trx) => {
    if (!(await consume(trx, now, "reset-password", token))) throw apiError("INVALID_TOKEN");
    // Two resets with two different tokens must not both create the password account.
    await lockUser(trx, user.id);
    // A sign-in with the old password, checked before this commits, loses at its session insert (issue 43).
    await bumpCredentialEpoch(trx, user.id);
    const account = await findCredentialAccount(trx, user.id);
    if (account) await setCredentialPassword(trx, account.id, passwordHash, now);
    else await insertCredentialAccount(trx, { id: newId(), userId: user.id, passwordHash, now });
    if (app.config.emailAndPassword.revokeSessionsOnPasswordReset) {
      logouts = await appsToTell(trx, { userId: user.id });
      await deleteSessionsOfUser(trx, user.id);
    }
    await forgetTrustedDevices(app, user.id, trx);
  });
  // Apps signed in through the ended sessions hear of it (back-channel logout), after the commit.
  void tellApps(app, logouts);
  return user;
}

export type ChangePasswordInput = BodyOf<Contract["changePassword"]>;

/**
 * POST /change-password. With revokeOtherSessions every session ends and a new one is returned,
 * and trusted devices are forgotten with them (#19): "sign out everywhere else" must also mean
 * "ask everywhere else for the second factor again".
 */
export async function changePassword(app: AppContext, user: UserRow, sessionId: string, input: ChangePasswordInput, meta: RequestMeta): Promise<IssuedSession | null> {
  assertPasswordLength(app.config, input.newPassword);
  if (input.currentPassword.length > app.config.password.maxLength) throw apiError("PASSWORD_TOO_LONG");
  const account = await findCredentialAccount(app.db, user.id);
  if (!account?.password) throw apiError("CREDENTIAL_ACCOUNT_NOT_FOUND");
  if (!(await app.passwords.verify(account.password, input.currentPassword))) throw apiError("INVALID_PASSWORD");
  // After the current password: a stolen session cannot use the endpoint as a breach oracle.
  await assertPasswordNotBreached(app, input.newPassword);
  const passwordHash = await app.passwords.hash(input.newPassword);
  const now = app.clock.now();
  let logouts: AppLogout[] = [];
  let epoch: number | undefined;
  await app.db.transaction().execute(async (trx) => {
    // First, so the user row is locked: a sign-in with the old password in flight loses (issue 43).
    epoch = await bumpCredentialEpoch(trx, user.id);
    await setCredentialPassword(trx, account.id, passwordHash, now);
    if (input.revokeOtherSessions) {
      logouts = await appsToTell(trx, { userId: user.id });
      await deleteSessionsOfUser(trx, user.id);
      await forgetTrustedDevices(app, user.id, trx);
    }
  });
  void tellApps(app, logouts);
  if (!input.revokeOtherSessions) return null;
  return replaceSessionAfterPasswordChange(app, user, meta, sessionId, epoch);
}

/** POST /set-password: only for a user without a password (e.g. signed up with a provider). */
export async function setPassword(app: AppContext, user: UserRow, newPassword: string): Promise<void> {
  assertPasswordLength(app.config, newPassword);
  if ((await findCredentialAccount(app.db, user.id))?.password) throw apiError("USER_ALREADY_HAS_PASSWORD");
  await assertPasswordNotBreached(app, newPassword);
  const passwordHash = await app.passwords.hash(newPassword);
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    // Checked again under the lock: two concurrent set-password calls, exactly one sets it.
    await lockUser(trx, user.id);
    const account = await findCredentialAccount(trx, user.id);
    if (account?.password) throw apiError("USER_ALREADY_HAS_PASSWORD");
    await bumpCredentialEpoch(trx, user.id);
    if (account) await setCredentialPassword(trx, account.id, passwordHash, now);
    else await insertCredentialAccount(trx, { id: newId(), userId: user.id, passwordHash, now });
  });
}
