/** Sign-in by username and the availability check. */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { assertVerifiedForSignIn, checkPassword, recordFailedSignIn, type KnownDeviceOf } from "../../core/sign-in/password.js";
import type { UserRow } from "../../db/types.js";
import type { RequestMeta } from "../../core/session/service.js";
import { findUserByUsername } from "../../core/user/store.js";
import { normalizeUsername } from "../../core/user/username-rules.js";
import { guardSignIn } from "../../core/lockout/service.js";
import { AUDIT_REASONS } from "../../../shared/audit-reasons.js";

export interface UsernameSignIn {
  username: string;
  password: string;
  rememberMe?: boolean;
  callbackURL?: string;
}

/**
 * A malformed username is refused with its rule (422) before any lookup; an unknown user or a
 * wrong password both answer INVALID_USERNAME_OR_PASSWORD after one password hash, so timing
 * does not tell them apart.
 */
/** The password check of a username sign-in; the caller completes the sign-in (core/sign-in/complete.ts). */
export async function signInWithUsername(app: AppContext, input: UsernameSignIn, meta: RequestMeta, knownDevice: KnownDeviceOf): Promise<UserRow> {
  const { username } = normalizeUsername(app.config, input.username);
  if (input.password.length > app.config.password.maxLength) throw apiError("PASSWORD_TOO_LONG");
  const found = await findUserByUsername(app.db, username);
  const user = await guardSignIn(app, { user: found, kind: "username", identifier: username, knownDevice: found && knownDevice(found.id) }, meta, () => checkPassword(app, found, input.password));
  if (!user) {
    recordFailedSignIn(app, found, meta, AUDIT_REASONS.wrongUsernameOrPassword, { method: "username", username });
    throw apiError("INVALID_USERNAME_OR_PASSWORD");
  }
  await assertVerifiedForSignIn(app, user, input.callbackURL, "USERNAME_EMAIL_NOT_VERIFIED");
  return user;
}

export async function isUsernameAvailable(app: AppContext, input: string): Promise<boolean> {
  const { username } = normalizeUsername(app.config, input);
  return !(await findUserByUsername(app.db, username));
}
