import { defineHandlers } from "../../http/handler.js";
import * as service from "./organization-service.js";
import { actorOf, syncSession } from "./session-sync.js";
import { toFullOrganization, toMember, toOrganization } from "./wire.js";

export const organizationRoutes = defineHandlers({
  createOrganization: async (ctx) =>
    ctx.change(async () => {
      const created = await service.createOrganization(ctx.app, actorOf(ctx), ctx.body);
      syncSession(ctx, created.session);
      const organizationId = created.organization.id;
      ctx.audit({ action: "organization.create", targetId: organizationId, targetType: "organization", organizationId, metadata: { slug: created.organization.slug } });
      if (created.team) ctx.audit({ action: "team.create", targetId: created.team.id, targetType: "team", organizationId, metadata: { default: true } });
      return { ...toOrganization(created.organization), members: [toMember(created.member)] };
    }),
  updateOrganization: async (ctx) =>
    ctx.change(async () => {
      const updated = await service.updateOrganization(ctx.app, actorOf(ctx), ctx.body);
      ctx.audit({ action: "organization.update", targetId: updated.id, targetType: "organization", organizationId: updated.id, metadata: { fields: Object.keys(ctx.body.data) } });
      return toOrganization(updated);
    }),
  deleteOrganization: async (ctx) =>
    ctx.change(async () => {
      const actor = actorOf(ctx);
      const deleted = await service.deleteOrganization(ctx.app, actor, ctx.body.organizationId);
      if (actor.session.activeOrganizationId === deleted.id) syncSession(ctx, { ...actor.session, activeOrganizationId: null, activeTeamId: null });
      ctx.audit({ action: "organization.delete", targetId: deleted.id, targetType: "organization", organizationId: deleted.id, metadata: { slug: deleted.slug } });
      return toOrganization(deleted);
    }),
  listOrganizations: async (ctx) => (await service.listOrganizations(ctx.app, actorOf(ctx), ctx.query)).map(toOrganization),
  getFullOrganization: async (ctx) => {
    const full = await service.getFullOrganization(ctx.app, actorOf(ctx), ctx.query);
    return full ? toFullOrganization(full.organization, full.members, full.invitations, full.teams) : null;
  },
  setActiveOrganization: async (ctx) => {
    const change = await service.setActiveOrganization(ctx.app, actorOf(ctx), ctx.body);
    syncSession(ctx, change.session);
    return change.organization ? toOrganization(change.organization) : null;
  },
  checkOrganizationSlug: async (ctx) => service.checkSlug(ctx.app, ctx.body.slug),
});
