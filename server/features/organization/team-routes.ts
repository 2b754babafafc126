import { defineHandlers } from "../../http/handler.js";
import * as service from "./team-service.js";
import { actorOf, syncSession } from "./session-sync.js";
import { toTeam, toTeamMember } from "./wire.js";

export const teamRoutes = defineHandlers({
  createTeam: async (ctx) =>
    ctx.change(async () => {
      const team = await service.createTeam(ctx.app, actorOf(ctx), ctx.body);
      ctx.audit({ action: "team.create", targetId: team.id, targetType: "team", organizationId: team.organizationId, metadata: { name: team.name } });
      return toTeam(team);
    }),
  listTeams: async (ctx) => (await service.listTeams(ctx.app, actorOf(ctx), ctx.query)).map(toTeam),
  updateTeam: async (ctx) =>
    ctx.change(async () => {
      const team = await service.updateTeam(ctx.app, actorOf(ctx), ctx.body);
      ctx.audit({ action: "team.update", targetId: team.id, targetType: "team", organizationId: team.organizationId, metadata: { name: team.name } });
      return toTeam(team);
    }),
  removeTeam: async (ctx) =>
    ctx.change(async () => {
      const actor = actorOf(ctx);
      const team = await service.removeTeam(ctx.app, actor, ctx.body);
      if (actor.session.activeTeamId === team.id) syncSession(ctx, { ...actor.session, activeTeamId: null });
      ctx.audit({ action: "team.remove", targetId: team.id, targetType: "team", organizationId: team.organizationId, metadata: { name: team.name } });
      return { message: "Team removed successfully." };
    }),
  setActiveTeam: async (ctx) => {
    const change = await service.setActiveTeam(ctx.app, actorOf(ctx), ctx.body.teamId);
    syncSession(ctx, change.session);
    return change.team ? toTeam(change.team) : null;
  },
  listUserTeams: async (ctx) => (await service.listUserTeams(ctx.app, actorOf(ctx), ctx.query)).map(toTeam),
  listTeamMembers: async (ctx) => (await service.listTeamMembers(ctx.app, actorOf(ctx), ctx.query)).map(toTeamMember),
  addTeamMember: async (ctx) =>
    ctx.change(async () => {
      const { teamMember, organizationId } = await service.addTeamMember(ctx.app, actorOf(ctx), ctx.body);
      ctx.audit({ action: "team.member-add", targetId: teamMember.userId, targetType: "user", organizationId, metadata: { teamId: teamMember.teamId } });
      return toTeamMember(teamMember);
    }),
  removeTeamMember: async (ctx) =>
    ctx.change(async () => {
      const actor = actorOf(ctx);
      const { organizationId } = await service.removeTeamMember(ctx.app, actor, ctx.body);
      if (ctx.body.userId === actor.user.id && actor.session.activeTeamId === ctx.body.teamId) syncSession(ctx, { ...actor.session, activeTeamId: null });
      ctx.audit({ action: "team.member-remove", targetId: ctx.body.userId, targetType: "user", organizationId, metadata: { teamId: ctx.body.teamId } });
      return { message: "Team member removed successfully." };
    }),
});
