import { defineHandlers } from "../../http/handler.js";
import * as service from "./invitation-service.js";
import { actorOf, syncSession } from "./session-sync.js";
import { toInvitation, toMember } from "./wire.js";

export const invitationRoutes = defineHandlers({
  inviteOrganizationMember: async (ctx) =>
    ctx.change(async () => {
      const { invitation, resent } = await service.inviteMember(ctx.app, actorOf(ctx), ctx.body, ctx.meta.acceptLanguage);
      ctx.audit({
        action: "invitation.create",
        targetId: invitation.id,
        targetType: "invitation",
        organizationId: invitation.organizationId,
        metadata: { email: invitation.email, role: invitation.role, resent },
      });
      return toInvitation(invitation);
    }),
  acceptInvitation: async (ctx) =>
    ctx.change(async () => {
      const accepted = await service.acceptInvitation(ctx.app, actorOf(ctx), ctx.body.invitationId);
      syncSession(ctx, accepted.session);
      const organizationId = accepted.invitation.organizationId;
      ctx.audit({ action: "invitation.accept", targetId: accepted.invitation.id, targetType: "invitation", organizationId });
      ctx.audit({ action: "organization.member-add", targetId: accepted.member.userId, targetType: "user", organizationId, metadata: { memberId: accepted.member.id, role: accepted.member.role, via: "invitation" } });
      return { invitation: toInvitation(accepted.invitation), member: toMember(accepted.member) };
    }),
  rejectInvitation: async (ctx) =>
    ctx.change(async () => {
      const invitation = await service.rejectInvitation(ctx.app, actorOf(ctx), ctx.body.invitationId);
      ctx.audit({ action: "invitation.reject", targetId: invitation.id, targetType: "invitation", organizationId: invitation.organizationId });
      return { invitation: toInvitation(invitation), member: null };
    }),
  cancelInvitation: async (ctx) =>
    ctx.change(async () => {
      const invitation = await service.cancelInvitation(ctx.app, actorOf(ctx), ctx.body.invitationId);
      ctx.audit({ action: "invitation.cancel", targetId: invitation.id, targetType: "invitation", organizationId: invitation.organizationId });
      return toInvitation(invitation);
    }),
  getInvitation: async (ctx) => {
    const found = await service.getInvitation(ctx.app, actorOf(ctx), ctx.query.id);
    return { ...toInvitation(found.invitation), organizationName: found.organizationName, organizationSlug: found.organizationSlug, inviterEmail: found.inviterEmail };
  },
  previewInvitation: async (ctx) => service.previewInvitation(ctx.app, ctx.query.id),
  listInvitations: async (ctx) => (await service.listInvitations(ctx.app, actorOf(ctx), ctx.query)).map(toInvitation),
  listUserInvitations: async (ctx) => {
    const rows = await service.listUserInvitations(ctx.app, actorOf(ctx), ctx.query);
    return rows.map((row) => ({ ...toInvitation(row), organizationName: row.organizationName }));
  },
});
