import { defineHandlers } from "../../http/handler.js";
import * as service from "./service.js";

export const apiKeyHandlers = defineHandlers({
  apiKeyCreate: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      const created = await service.createApiKey(ctx.app, user, ctx.body);
      ctx.audit({
        action: "api-key.create",
        targetId: created.referenceId,
        targetType: "user",
        metadata: { keyId: created.id, name: created.name, start: created.start, permissions: created.permissions, expiresAt: created.expiresAt },
      });
      return created;
    }),
  apiKeyGet: async (ctx) => service.getApiKey(ctx.app, ctx.auth.user, ctx.query.id),
  apiKeyUpdate: async (ctx) =>
    ctx.change(async () => {
      const updated = await service.updateApiKey(ctx.app, ctx.auth.user, ctx.body);
      ctx.audit({ action: "api-key.update", targetId: updated.referenceId, targetType: "user", metadata: { keyId: updated.id, fields: Object.keys(ctx.body).filter((k) => k !== "keyId") } });
      return updated;
    }),
  apiKeyDelete: async (ctx) =>
    ctx.change(async () => {
      const row = await service.deleteOwnApiKey(ctx.app, ctx.auth.user, ctx.body.keyId);
      ctx.audit({ action: "api-key.revoke", targetId: row.referenceId, targetType: "user", metadata: { keyId: row.id, start: row.start } });
      return { success: true };
    }),
  apiKeyList: async (ctx) => service.listApiKeys(ctx.app, ctx.auth.user.id, ctx.query),
  adminListUserApiKeys: async (ctx) => {
    const { userId, ...page } = ctx.query;
    return service.adminListApiKeys(ctx.app, ctx.auth.user, userId, page);
  },
  adminRevokeUserApiKey: async (ctx) =>
    ctx.change(async () => {
      const row = await service.adminRevokeApiKey(ctx.app, ctx.auth.user, ctx.body.keyId);
      ctx.audit({ action: "api-key.revoke", targetId: row.referenceId, targetType: "user", metadata: { keyId: row.id, start: row.start, byAdmin: true } });
      return { success: true };
    }),
});
