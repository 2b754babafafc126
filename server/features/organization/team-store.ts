/** Team and team-member queries. */
import type { Kysely } from "kysely";
import type { Database, TeamMemberRow, TeamRow } from "../../db/types.js";

type Q = Kysely<Database>;

export async function insertTeam(db: Q, row: TeamRow): Promise<void> {
  await db.insertInto("team").values(row).execute();
}

export function findTeam(db: Q, teamId: string, organizationId?: string): Promise<TeamRow | undefined> {
  let query = db.selectFrom("team").selectAll().where("id", "=", teamId);
  if (organizationId !== undefined) query = query.where("organizationId", "=", organizationId);
  return query.executeTakeFirst();
}

export function listTeams(db: Q, organizationId: string, limit: number, offset: number): Promise<TeamRow[]> {
  return db
    .selectFrom("team")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countTeams(db: Q, organizationId: string): Promise<number> {
  const row = await db.selectFrom("team").select((eb) => eb.fn.countAll<number>().as("n")).where("organizationId", "=", organizationId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function updateTeam(db: Q, teamId: string, patch: Partial<Pick<TeamRow, "name" | "updatedAt">>): Promise<TeamRow | undefined> {
  return db.updateTable("team").set(patch).where("id", "=", teamId).returningAll().executeTakeFirst();
}

export async function deleteTeam(db: Q, teamId: string): Promise<void> {
  await db.deleteFrom("team").where("id", "=", teamId).execute();
}

export function findTeamMember(db: Q, teamId: string, userId: string): Promise<TeamMemberRow | undefined> {
  return db.selectFrom("teamMember").selectAll().where("teamId", "=", teamId).where("userId", "=", userId).executeTakeFirst();
}

/** Adds the user to the team, or returns the existing membership (the pair is unique). */
export async function ensureTeamMember(db: Q, row: TeamMemberRow): Promise<TeamMemberRow> {
  await db.insertInto("teamMember").values(row).onConflict((oc) => oc.columns(["teamId", "userId"]).doNothing()).execute();
  return (await findTeamMember(db, row.teamId, row.userId)) ?? row;
}

export async function deleteTeamMember(db: Q, teamId: string, userId: string): Promise<number> {
  const result = await db.deleteFrom("teamMember").where("teamId", "=", teamId).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countTeamMembers(db: Q, teamId: string): Promise<number> {
  const row = await db.selectFrom("teamMember").select((eb) => eb.fn.countAll<number>().as("n")).where("teamId", "=", teamId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function listTeamMembers(db: Q, teamId: string, limit: number, offset: number): Promise<TeamMemberRow[]> {
  return db.selectFrom("teamMember").selectAll().where("teamId", "=", teamId).orderBy("createdAt", "asc").orderBy("id", "asc").limit(limit).offset(offset).execute();
}

/** Teams the user is in, optionally within one organization, limited to organizations they still belong to. */
export function listTeamsOfUser(db: Q, userId: string, organizationId: string | undefined, limit: number, offset: number): Promise<TeamRow[]> {
  let query = db
    .selectFrom("teamMember")
    .innerJoin("team", "team.id", "teamMember.teamId")
    .innerJoin("member", (join) => join.onRef("member.organizationId", "=", "team.organizationId").onRef("member.userId", "=", "teamMember.userId"))
    .selectAll("team")
    .where("teamMember.userId", "=", userId);
  if (organizationId !== undefined) query = query.where("team.organizationId", "=", organizationId);
  return query.orderBy("team.createdAt", "asc").orderBy("team.id", "asc").limit(limit).offset(offset).execute();
}
