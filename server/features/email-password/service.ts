/** Sign-up and sign-in with email and password. */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { startSession, type IssuedSession, type RequestMeta } from "../session/service.js";
import { normalizeUsername } from "../username/rules.js";
import { sendVerificationEmail } from "../verification/send-verification.js";
import {
  findCredentialAccount,
  findUserByEmail,
  findUserByUsername,
  setCredentialPassword,
} from "../user/store.js";
import { assertPasswordLength, normalizeEmail } from "../user/rules.js";
import { createUserRecord } from "../user/create-user.js";
import { pickUserFields } from "../user/additional-fields.js";
import { guardSignIn } from "../lockout/service.js";

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
  image?: string;
  username?: string;
  displayUsername?: string;
  language?: string;
  callbackURL?: string;
  rememberMe?: boolean;
}

export interface SignUpResult {
  user: UserRow;
  /** Absent when the user must verify their email first or auto sign-in is off. */
  issued: IssuedSession | null;
}

export async function signUpWithEmail(app: AppContext, input: SignUpInput, meta: RequestMeta): Promise<SignUpResult> {
  const { config } = app;
  if (!config.emailAndPassword.enabled) throw apiError("EMAIL_PASSWORD_DISABLED");
  const email = normalizeEmail(input.email);
  assertPasswordLength(config, input.password);
  const names = input.username !== undefined ? normalizeUsername(config, input.username, input.displayUsername) : null;

  if (await findUserByEmail(app.db, email)) throw apiError("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  if (names && (await findUserByUsername(app.db, names.username))) throw apiError("USERNAME_IS_ALREADY_TAKEN");

  const user = await createUserRecord(app, {
    email,
    name: input.name,
    image: input.image ?? null,
    role: config.admin.defaultRole,
    username: names?.username ?? null,
    displayUsername: names?.displayUsername ?? null,
    language: input.language ?? null,
    passwordHash: await app.passwords.hash(input.password),
    additionalFields: pickUserFields(config, input),
  });

  const mustVerify = config.emailAndPassword.requireEmailVerification;
  if (mustVerify || config.emailVerification.sendOnSignUp) await sendVerificationEmail(app, user, input.callbackURL, meta.acceptLanguage);
  if (mustVerify || !config.emailAndPassword.autoSignIn) return { user, issued: null };
  const issued = await startSession(app, user, meta, { rememberMe: input.rememberMe, signInMethod: "email" });
  return { user, issued };
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
    const upgraded = await app.passwords.hash(password);
    await setCredentialPassword(app.db, account.id, upgraded, app.clock.now());
  }
  return user;
}

export interface SignInInput {
  email: string;
  password: string;
  callbackURL?: string;
  rememberMe?: boolean;
}

export async function signInWithEmail(app: AppContext, input: SignInInput, meta: RequestMeta): Promise<IssuedSession> {
  if (!app.config.emailAndPassword.enabled) throw apiError("EMAIL_PASSWORD_DISABLED");
  const email = normalizeEmail(input.email);
  const found = await findUserByEmail(app.db, email);
  const user = await guardSignIn(app, { user: found, kind: "email", identifier: email }, meta, () => checkPassword(app, found, input.password));
  if (!user) {
    recordFailedSignIn(app, found, meta, "invalid email or password", { method: "email" });
    throw apiError("INVALID_EMAIL_OR_PASSWORD");
  }
  await assertVerifiedForSignIn(app, user, input.callbackURL, "EMAIL_NOT_VERIFIED");
  return startSession(app, user, meta, { rememberMe: input.rememberMe, signInMethod: "email" });
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
