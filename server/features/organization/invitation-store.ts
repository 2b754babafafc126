/** Invitation queries. Status changes are conditional updates, so two racing callers cannot both win. */
import type { Kysely } from "kysely";
import type { Database, InvitationRow } from "../../db/types.js";

type Q = Kysely<Database>;

export async function insertInvitation(db: Q, row: InvitationRow): Promise<void> {
  await db.insertInto("invitation").values(row).execute();
}

export function findInvitationById(db: Q, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom("invitation").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The live (pending, unexpired) invitation of `email` to an organization, if any. */
export function findPendingInvitation(db: Q, organizationId: string, email: string, now: number): Promise<InvitationRow | undefined> {
  return db
    .selectFrom("invitation")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("email", "=", email)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

export async function countPendingInvitations(db: Q, organizationId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom("invitation")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first. */
export function listInvitations(db: Q, organizationId: string, limit: number, offset: number): Promise<InvitationRow[]> {
  return db
    .selectFrom("invitation")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "asc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Pending, unexpired invitations addressed to `email`, with the organization's name. */
export async function listPendingForEmail(db: Q, email: string, now: number, limit: number, offset: number): Promise<Array<InvitationRow & { organizationName: string }>> {
  return db
    .selectFrom("invitation")
    .innerJoin("organization", "organization.id", "invitation.organizationId")
    .selectAll("invitation")
    .select("organization.name as organizationName")
    .where("invitation.email", "=", email)
    .where("invitation.status", "=", "pending")
    .where("invitation.expiresAt", ">", now)
    .orderBy("invitation.createdAt", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Moves an invitation from `from` to `to` only if it is still in `from` (and, when given, not
 * expired at `now`). Returns the updated row, or undefined when someone else got there first.
 */
export function transitionInvitation(db: Q, id: string, from: readonly string[], to: string, now?: number): Promise<InvitationRow | undefined> {
  let query = db.updateTable("invitation").set({ status: to }).where("id", "=", id).where("status", "in", [...from]);
  if (now !== undefined) query = query.where("expiresAt", ">", now);
  return query.returningAll().executeTakeFirst();
}

export function extendInvitation(db: Q, id: string, expiresAt: number): Promise<InvitationRow | undefined> {
  return db.updateTable("invitation").set({ expiresAt }).where("id", "=", id).returningAll().executeTakeFirst();
}

/** After a team is removed, pending invitations stop pointing at it. */
export async function dropTeamFromInvitations(db: Q, organizationId: string, teamId: string): Promise<void> {
  const rows = await db
    .selectFrom("invitation")
    .select(["id", "teamId"])
    .where("organizationId", "=", organizationId)
    .where("status", "=", "pending")
    .where("teamId", "is not", null)
    .execute();
  for (const row of rows) {
    const ids = (row.teamId ?? "").split(",").filter(Boolean);
    if (!ids.includes(teamId)) continue;
    const rest = ids.filter((id) => id !== teamId);
    await db.updateTable("invitation").set({ teamId: rest.length ? rest.join(",") : null }).where("id", "=", row.id).execute();
  }
}
