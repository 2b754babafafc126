/**
 * `twoFactor.requiredForRoles`: a user holding one of those roles without two-factor may sign in,
 * but the session is good only for setting up a second factor (TOTP, mailed codes, or a passkey)
 * and for signing out; everything else answers 403 TWO_FACTOR_SETUP_REQUIRED, which the console
 * and the CLI turn into "set up two-factor first". A session created by a passkey sign-in
 * satisfies the policy: a passkey is itself two factors (the device and its unlock).
 */
import { apiError } from "../../../shared/errors.js";
import { splitRoles } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import type { AuthState } from "../../http/handler.js";
import { sessionSignIn } from "./session-facts.js";

/** What a setup-only session may still call. */
const SETUP_PATHS = new Set([
  "/get-session",
  "/sign-out",
  "/two-factor/enable",
  "/two-factor/verify-totp",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/get-totp-uri",
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/passkey/list-user-passkeys",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
]);

/** Whether this session was created by a passkey sign-in with user verification (its recorded sign-in says so). */
export async function isPasskeySession(app: AppContext, sessionId: string, userId: string): Promise<boolean> {
  return (await sessionSignIn(app, sessionId, userId))?.userVerified === true;
}

export function mustSetUpTwoFactor(app: AppContext, auth: Pick<AuthState, "user">): boolean {
  const required = app.config.twoFactor.requiredForRoles;
  if (required.length === 0 || auth.user.twoFactorEnabled) return false;
  return splitRoles(auth.user.role || app.config.admin.defaultRole).some((role) => required.includes(role));
}

/** Called for every request with a session; cheap unless the policy applies to this user. */
export async function enforceTwoFactorPolicy(app: AppContext, auth: AuthState, path: string): Promise<void> {
  if (!mustSetUpTwoFactor(app, auth) || SETUP_PATHS.has(path)) return;
  if (auth.session.impersonatedBy) return; // an administrator acting as the user passed the policy already
  if (await isPasskeySession(app, auth.session.id, auth.user.id)) return;
  throw apiError("TWO_FACTOR_SETUP_REQUIRED");
}
