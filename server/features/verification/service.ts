/**
 * Email verification and email-change confirmation: both arrive at GET /verify-email with a
 * one-time token. Failures carry a lowercase redirect code (token_expired, invalid_token,
 * user_not_found, unauthorized) for links with a callbackURL, and a catalogue error otherwise.
 */
import { apiError, type ErrorCode } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { findUserByEmail, findUserById, isUniqueViolation, updateUser } from "../../core/user/store.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { sendVerificationEmail } from "../../core/verification/send-verification.js";
import { consume, findExpired, peek, type OneTimePurpose } from "../../core/one-time.js";

export type VerifyFailureCode = "token_expired" | "invalid_token" | "user_not_found" | "unauthorized" | "email_already_in_use";

const API_CODES: Record<VerifyFailureCode, ErrorCode> = {
  token_expired: "TOKEN_EXPIRED",
  invalid_token: "INVALID_TOKEN",
  user_not_found: "USER_NOT_FOUND",
  unauthorized: "UNAUTHORIZED",
  email_already_in_use: "COULDNT_UPDATE_EMAIL",
};

/** A failed link: `code` goes into `?error=` of the callbackURL; `toApiError()` when there is none. */
export class VerifyFailure extends Error {
  constructor(readonly code: VerifyFailureCode) {
    super(code);
  }
  toApiError() {
    return apiError(API_CODES[this.code]);
  }
}

/**
 * POST /send-verification-email. Signed in: the address must be the caller's and unverified.
 * Signed out: the answer is the same whether the address is unknown, verified or pending, so it
 * cannot be used to find accounts; a failed delivery is logged, not reported.
 */
export async function requestVerificationMail(app: AppContext, input: { email: string; callbackURL?: string }, signedIn: UserRow | null, acceptLanguage?: string | null): Promise<void> {
  const email = normalizeEmail(input.email);
  if (signedIn) {
    if (signedIn.email !== email) throw apiError("EMAIL_MISMATCH");
    if (signedIn.emailVerified) throw apiError("EMAIL_ALREADY_VERIFIED");
    await sendVerificationEmail(app, signedIn, input.callbackURL, acceptLanguage);
    return;
  }
  const user = await findUserByEmail(app.db, email);
  if (!user || user.emailVerified) return;
  try {
    await sendVerificationEmail(app, user, input.callbackURL, acceptLanguage);
  } catch (error) {
    app.log.error({ err: { message: (error as Error).message } }, "verification mail failed");
  }
}

export interface VerifiedLink {
  purpose: "verify-email" | "change-email";
  user: UserRow;
  /** change-email: the address the user had before. */
  previousEmail?: string;
}

interface TokenValue {
  userId: string;
  email: string;
  newEmail?: string;
}

function readValue(data: unknown): TokenValue | null {
  const value = data as Partial<TokenValue> | null;
  if (typeof value?.userId !== "string" || typeof value.email !== "string") return null;
  return value as TokenValue;
}

/**
 * Applies a verification or change-email token. Checks happen before the token is used, so a
 * link opened in someone else's signed-in browser ("unauthorized") stays valid for its owner.
 */
export async function applyVerificationToken(app: AppContext, token: string, signedInUserId: string | null): Promise<VerifiedLink> {
  const now = app.clock.now();
  let purpose: Extract<OneTimePurpose, "verify-email" | "change-email"> = "verify-email";
  let row = await peek(app.db, now, purpose, token);
  if (!row) {
    purpose = "change-email";
    row = await peek(app.db, now, purpose, token);
  }
  if (!row) {
    // An expired link stays unusable; it only changes the answer until the sweep removes it.
    const expired = (await findExpired(app.db, now, "verify-email", token)) ?? (await findExpired(app.db, now, "change-email", token));
    throw new VerifyFailure(expired ? "token_expired" : "invalid_token");
  }
  const value = readValue(row.data);
  if (!value) throw new VerifyFailure("invalid_token");
  const user = await findUserById(app.db, value.userId);
  if (!user) throw new VerifyFailure("user_not_found");
  // The address changed since the link was sent: the link no longer proves anything.
  if (user.email !== value.email) throw new VerifyFailure("invalid_token");

  if (purpose === "verify-email") {
    if (!(await consume(app.db, app.clock.now(), purpose, token))) throw new VerifyFailure("invalid_token");
    if (user.emailVerified) return { purpose, user };
    const updated = await updateUser(app.db, user.id, { emailVerified: 1, updatedAt: app.clock.now() });
    return { purpose, user: updated ?? user };
  }

  if (signedInUserId && signedInUserId !== user.id) throw new VerifyFailure("unauthorized");
  if (!value.newEmail) throw new VerifyFailure("invalid_token");
  if (await findUserByEmail(app.db, value.newEmail)) throw new VerifyFailure("email_already_in_use");
  try {
    const updated = await app.db.transaction().execute(async (trx) => {
      if (!(await consume(trx, app.clock.now(), purpose, token))) throw new VerifyFailure("invalid_token");
      // Following a link mailed to the new address proves it: the user stays verified.
      return updateUser(trx, user.id, { email: value.newEmail, emailVerified: 1, updatedAt: app.clock.now() });
    });
    return { purpose, user: updated ?? user, previousEmail: user.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw new VerifyFailure("email_already_in_use");
    throw error;
  }
}
