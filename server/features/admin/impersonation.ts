/**
 * Impersonation: an administrator signs in as a user for a limited time. The impersonation
 * session is marked `impersonatedBy`, is never slid forward, and skips the ban check (an admin may
 * need to see what a banned user saw). The admin's own session token waits in a separate cookie
 * and comes back when impersonation stops.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { SessionRow, UserRow } from "../../db/types.js";
import { resolveSession, revokeByRawToken, type IssuedSession, type RequestMeta } from "../../core/session/service.js";
import { startImpersonation } from "../../core/sign-in/other-sessions.js";
import { findUserById } from "../../core/user/store.js";
import { can, isAdministrator, requirePermission } from "../../core/admin-access.js";

export async function impersonate(app: AppContext, actor: { user: UserRow; session: SessionRow }, userId: string, meta: RequestMeta): Promise<IssuedSession> {
  const { config } = app;
  requirePermission(config, actor.user, { user: ["impersonate"] }, "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS");
  // Chained impersonation would overwrite the stashed admin session; stop first.
  if (actor.session.impersonatedBy) throw apiError("YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS");
  const target = await findUserById(app.db, userId);
  if (!target) throw apiError("USER_NOT_FOUND");
  if (isAdministrator(config, target) && !can(config, actor.user, { user: ["impersonate-admins"] })) throw apiError("YOU_CANNOT_IMPERSONATE_ADMINS");
  return startImpersonation(app, target, meta, actor.user.id);
}

export interface StopResult {
  admin: UserRow;
  /** The admin's own session, live again; null when the caller held no (live) stashed session. */
  restored: { token: string; session: SessionRow; user: UserRow } | null;
}

/** Ends the impersonation session and finds the admin's stashed one (it must belong to the impersonator). */
export async function stopImpersonating(app: AppContext, current: { session: SessionRow; token: string }, stashedToken: string | undefined): Promise<StopResult> {
  const adminId = current.session.impersonatedBy;
  if (!adminId) throw apiError("NOT_IMPERSONATING");
  await revokeByRawToken(app, current.token);
  const admin = await findUserById(app.db, adminId);
  if (!admin) throw apiError("USER_NOT_FOUND");
  const resolved = stashedToken ? await resolveSession(app, stashedToken) : null;
  if (!resolved || resolved.user.id !== adminId) return { admin, restored: null };
  return { admin, restored: { token: resolved.token, session: resolved.session, user: resolved.user } };
}
