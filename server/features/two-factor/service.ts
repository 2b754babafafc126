/** Two-factor rules: setup, turning off, backup codes, and checking TOTP, mailed and backup codes. */
import { randomInt } from "node:crypto";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { keyedHash } from "../../crypto/encrypt.js";
import { safeEqual } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { otpMail } from "../../mail/templates/otp.js";
import { recipientLanguage } from "../../mail/templates/language.js";
import { checkPassword } from "../../core/sign-in/password.js";
import { findUserById } from "../../core/user/store.js";
import { secretMismatch } from "../../crypto/secret-mismatch.js";
import { BackupCodesUnreadable, newBackupCodes, sealBackupCodes, useBackupCode } from "./backup-codes.js";
import { beginAttempt, completeAttempt, failAttempt, type Attempt, type StepContext } from "../../core/sign-in/second-factor.js";
import { consume, peek, reissue, swap } from "../../core/one-time.js";
import * as store from "../../core/two-factor/store.js";
import { TOTP_REUSED_MESSAGE } from "../../../shared/errors/two-factor.js";
import { matchTotp, newTotpSecret, openTotpSecret, sealTotpSecret, totpURI } from "./totp.js";

const OTP_SECONDS = 180;
const OTP_ATTEMPTS = 5;
const OTP_PURPOSE = "two-factor-otp";

async function assertPassword(app: AppContext, user: UserRow, password: string): Promise<void> {
  if (!(await checkPassword(app, user, password))) throw apiError("INVALID_PASSWORD");
}

function issuerOf(app: AppContext, issuer?: string): string {
  return issuer || app.config.twoFactor.issuer || app.config.appName;
}

export interface EnableResult {
  method: "totp" | "otp";
  totpURI?: string;
  backupCodes?: string[];
}

/**
 * TOTP: a new secret and backup codes; two-factor turns on with the first correct code
 * (verify-totp). OTP: codes by mail, on at once (the address is already proven or owned).
 */
export async function enableTwoFactor(app: AppContext, user: UserRow, input: { password: string; issuer?: string; method?: "totp" | "otp" }): Promise<EnableResult> {
  await assertPassword(app, user, input.password);
  const now = app.clock.now();
  if (input.method === "otp") {
    await store.setTwoFactorEnabled(app.db, user.id, true, now);
    return { method: "otp" };
  }
  const existing = await store.findTwoFactor(app.db, user.id);
  if (existing?.verified && user.twoFactorEnabled) throw apiError("TOTP_ALREADY_ENABLED");
  const secret = newTotpSecret();
  const backupCodes = newBackupCodes();
  await store.saveTwoFactor(app.db, user.id, sealTotpSecret(secret, app.secret), sealBackupCodes(backupCodes, app.secret), now);
  return { method: "totp", totpURI: totpURI(secret, issuerOf(app, input.issuer), user.email), backupCodes };
}

export async function disableTwoFactor(app: AppContext, user: UserRow, password: string): Promise<void> {
  await assertPassword(app, user, password);
  await store.deleteTwoFactorOf(app.db, user.id);
  await store.setTwoFactorEnabled(app.db, user.id, false, app.clock.now());
}

/** Administrator's reset (lost device): the same as turning it off, without the user's password. */
export async function resetTwoFactor(app: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(app.db, userId);
  if (!user) throw apiError("USER_NOT_FOUND");
  await store.deleteTwoFactorOf(app.db, user.id);
  await store.setTwoFactorEnabled(app.db, user.id, false, app.clock.now());
  return user;
}

export async function getTotpURI(app: AppContext, user: UserRow, password: string): Promise<string> {
  const row = await store.findTwoFactor(app.db, user.id);
  if (!row) throw apiError("TOTP_NOT_ENABLED");
  await assertPassword(app, user, password);
  return totpURI(await totpSeedOf(app, row), issuerOf(app), user.email);
}

export async function generateBackupCodes(app: AppContext, user: UserRow, password: string): Promise<string[]> {
  if (!user.twoFactorEnabled) throw apiError("TWO_FACTOR_NOT_ENABLED");
  await assertPassword(app, user, password);
  const row = await store.findTwoFactor(app.db, user.id);
  if (!row) throw apiError("TWO_FACTOR_NOT_ENABLED");
  const codes = newBackupCodes();
  await store.swapBackupCodes(app.db, row.id, row.backupCodes, sealBackupCodes(codes, app.secret), app.clock.now());
  return codes;
}

/** A TOTP code: each time step is accepted once. The first right code after enable turns two-factor on. */
export async function verifyTotp(ctx: StepContext, input: { code: string; trustDevice?: boolean }) {
  const { app } = ctx;
  const attempt = await beginAttempt(ctx);
  const row = await store.findTwoFactor(app.db, attempt.user.id);
  if (!row || (attempt.pending && !row.verified)) throw apiError("TOTP_NOT_ENABLED");
  const secret = await totpSeedOf(app, row);
  const now = app.clock.now();
  const step = matchTotp(secret, input.code, now);
  if (step === null) return failAttempt(ctx, attempt, "INVALID_CODE");
  // A right code for a step already used: still refused (and counted), but said as it is.
  if (!(await store.claimStep(app.db, row.id, step, now))) return failAttempt(ctx, attempt, "INVALID_CODE", TOTP_REUSED_MESSAGE);
  if (!attempt.pending && !attempt.user.twoFactorEnabled) {
    // Turned on and on the record in one transaction (issue 38). Not the whole request as one
    // change: a wrong code's count (failAttempt) must commit although the request fails.
    await app.db.transaction().execute(async (trx) => {
      await store.setTwoFactorEnabled(trx, attempt.user.id, true, now);
      await app.audit.recordIn(trx, { action: "user.two-factor-enable", actorId: attempt.user.id, targetId: attempt.user.id, targetType: "user", ipAddress: ctx.meta.ip, userAgent: ctx.meta.userAgent, metadata: { method: "totp" } });
    });
    app.audit.committed();
  }
  return completeAttempt(ctx, attempt, { trustDevice: input.trustDevice, factor: "totp" });
}

/**
 * The opened TOTP seed. One sealed under a previous secret (a rotation in progress) is sealed
 * again under the current one; one that opens under no secret is the operator's SECRET_MISMATCH.
 */
async function totpSeedOf(app: AppContext, row: { id: string; userId: string; secret: string }): Promise<string> {
  const opened = openTotpSecret(row.secret, app.secret);
  if (!opened) throw secretMismatch(app.log, "a TOTP seed", { userId: row.userId });
  if (opened.stale) await store.resealSecret(app.db, row.id, row.secret, sealTotpSecret(opened.seed, app.secret), app.clock.now());
  return opened.seed;
}

/** The key mailed codes are filed under: the pending sign-in, or the signed-in session. */
function otpKey(ctx: StepContext, attempt: Attempt): string {
  return attempt.pending ? `pending:${attempt.pending.handle}` : `session:${ctx.auth!.session.id}`;
}

export async function sendOtp(ctx: StepContext): Promise<void> {
  const { app } = ctx;
  const attempt = await beginAttempt(ctx);
  const key = otpKey(ctx, attempt);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = app.clock.now();
  const user = attempt.user;
  // A new code replaces the previous one (and its attempt count) in one statement.
  await reissue(app.db, now, { purpose: "two-factor-otp", secret: key, data: { hash: keyedHash(code, app.secret, OTP_PURPOSE), attempts: 0 }, lifetimeSeconds: OTP_SECONDS, userId: user.id });
  await app.mailer.send(otpMail({ appName: app.config.appName, to: user.email, name: user.name, code, minutes: OTP_SECONDS / 60, url: `${app.baseURL}/console/sign-in`, language: recipientLanguage(app.config.defaultLanguage, user) }));
}

export async function verifyOtp(ctx: StepContext, input: { code: string; trustDevice?: boolean }) {
  const { app } = ctx;
  const attempt = await beginAttempt(ctx);
  const key = otpKey(ctx, attempt);
  const now = app.clock.now();
  const row = await peek(app.db, now, "two-factor-otp", key);
  const data = row?.data as { hash?: unknown; attempts?: unknown } | null | undefined;
  if (!row || typeof data?.hash !== "string" || typeof data.attempts !== "number") throw apiError("OTP_HAS_EXPIRED");
  if (data.attempts >= OTP_ATTEMPTS) throw apiError("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
  if (!safeEqual(keyedHash(input.code.trim(), app.secret, OTP_PURPOSE), data.hash)) {
    await swap(app.db, now, row, { ...data, attempts: data.attempts + 1 });
    return failAttempt(ctx, attempt, "INVALID_CODE");
  }
  if (!(await consume(app.db, now, "two-factor-otp", key))) throw apiError("OTP_HAS_EXPIRED");
  if (!attempt.pending && !attempt.user.twoFactorEnabled) await store.setTwoFactorEnabled(app.db, attempt.user.id, true, now);
  return completeAttempt(ctx, attempt, { trustDevice: input.trustDevice, factor: "otp" });
}

export async function verifyBackupCode(ctx: StepContext, input: { code: string; trustDevice?: boolean; disableSession?: boolean }) {
  const { app } = ctx;
  const attempt = await beginAttempt(ctx);
  const row = await store.findTwoFactor(app.db, attempt.user.id);
  if (!row) throw apiError("BACKUP_CODES_NOT_ENABLED");
  let remaining: string | null;
  try {
    remaining = useBackupCode(row.backupCodes, input.code, app.secret);
  } catch (error) {
    if (error instanceof BackupCodesUnreadable) throw secretMismatch(app.log, "the backup codes", { userId: row.userId });
    throw error;
  }
  if (remaining === null) return failAttempt(ctx, attempt, "INVALID_BACKUP_CODE");
  // Compare-and-swap: of two requests with the same code, one wins. The code spent and its event
  // commit together (issue 38); the loser writes neither.
  const next = remaining;
  const spent = await app.db.transaction().execute(async (trx) => {
    if (!(await store.swapBackupCodes(trx, row.id, row.backupCodes, next, app.clock.now()))) return false;
    await app.audit.recordIn(trx, { action: "user.two-factor-backup-code", actorId: attempt.user.id, targetId: attempt.user.id, targetType: "user", ipAddress: ctx.meta.ip, userAgent: ctx.meta.userAgent });
    return true;
  });
  if (!spent) return failAttempt(ctx, attempt, "INVALID_BACKUP_CODE");
  app.audit.committed();
  // better-auth's disableSession: the code is checked and used up, but no session is started
  // (a pending sign-in stays pending); a signed-in caller gets its own token back.
  if (input.disableSession) return { token: attempt.pending ? undefined : ctx.auth?.token, user: attempt.user };
  return completeAttempt(ctx, attempt, { trustDevice: input.trustDevice, factor: "backup-code" });
}
