/**
 * Removing a user, shared by self-deletion (delete-user) and administration (remove-user).
 * Sessions, accounts, memberships, team memberships and one-time secrets (verification.userId,
 * migration 0012) go with the user through foreign-key cascades. An organization is never left
 * without an owner.
 */
import { apiError } from "../../../shared/errors.js";
import { splitRoles } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/database.js";
import { appsToTell, tellApps, type AppLogout } from "./app-access.js";

/**
 * Organizations where this user is the only owner while other members remain. The owner role is
 * the configured creator role (`owner` by default).
 */
export async function organizationsOnlyOwnedBy(db: DB, userId: string, ownerRole = "owner"): Promise<string[]> {
  const owned = await db.selectFrom("member").select(["organizationId", "role"]).where("userId", "=", userId).execute();
  const blocking: string[] = [];
  for (const membership of owned) {
    if (!splitRoles(membership.role).includes(ownerRole)) continue;
    const others = await db
      .selectFrom("member")
      .select(["role"])
      .where("organizationId", "=", membership.organizationId)
      .where("userId", "!=", userId)
      .execute();
    if (others.length > 0 && !others.some((m) => splitRoles(m.role).includes(ownerRole))) blocking.push(membership.organizationId);
  }
  return blocking;
}

export async function removeUser(app: AppContext, userId: string): Promise<void> {
  let logouts: AppLogout[] = [];
  await app.db.transaction().execute(async (trx) => {
    const blocking = await organizationsOnlyOwnedBy(trx, userId, app.config.organization.creatorRole);
    if (blocking.length > 0) throw apiError("ORGANIZATION_HAS_NO_OTHER_OWNER");
    // Organizations this user alone belonged to would be left empty and unreachable: remove them.
    const solo = await trx.selectFrom("member").select("organizationId").where("userId", "=", userId).execute();
    for (const { organizationId } of solo) {
      const count = await trx.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("organizationId", "=", organizationId).executeTakeFirst();
      if (Number(count?.n ?? 0) <= 1) await trx.deleteFrom("organization").where("id", "=", organizationId).execute();
    }
    // Impersonations this user started as an administrator end with them (issue 27); their own
    // sessions and one-time secrets go by the foreign-key cascade.
    await trx.deleteFrom("session").where("impersonatedBy", "=", userId).execute();
    // The apps' tokens and consents go by the cascade; who to tell is read before they go (issue 23).
    logouts = await appsToTell(trx, { userId });
    await trx.deleteFrom("user").where("id", "=", userId).execute();
  });
  void tellApps(app, logouts);
}
