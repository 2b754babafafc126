/** Sign-up and sign-in with email and password. */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import type { RequestMeta } from "../../core/session/service.js";
import type { KnownDeviceOf } from "../../core/sign-in/password.js";
import { normalizeUsername } from "../../core/user/username-rules.js";
import { sendVerificationEmail } from "../../core/verification/send-verification.js";
import {
  findUserByEmail,
  findUserByUsername,
} from "../../core/user/store.js";
import { assertPasswordLength, normalizeEmail } from "../../core/user/rules.js";
import { assertPasswordNotBreached } from "../../core/user/breached-password.js";
import { createUserRecord } from "../../core/user/create-user.js";
import { assertMaySignUp } from "../../core/user/sign-up-gate.js";
import { pickUserFields } from "../../core/user/additional-fields.js";
import { guardSignIn } from "../../core/lockout/service.js";
import { assertVerifiedForSignIn, checkPassword, recordFailedSignIn } from "../../core/sign-in/password.js";
import { AUDIT_REASONS } from "../../../shared/audit-reasons.js";

export type SignUpInput = BodyOf<Contract["signUpEmail"]>;

export interface SignUpResult {
  user: UserRow;
  /** False when the user must verify their email first or auto sign-in is off. */
  signIn: boolean;
}

export async function signUpWithEmail(app: AppContext, input: SignUpInput, meta: RequestMeta): Promise<SignUpResult> {
  const { config } = app;
  if (!config.emailAndPassword.enabled) throw apiError("EMAIL_PASSWORD_DISABLED");
  const email = normalizeEmail(input.email);
  assertPasswordLength(config, input.password);
  await assertPasswordNotBreached(app, input.password);
  const names = input.username !== undefined ? normalizeUsername(config, input.username, input.displayUsername) : null;

  await assertMaySignUp(app, "email", email);
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
  return { user, signIn: !mustVerify && config.emailAndPassword.autoSignIn };
}

export type SignInInput = BodyOf<Contract["signInEmail"]>;

/** The password check of an email sign-in; the caller completes the sign-in (core/sign-in/complete.ts). */
export async function signInWithEmail(app: AppContext, input: SignInInput, meta: RequestMeta, knownDevice: KnownDeviceOf): Promise<UserRow> {
  if (!app.config.emailAndPassword.enabled) throw apiError("EMAIL_PASSWORD_DISABLED");
  const email = normalizeEmail(input.email);
  const found = await findUserByEmail(app.db, email);
  const user = await guardSignIn(app, { user: found, kind: "email", identifier: email, knownDevice: found && knownDevice(found.id) }, meta, () => checkPassword(app, found, input.password));
  if (!user) {
    // The address tried is kept: an unknown one is what an operator looks for in a stuffing attempt.
    recordFailedSignIn(app, found, meta, AUDIT_REASONS.wrongEmailOrPassword, { method: "email", email });
    throw apiError("INVALID_EMAIL_OR_PASSWORD");
  }
  await assertVerifiedForSignIn(app, user, input.callbackURL, "EMAIL_NOT_VERIFIED");
  return user;
}

