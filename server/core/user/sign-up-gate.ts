/**
 * The gate every self-service sign-up passes before anything is written: email and password
 * (`/sign-up/email`) and passkey-first (`/passkey/*-registration` with no session). The method
 * must be on and the address free. It is one function so that a check every sign-up needs (issue
 * 40's captcha) goes in one place; sign-ups by mailed proof (magic link, email code) and social
 * providers create accounts after proving the address instead, under their own `disableSignUp`.
 */
import { apiError, type ErrorCode } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { findUserByEmail } from "./store.js";

export type SelfSignUpMethod = "email" | "passkey";

/** Each method's switch and its answer for a taken address (better-auth's codes for each route). */
const METHODS: Record<SelfSignUpMethod, { enabled(app: AppContext): boolean; disabled: ErrorCode; taken: ErrorCode }> = {
  email: { enabled: (app) => app.config.emailAndPassword.enabled, disabled: "EMAIL_PASSWORD_DISABLED", taken: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" },
  passkey: { enabled: (app) => app.config.passkey.allowSignUp, disabled: "PASSKEY_SIGN_UP_DISABLED", taken: "USER_ALREADY_EXISTS" },
};

/**
 * Refuses a sign-up the server does not take. A taken address is told, as sign-up by password
 * always has (422): the passkey route reveals no more than that one does.
 * `email` is already normalised (core/user/rules.ts).
 */
export async function assertMaySignUp(app: AppContext, method: SelfSignUpMethod, email: string): Promise<void> {
  const rules = METHODS[method];
  if (!rules.enabled(app)) throw apiError(rules.disabled);
  if (await findUserByEmail(app.db, email)) throw apiError(rules.taken);
}
