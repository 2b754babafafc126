/** The session's active organization and team: the bookkeeping every membership change must keep. */
import type { Kysely } from "kysely";
import type { Database, SessionRow } from "../../db/types.js";

type Q = Kysely<Database>;

export function setActive(db: Q, sessionId: string, patch: { activeOrganizationId?: string | null; activeTeamId?: string | null }): Promise<SessionRow | undefined> {
  return db.updateTable("session").set(patch).where("id", "=", sessionId).returningAll().executeTakeFirst();
}

/** A user left or was removed: none of their sessions keeps that organization (or its teams) active. */
export async function clearOrganizationForUser(db: Q, userId: string, organizationId: string): Promise<void> {
  await db.updateTable("session").set({ activeOrganizationId: null, activeTeamId: null }).where("userId", "=", userId).where("activeOrganizationId", "=", organizationId).execute();
  await db
    .updateTable("session")
    .set({ activeTeamId: null })
    .where("userId", "=", userId)
    .where("activeTeamId", "in", db.selectFrom("team").select("id").where("organizationId", "=", organizationId))
    .execute();
}

/** An organization is being deleted: every session that had it (or one of its teams) active lets go. */
export async function clearOrganizationEverywhere(db: Q, organizationId: string): Promise<void> {
  await db
    .updateTable("session")
    .set({ activeTeamId: null })
    .where("activeTeamId", "in", db.selectFrom("team").select("id").where("organizationId", "=", organizationId))
    .execute();
  await db.updateTable("session").set({ activeOrganizationId: null, activeTeamId: null }).where("activeOrganizationId", "=", organizationId).execute();
}

/** A team went away, or a user left it: clear it where it was active (for one user, or everyone). */
export async function clearTeam(db: Q, teamId: string, userId?: string): Promise<void> {
  let query = db.updateTable("session").set({ activeTeamId: null }).where("activeTeamId", "=", teamId);
  if (userId !== undefined) query = query.where("userId", "=", userId);
  await query.execute();
}
