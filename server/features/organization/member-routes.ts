import { defineHandlers } from "../../http/handler.js";
import * as service from "./member-service.js";
import { actorOf, syncSession } from "./session-sync.js";
import { toMember, toMemberWithUser } from "./wire.js";

export const memberRoutes = defineHandlers({
  getActiveMember: async (ctx) => toMemberWithUser(await service.getActiveMember(ctx.app, actorOf(ctx))),
  getActiveMemberRole: async (ctx) => service.getActiveMemberRole(ctx.app, actorOf(ctx), ctx.query),
  listOrganizationMembers: async (ctx) => {
    const page = await service.listMembers(ctx.app, actorOf(ctx), ctx.query);
    return { members: page.members.map(toMemberWithUser), total: page.total };
  },
  addOrganizationMember: async (ctx) =>
    ctx.change(async () => {
      const member = await service.addMember(ctx.app, actorOf(ctx), ctx.body);
      ctx.audit({ action: "organization.member-add", targetId: member.userId, targetType: "user", organizationId: member.organizationId, metadata: { memberId: member.id, role: member.role } });
      return toMember(member);
    }),
  removeOrganizationMember: async (ctx) =>
    ctx.change(async () => {
      const actor = actorOf(ctx);
      const member = await service.removeMember(ctx.app, actor, ctx.body);
      if (member.userId === actor.user.id && actor.session.activeOrganizationId === member.organizationId) {
        syncSession(ctx, { ...actor.session, activeOrganizationId: null, activeTeamId: null });
      }
      ctx.audit({ action: "organization.member-remove", targetId: member.userId, targetType: "user", organizationId: member.organizationId, metadata: { memberId: member.id, role: member.role } });
      return { member: toMember(member) };
    }),
  updateOrganizationMemberRole: async (ctx) =>
    ctx.change(async () => {
      const { member, previousRole } = await service.updateMemberRole(ctx.app, actorOf(ctx), ctx.body);
      ctx.audit({
        action: "organization.member-role-change",
        targetId: member.userId,
        targetType: "user",
        organizationId: member.organizationId,
        metadata: { memberId: member.id, from: previousRole, to: member.role },
      });
      return toMember(member);
    }),
  leaveOrganization: async (ctx) =>
    ctx.change(async () => {
      const actor = actorOf(ctx);
      const member = await service.leaveOrganization(ctx.app, actor, ctx.body.organizationId);
      if (actor.session.activeOrganizationId === member.organizationId) syncSession(ctx, { ...actor.session, activeOrganizationId: null, activeTeamId: null });
      ctx.audit({ action: "organization.leave", targetId: member.userId, targetType: "user", organizationId: member.organizationId, metadata: { memberId: member.id } });
      return toMember(member);
    }),
  hasOrganizationPermission: async (ctx) => service.hasPermission(ctx.app, actorOf(ctx), ctx.body),
});
