/**
 * The two sessions that are not sign-ins, and so do not go through completeSignIn: they are
 * named here so that every session the server issues comes from server/core (a test checks that
 * no feature calls startSession itself).
 */
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { startSession, type IssuedSession, type RequestMeta } from "../session/service.js";
import { recordSessionSignIn, sessionSignIn } from "./session-facts.js";

/**
 * An administrator acting as `target`: short-lived, never slid forward, marked with who it is.
 * The permission check is the caller's (features/admin); the session ends with the administrator's
 * powers (core/session/service.ts resolves it only while they still hold them).
 */
export function startImpersonation(app: AppContext, target: UserRow, meta: RequestMeta, administratorId: string): Promise<IssuedSession> {
  return startSession(app, target, meta, { impersonatedBy: administratorId, expiresIn: app.config.admin.impersonationSessionDuration });
}

/**
 * After a password change that ended every other session, the person who changed it stays
 * signed in with a new session (the old token went with the others). They proved the current
 * password a moment ago; this is a rotation, not a new sign-in (lastSignInAt stays), so the new
 * session keeps the replaced one's recorded sign-in (a passkey's two factors, a passed second step).
 */
export async function replaceSessionAfterPasswordChange(app: AppContext, user: UserRow, meta: RequestMeta, replacedSessionId: string, epoch: number | undefined): Promise<IssuedSession> {
  // Under the epoch the change itself set: a second change (or a ban) since ends this one too.
  const issued = await startSession(app, user, meta, epoch === undefined ? {} : { epoch });
  const signIn = await sessionSignIn(app, replacedSessionId, user.id);
  if (signIn) await recordSessionSignIn(app, issued.session.id, user.id, signIn);
  return issued;
}
