/** An administrator's view of other users' sessions: list, end one, end all. */
import type { AppContext } from "../../context.js";
import { hashSecret } from "../../crypto/tokens.js";
import type { SessionRow, UserRow } from "../../db/types.js";
import { withNewEpoch } from "../../core/session/epoch.js";
import { deleteSessionsHeldBy, listSessionsOfUser } from "../../core/session/store.js";
import { requirePermission } from "../../core/admin-access.js";
import { deleteSessionByHash } from "./store.js";

type Actor = Pick<UserRow, "id" | "role">;

export async function listUserSessions(app: AppContext, actor: Actor, userId: string): Promise<SessionRow[]> {
  requirePermission(app.config, actor, { session: ["list"] }, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS");
  return listSessionsOfUser(app.db, userId, app.clock.now());
}

/**
 * `sessionToken` is the handle list-user-sessions shows (the stored hash) or the raw token;
 * either names exactly one session. Answers the ended session, if there was one.
 */
export async function revokeUserSession(app: AppContext, actor: Actor, sessionToken: string): Promise<{ id: string; userId: string } | undefined> {
  requirePermission(app.config, actor, { session: ["revoke"] }, "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS");
  return (await deleteSessionByHash(app.db, sessionToken)) ?? (await deleteSessionByHash(app.db, hashSecret(sessionToken)));
}

/** Every session the user holds, the impersonations they started as an administrator included. */
export async function revokeUserSessions(app: AppContext, actor: Actor, userId: string): Promise<number> {
  requirePermission(app.config, actor, { session: ["revoke"] }, "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS");
  // Under a new credential epoch: a sign-in in flight cannot add a session after this (issue 43).
  return withNewEpoch(app.db, userId, (trx) => deleteSessionsHeldBy(trx, userId));
}
