/**
 * Passkey-first accounts (issue 37 item 3, better-auth 1.7's passkey plugin with
 * `registration.requireSession: false`): with no session, `generate-register-options?context=`
 * names the new account, and `verify-registration` creates it with the passkey and no password.
 * The address is not proven by a passkey: the account starts unverified, so the first mailed
 * proof of that address removes this passkey again if someone else made it (the takeover rule,
 * core/sign-in/passwordless.ts).
 */
import { passkeySignUpContextSchema } from "../../../shared/contract/passkey.js";
import { apiError, ApiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { normalizeEmail } from "../../core/user/rules.js";
import { assertMaySignUp } from "../../core/user/sign-up-gate.js";
import { sendVerificationEmail } from "../../core/verification/send-verification.js";

/** The account a sign-up ceremony will create, kept with its challenge. */
export interface PasskeySignUp {
  email: string;
  name: string;
}

/**
 * The sign-up `context` asks for, refused before the ceremony starts when the server would refuse
 * it at the end. No context and no session: 401, as this route answered before sign-up existed.
 */
export async function signUpOf(app: AppContext, context: string | undefined): Promise<PasskeySignUp> {
  if (context === undefined) throw apiError("UNAUTHORIZED");
  let value: unknown;
  try {
    value = JSON.parse(context);
  } catch {
    throw apiError("RESOLVED_USER_INVALID");
  }
  const parsed = passkeySignUpContextSchema.safeParse(value);
  if (!parsed.success) throw apiError("RESOLVED_USER_INVALID");
  const email = normalizeEmail(parsed.data.email);
  await assertMaySignUp(app, "passkey", email);
  return { email, name: parsed.data.name?.trim() ?? "" };
}

/**
 * Creates the account once the authenticator's answer checked out. The gate runs again: the
 * address may have been taken, or sign-up turned off, during the ceremony. As with sign-up by
 * password, `requireEmailVerification` mails a link and signs nobody in.
 */
export async function createPasskeyAccount(app: AppContext, signUp: PasskeySignUp, acceptLanguage: string | null): Promise<{ user: UserRow; signIn: boolean }> {
  await assertMaySignUp(app, "passkey", signUp.email);
  let user: UserRow;
  try {
    user = await createUserRecord(app, { email: signUp.email, name: signUp.name, role: app.config.admin.defaultRole, passwordHash: null });
  } catch (error) {
    // Lost a race on the unique address: the same answer the gate gives.
    if (error instanceof ApiError && error.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") throw apiError("USER_ALREADY_EXISTS");
    throw error;
  }
  const mustVerify = app.config.emailAndPassword.requireEmailVerification;
  if (mustVerify || app.config.emailVerification.sendOnSignUp) await sendVerificationEmail(app, user, undefined, acceptLanguage);
  return { user, signIn: !mustVerify };
}
