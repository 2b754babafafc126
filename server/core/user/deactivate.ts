/**
 * Deactivation (issue 36): an organization's directory (SCIM `active: false`) turns a person off.
 * Unlike a ban it is the directory's switch, not an administrator's, so the two never undo each
 * other. In one transaction with a new credential epoch (a sign-in in flight loses at its session
 * insert, core/session/epoch.ts): the flag, every session the person holds, their API keys and the
 * OpenID provider's tokens and consents. On PostgreSQL the user and session triggers (migration
 * 0017) tell every server, so a session cached anywhere stops at its next check. The sign-in side
 * — every method refused while the flag is set — is `assertNotBanned` and `claimEpoch`, which
 * every sign-in passes; password reset checks it too (features/password).
 */
import type { AppContext } from "../../context.js";
import { deleteSessionsHeldBy } from "../session/store.js";
import { withNewEpoch } from "../session/epoch.js";
import { revokeAppAccessOf, tellApps } from "./app-access.js";

export interface Deactivated {
  sessionsEnded: number;
  apiKeysRevoked: number;
  appTokensRevoked: number;
}

export async function deactivateUser(app: AppContext, userId: string): Promise<Deactivated> {
  const now = app.clock.now();
  const { result, logouts } = await withNewEpoch(app.db, userId, async (trx) => {
    await trx.updateTable("user").set({ deactivated: 1, updatedAt: now }).where("id", "=", userId).execute();
    const sessionsEnded = await deleteSessionsHeldBy(trx, userId);
    // A key is a standing credential: revoked, not paused, so reactivation does not revive a leaked one.
    const keys = await trx.deleteFrom("apikey").where("referenceId", "=", userId).executeTakeFirst();
    const apps = await revokeAppAccessOf(trx, userId);
    return { result: { sessionsEnded, apiKeysRevoked: Number(keys.numDeletedRows), appTokensRevoked: apps.tokens }, logouts: apps.logouts };
  });
  // Apps signed in through the person hear of it (back-channel logout), after the commit.
  void tellApps(app, logouts);
  return result;
}

/** The directory turned the person back on: they may sign in again (nothing ended comes back). */
export async function reactivateUser(app: AppContext, userId: string): Promise<void> {
  await app.db.updateTable("user").set({ deactivated: 0, updatedAt: app.clock.now() }).where("id", "=", userId).execute();
}
