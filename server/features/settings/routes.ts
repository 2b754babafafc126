/** Run-time settings (shared/contract/settings.ts): permission, then the service. */
import { defineHandlers } from "../../http/handler.js";
import { apiError } from "../../../shared/errors.js";
import { requirePermission } from "../../core/admin-access.js";
import { changeSetting, listSettings, resetSetting } from "./service.js";

export const settingsHandlers = defineHandlers({
  adminListSettings: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["read"] }, "YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS");
    return { settings: await listSettings(ctx.app) };
  },
  adminSetSetting: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
    return { setting: await changeSetting(ctx.app, ctx.auth, ctx.body.key, ctx.body.value, (event) => ctx.audit(event), (work) => ctx.change(work)) };
  },
  adminAdvanceClock: (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
    // Only a server started with --dev has a clock to move; elsewhere the route is as good as absent.
    const clock = ctx.app.devClock;
    if (!clock) throw apiError("DEV_MODE_ONLY");
    clock.advance(ctx.body.ms);
    ctx.audit({ action: "server.clock-advance", metadata: { by: ctx.body.ms, offset: clock.offset() } });
    ctx.app.log.warn({ clockOffsetMs: clock.offset() }, `clock moved by ${ctx.body.ms} ms: this server's time is now ${new Date(clock.now()).toISOString()}`);
    return { clockOffsetMs: clock.offset(), now: new Date(clock.now()).toISOString() };
  },
  adminResetSetting: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS");
    return resetSetting(ctx.app, ctx.body.key, (event) => ctx.audit(event), (work) => ctx.change(work));
  },
});
