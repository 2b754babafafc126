/** The management side of SCIM (shared/contract/scim.ts); the protocol is protocol.ts. */
import { defineHandlers } from "../../http/handler.js";
import * as service from "./service.js";

export const scimHandlers = defineHandlers({
  scimCreateToken: async (ctx) =>
    ctx.change(async () => {
      const created = await service.createToken(ctx.app, ctx.auth.user, ctx.body);
      ctx.audit({
        action: "scim.token-create",
        targetType: "organization",
        targetId: created.connection.organizationId,
        organizationId: created.connection.organizationId,
        metadata: { connectionId: created.connection.id, connection: created.connection.name, tokenId: created.tokenId },
      });
      return created;
    }),
  scimListConnections: async (ctx) => ({ connections: await service.listConnections(ctx.app, ctx.auth.user, ctx.query.organizationId) }),
  scimRevokeToken: async (ctx) =>
    ctx.change(async () => {
      const row = await service.revokeToken(ctx.app, ctx.auth.user, ctx.body.tokenId);
      ctx.audit({ action: "scim.token-revoke", targetType: "organization", targetId: row.organizationId, organizationId: row.organizationId, metadata: { connectionId: row.connectionId, connection: row.name, tokenId: row.id, start: row.start } });
      return { success: true };
    }),
});
