/** Team rules: create, rename, remove (never the last one unless allowed), team members and the active team. */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { newId } from "../../crypto/tokens.js";
import type { DB } from "../../db/database.js";
import type { SessionRow, TeamMemberRow, TeamRow } from "../../db/types.js";
import { findUserById } from "../../core/user/store.js";
import { can, orgError, pageOf, type Actor } from "./access.js";
import { clearTeam, setActive } from "./active-store.js";
import { dropTeamFromInvitations } from "./invitation-store.js";
import { findMember } from "./member-store.js";
import { lockOrganization } from "./organization-store.js";
import * as store from "./team-store.js";

/**
 * Puts a user in a team (idempotent), within the caller's transaction, honouring
 * `organization.maximumMembersPerTeam`.
 */
export async function joinTeam(app: AppContext, db: DB, teamId: string, userId: string): Promise<TeamMemberRow> {
  const existing = await store.findTeamMember(db, teamId, userId);
  if (existing) return existing;
  const maximum = app.config.organization.maximumMembersPerTeam;
  if (maximum !== undefined && (await store.countTeamMembers(db, teamId)) >= maximum) throw orgError("TEAM_MEMBER_LIMIT_REACHED");
  return store.ensureTeamMember(db, { id: newId(), teamId, userId, createdAt: app.clock.now() });
}

function organizationIdOf(actor: Actor, given: string | undefined): string {
  const organizationId = given ?? actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  return organizationId;
}

export async function createTeam(app: AppContext, actor: Actor, input: { name: string; organizationId?: string | undefined }): Promise<TeamRow> {
  const organizationId = organizationIdOf(actor, input.organizationId);
  const member = await findMember(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  if (!can(app, member.role, { team: ["create"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION");
  return app.db.transaction().execute(async (trx) => {
    if (!(await lockOrganization(trx, organizationId))) throw orgError("ORGANIZATION_NOT_FOUND");
    const maximum = app.config.organization.maximumTeams;
    if (maximum !== undefined && (await store.countTeams(trx, organizationId)) >= maximum) throw orgError("YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS");
    const now = app.clock.now();
    const team: TeamRow = { id: newId(), name: input.name, organizationId, createdAt: now, updatedAt: now };
    await store.insertTeam(trx, team);
    return team;
  });
}

export async function listTeams(app: AppContext, actor: Actor, query: { organizationId?: string | undefined; limit?: number; offset?: number }): Promise<TeamRow[]> {
  const organizationId = organizationIdOf(actor, query.organizationId);
  if (!(await findMember(app.db, organizationId, actor.user.id))) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  const { limit, offset } = pageOf(query);
  return store.listTeams(app.db, organizationId, limit, offset);
}

export async function updateTeam(app: AppContext, actor: Actor, input: { teamId: string; data: { name?: string | undefined; organizationId?: string | undefined } }): Promise<TeamRow> {
  const organizationId = organizationIdOf(actor, input.data.organizationId);
  const member = await findMember(app.db, organizationId, actor.user.id);
  if (!member || !can(app, member.role, { team: ["update"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM");
  const team = await store.findTeam(app.db, input.teamId, organizationId);
  if (!team) throw orgError("TEAM_NOT_FOUND");
  if (input.data.name === undefined) return team;
  const updated = await store.updateTeam(app.db, team.id, { name: input.data.name, updatedAt: app.clock.now() });
  if (!updated) throw orgError("TEAM_NOT_FOUND");
  return updated;
}

export async function removeTeam(app: AppContext, actor: Actor, input: { teamId: string; organizationId?: string | undefined }): Promise<TeamRow> {
  const organizationId = organizationIdOf(actor, input.organizationId);
  const member = await findMember(app.db, organizationId, actor.user.id);
  if (!member) throw orgError("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM");
  if (!can(app, member.role, { team: ["delete"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION");
  return app.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const team = await store.findTeam(trx, input.teamId, organizationId);
    if (!team) throw orgError("TEAM_NOT_FOUND");
    if (!app.config.organization.allowRemovingAllTeams && (await store.countTeams(trx, organizationId)) <= 1) throw orgError("UNABLE_TO_REMOVE_LAST_TEAM");
    await clearTeam(trx, team.id);
    await dropTeamFromInvitations(trx, organizationId, team.id);
    await store.deleteTeam(trx, team.id);
    return team;
  });
}

export async function setActiveTeam(app: AppContext, actor: Actor, teamId: string | null | undefined): Promise<{ team: TeamRow | null; session: SessionRow | null }> {
  if (teamId === null) {
    if (!actor.session.activeTeamId) return { team: null, session: null };
    return { team: null, session: (await setActive(app.db, actor.session.id, { activeTeamId: null })) ?? null };
  }
  const wanted = teamId ?? actor.session.activeTeamId;
  if (!wanted) return { team: null, session: null };
  const organizationId = actor.session.activeOrganizationId;
  if (!organizationId) throw orgError("NO_ACTIVE_ORGANIZATION");
  const team = await store.findTeam(app.db, wanted, organizationId);
  if (!team) throw orgError("TEAM_NOT_FOUND");
  if (!(await store.findTeamMember(app.db, team.id, actor.user.id))) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_TEAM", 403);
  return { team, session: (await setActive(app.db, actor.session.id, { activeTeamId: team.id })) ?? null };
}

export async function listUserTeams(app: AppContext, actor: Actor, query: { userId?: string | undefined; organizationId?: string | undefined; limit?: number; offset?: number }): Promise<TeamRow[]> {
  const { limit, offset } = pageOf(query);
  const target = query.userId ?? actor.user.id;
  if (target === actor.user.id) {
    if (query.organizationId && !(await findMember(app.db, query.organizationId, actor.user.id))) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
    return store.listTeamsOfUser(app.db, actor.user.id, query.organizationId, limit, offset);
  }
  // Another member's teams: only for someone who may manage members, and only within one organization.
  const organizationId = organizationIdOf(actor, query.organizationId);
  const caller = await findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
  if (!can(app, caller.role, { member: ["update"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
  if (!(await findMember(app.db, organizationId, target))) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  return store.listTeamsOfUser(app.db, target, organizationId, limit, offset);
}

export async function listTeamMembers(app: AppContext, actor: Actor, query: { teamId?: string | undefined; limit?: number; offset?: number }): Promise<TeamMemberRow[]> {
  const teamId = query.teamId ?? actor.session.activeTeamId;
  if (!teamId) throw orgError("YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM");
  const team = await store.findTeam(app.db, teamId);
  if (!team) throw orgError("TEAM_NOT_FOUND");
  const member = await findMember(app.db, team.organizationId, actor.user.id);
  if (!member) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_TEAM");
  // Team members see their team; those who manage members see every team.
  if (!(await store.findTeamMember(app.db, teamId, actor.user.id)) && !can(app, member.role, { member: ["update"] })) {
    throw orgError("YOU_CAN_NOT_ACCESS_THE_MEMBERS_OF_THIS_TEAM");
  }
  const { limit, offset } = pageOf(query);
  return store.listTeamMembers(app.db, teamId, limit, offset);
}

export async function addTeamMember(app: AppContext, actor: Actor, input: { teamId: string; userId: string; organizationId?: string | undefined }): Promise<{ teamMember: TeamMemberRow; organizationId: string }> {
  const organizationId = organizationIdOf(actor, input.organizationId);
  const caller = await findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  if (!can(app, caller.role, { member: ["update"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER");
  if (!(await findMember(app.db, organizationId, input.userId))) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  return app.db.transaction().execute(async (trx) => {
    await lockOrganization(trx, organizationId);
    const team = await store.findTeam(trx, input.teamId, organizationId);
    if (!team) throw orgError("TEAM_NOT_FOUND");
    return { teamMember: await joinTeam(app, trx, team.id, input.userId), organizationId };
  });
}

export async function removeTeamMember(app: AppContext, actor: Actor, input: { teamId: string; userId: string; organizationId?: string | undefined }): Promise<{ organizationId: string }> {
  const organizationId = organizationIdOf(actor, input.organizationId);
  const caller = await findMember(app.db, organizationId, actor.user.id);
  if (!caller) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  if (!can(app, caller.role, { member: ["delete"] })) throw orgError("YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER");
  if (!(await findMember(app.db, organizationId, input.userId))) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  const team = await store.findTeam(app.db, input.teamId, organizationId);
  if (!team) throw orgError("TEAM_NOT_FOUND");
  if (!(await findUserById(app.db, input.userId))) throw apiError("USER_NOT_FOUND");
  return app.db.transaction().execute(async (trx) => {
    if ((await store.deleteTeamMember(trx, team.id, input.userId)) === 0) throw orgError("USER_IS_NOT_A_MEMBER_OF_THE_TEAM");
    await clearTeam(trx, team.id, input.userId);
    return { organizationId };
  });
}
