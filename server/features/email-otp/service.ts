/**
 * Mailed one-time codes (better-auth 1.7's email-otp plugin, docs/passwordless.md). A code is a
 * one-time secret (core/one-time.ts, purpose "email-otp") filed under its type and address: the
 * row holds the code's keyed hash (HMAC under the server secret — six digits would fall to a plain
 * digest at once) and the attempts spent. A new code replaces the last one and its count.
 *
 * Attempts are charged before the code is compared, with a compare-and-swap on the count, so
 * concurrent guesses each cost one and no more than `emailOTP.allowedAttempts` comparisons are
 * ever made against one code; the next try kills it (403 TOO_MANY_ATTEMPTS).
 */
import { randomInt } from "node:crypto";
import { apiError, isApiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { keyedHash } from "../../crypto/encrypt.js";
import { newId, safeEqual } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { emailOtpMail, recipientLanguage } from "../../mail/templates/index.js";
import { consume, findExpired, peek, reissue, swap } from "../../core/one-time.js";
import { accountForProof, countMailTo, revokeUnprovenAccess, type ProvenAccount } from "../../core/sign-in/passwordless.js";
import { forgetTrustedDevices } from "../../core/sign-in/second-factor.js";
import type { KnownDeviceOf } from "../../core/sign-in/password.js";
import { guardSignIn } from "../../core/lockout/service.js";
import type { RequestMeta } from "../../core/session/service.js";
import { bumpCredentialEpoch } from "../../core/session/epoch.js";
import { deleteSessionsOfUser } from "../../core/session/store.js";
import { appsToTell, tellApps, type AppLogout } from "../../core/user/app-access.js";
import { assertPasswordLength, normalizeEmail } from "../../core/user/rules.js";
import { findCredentialAccount, findUserByEmail, insertCredentialAccount, lockUser, setCredentialPassword } from "../../core/user/store.js";

export type OtpType = "sign-in" | "email-verification" | "forget-password";

const HASH_PURPOSE = "email-otp";

function assertEnabled(app: AppContext): void {
  if (!app.config.emailOTP.enabled) throw apiError("EMAIL_OTP_DISABLED");
}

const keyOf = (type: OtpType, email: string) => `${type}:${email}`;

/**
 * Mails a code. The answer is the same for every address; an unknown one gets no mail unless the
 * code may create the account (type "sign-in" with sign-up by code on).
 */
export async function sendCode(app: AppContext, rawEmail: string, type: OtpType, acceptLanguage?: string | null): Promise<void> {
  assertEnabled(app);
  const email = normalizeEmail(rawEmail);
  await countMailTo(app, "email-otp", email);
  const user = await findUserByEmail(app.db, email);
  if (!user && !(type === "sign-in" && !app.config.emailOTP.disableSignUp)) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const { expiresIn } = app.config.emailOTP;
  await reissue(app.db, app.clock.now(), { purpose: "email-otp", secret: keyOf(type, email), data: { hash: keyedHash(code, app.secret, HASH_PURPOSE), attempts: 0 }, userId: user?.id ?? null, lifetimeSeconds: expiresIn });
  const url = `${app.baseURL}/console/${type === "forget-password" ? "forgot-password" : "sign-in"}`;
  const language = recipientLanguage(app.config.defaultLanguage, user ?? null, acceptLanguage);
  await app.mailer.send(emailOtpMail({ appName: app.config.appName, to: email, name: user?.name ?? "", code, url, token: code, language, expiresIn }));
}

/**
 * Spends one attempt on the code and compares. Right: used up (unless `keep`, a check that leaves
 * it for the real use and gives the attempt back). Wrong: INVALID_OTP. Past the attempts: the code
 * is deleted, TOO_MANY_ATTEMPTS. Gone after its lifetime: OTP_EXPIRED.
 */
async function compareCode(app: AppContext, type: OtpType, email: string, code: string, options: { keep?: boolean }): Promise<void> {
  const key = keyOf(type, email);
  for (let round = 0; round < 50; round += 1) {
    const now = app.clock.now();
    const row = await peek(app.db, now, "email-otp", key);
    if (!row) throw apiError((await findExpired(app.db, now, "email-otp", key)) ? "OTP_EXPIRED" : "INVALID_OTP");
    const data = row.data as { hash?: unknown; attempts?: unknown } | null;
    if (typeof data?.hash !== "string" || typeof data.attempts !== "number") throw apiError("INVALID_OTP");
    if (data.attempts >= app.config.emailOTP.allowedAttempts) {
      await consume(app.db, now, "email-otp", key);
      throw apiError("TOO_MANY_ATTEMPTS");
    }
    const charged = { hash: data.hash, attempts: data.attempts + 1 };
    if (!(await swap(app.db, now, row, charged))) continue; // another try moved the count first: read it again
    if (!safeEqual(keyedHash(code.trim(), app.secret, HASH_PURPOSE), data.hash)) throw apiError("INVALID_OTP");
    if (options.keep) {
      const after = await peek(app.db, now, "email-otp", key);
      if (after) await swap(app.db, now, after, { hash: data.hash, attempts: Math.max(0, (after.data as { attempts: number }).attempts - 1) });
      return;
    }
    if (!(await consume(app.db, now, "email-otp", key))) throw apiError("INVALID_OTP");
    return;
  }
  throw apiError("INVALID_OTP");
}

/**
 * Runs what follows a proven code as the request's change (ctx.change, audit/change.ts): the
 * code's tries and the lockout's counts are written before it, and stay when the change fails.
 */
type InChange<R> = (work: (app: AppContext) => Promise<R>) => Promise<R>;

/** Who is trying a code, for the account lockout: the request, and this browser's known-device keys. */
export interface CodeTry {
  meta: RequestMeta;
  knownDevice: KnownDeviceOf;
}

/**
 * A code try is a sign-in attempt for the account lockout (docs/lockout.md): counted before the
 * comparison, refused with 429 TOO_MANY_SIGN_IN_ATTEMPTS while the account waits, and every failed
 * try (wrong, expired, dead) counts like a wrong password. The code's own three tries bound one
 * code; this bounds the address: 5 mails in 10 minutes would otherwise allow 15 guesses every 10
 * minutes for as long as the attacker cares to go on (docs/passwordless.md).
 */
async function useCode(app: AppContext, type: OtpType, email: string, code: string, attempt: CodeTry, options: { keep?: boolean } = {}): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  let failure: unknown;
  const subject = { user, kind: "email" as const, identifier: email, knownDevice: user ? attempt.knownDevice(user.id) : undefined };
  const right = await guardSignIn(app, subject, attempt.meta, async () => {
    try {
      await compareCode(app, type, email, code, options);
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      failure = error;
      return null;
    }
  });
  if (right === null) throw failure;
}

/** POST /email-otp/check-verification-otp: right code, known address; the code stays usable. */
export async function checkCode(app: AppContext, input: { email: string; type: OtpType; otp: string }, attempt: CodeTry): Promise<void> {
  assertEnabled(app);
  const email = normalizeEmail(input.email);
  await useCode(app, input.type, email, input.otp, attempt, { keep: true });
  // Safe to say now: whoever holds the code holds the mailbox (better-auth says the same).
  if (!(await findUserByEmail(app.db, email))) throw apiError("USER_NOT_FOUND");
}

/**
 * POST /sign-in/email-otp, the proof: the code is checked and spent, and each try counts toward
 * the lockout, outside the change that follows (those writes stay whether or not the sign-in
 * goes on). Answers the account as read before the code was checked, so the session is issued
 * under that row's credential epoch.
 */
export async function proveSignInCode(app: AppContext, input: { email: string; otp: string }, attempt: CodeTry): Promise<{ email: string; before: UserRow | undefined }> {
  assertEnabled(app);
  const email = normalizeEmail(input.email);
  const before = await findUserByEmail(app.db, email);
  await useCode(app, "sign-in", email, input.otp, attempt);
  return { email, before };
}

/**
 * Then, in the sign-in's change: the account the code proved, created when sign-up by code is on,
 * or cleared of what was set up before its address was proven.
 */
export async function accountProvenByCode(app: AppContext, proof: { email: string; before: UserRow | undefined }, input: { name?: string; image?: string }): Promise<ProvenAccount> {
  if (proof.before?.emailVerified) return { user: proof.before, isNew: false };
  const account = await accountForProof(app, proof.email, { name: input.name, image: input.image, disableSignUp: app.config.emailOTP.disableSignUp });
  // better-auth answers a code for an unknown address with sign-up off as a wrong code.
  if (!account) throw apiError("INVALID_OTP");
  return account;
}

/** POST /email-otp/verify-email: marks the address verified. Nothing is removed: this is how a sign-up's own address is confirmed. */
export async function verifyEmailCode(app: AppContext, input: { email: string; otp: string }, attempt: CodeTry, change: InChange<{ user: UserRow; changed: boolean }> = (work) => work(app)): Promise<{ user: UserRow; changed: boolean }> {
  assertEnabled(app);
  const email = normalizeEmail(input.email);
  await useCode(app, "email-verification", email, input.otp, attempt);
  return change((app) => markVerified(app, email));
}

async function markVerified(app: AppContext, email: string): Promise<{ user: UserRow; changed: boolean }> {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw apiError("USER_NOT_FOUND");
  if (user.emailVerified) return { user, changed: false };
  await app.db.updateTable("user").set({ emailVerified: 1, updatedAt: app.clock.now() }).where("id", "=", user.id).execute();
  return { user: { ...user, emailVerified: 1 }, changed: true };
}

/**
 * POST /email-otp/reset-password. The code proves the mailbox, so an account whose address was
 * never proven goes through the takeover rule first (its password was set by someone who did not
 * prove the address); then the new password, a new credential epoch, sessions ended as
 * `emailAndPassword.revokeSessionsOnPasswordReset` says, trusted browsers forgotten.
 */
export async function resetPasswordWithCode(app: AppContext, input: { email: string; otp: string; password: string }, attempt: CodeTry, change: InChange<UserRow> = (work) => work(app)): Promise<UserRow> {
  assertEnabled(app);
  const email = normalizeEmail(input.email);
  assertPasswordLength(app.config, input.password);
  await useCode(app, "forget-password", email, input.otp, attempt);
  return change((app) => setPasswordByCode(app, email, input.password));
}

async function setPasswordByCode(app: AppContext, email: string, password: string): Promise<UserRow> {
  let user = await findUserByEmail(app.db, email);
  if (!user) throw apiError("USER_NOT_FOUND");
  if (!user.emailVerified) user = (await revokeUnprovenAccess(app, user.id)).user;
  const passwordHash = await app.passwords.hash(password);
  const now = app.clock.now();
  let logouts: AppLogout[] = [];
  const userId = user.id;
  await app.db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    await bumpCredentialEpoch(trx, userId);
    const account = await findCredentialAccount(trx, userId);
    if (account) await setCredentialPassword(trx, account.id, passwordHash, now);
    else await insertCredentialAccount(trx, { id: newId(), userId, passwordHash, now });
    if (app.config.emailAndPassword.revokeSessionsOnPasswordReset) {
      logouts = await appsToTell(trx, { userId });
      await deleteSessionsOfUser(trx, userId);
    }
    await forgetTrustedDevices(app, userId, trx);
  });
  void tellApps(app, logouts);
  return user;
}
