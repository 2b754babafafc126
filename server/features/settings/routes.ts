/** Run-time settings (shared/contract/settings.ts): permission, then the service. */
import { defineHandlers } from "../../http/handler.js";
import { requirePermission } from "../../core/admin-access.js";
import { changeSetting, listSettings, resetSetting } from "./service.js";

export const settingsHandlers = defineHandlers({
  adminListSettings: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["read"] }, "YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS");
    return { settings: await listSettings(ctx.app) };
  },
  adminSetSetting: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
    return { setting: await changeSetting(ctx.app, ctx.auth, ctx.body.key, ctx.body.value, (event) => ctx.audit(event)) };
  },
  adminResetSetting: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
    return resetSetting(ctx.app, ctx.body.key, (event) => ctx.audit(event));
  },
});
