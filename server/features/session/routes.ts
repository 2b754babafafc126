import { defineHandlers } from "../../http/handler.js";
import { toSession, toUser } from "../../core/user/wire.js";
import { revokeByRawToken } from "../../core/session/service.js";

export const sessionHandlers = defineHandlers({
  getSession: async (ctx) => {
    if (ctx.cached) return ctx.cached;
    if (!ctx.auth) return null;
    return { session: toSession(ctx.auth.session, ctx.auth.token), user: toUser(ctx.auth.user) };
  },
  signOut: async (ctx) =>
    ctx.change(async () => {
      // Sign-out ends every session this browser holds (multi-session), not just the active one.
      const tokens = new Set(ctx.browser.deviceTokens());
      if (ctx.auth) tokens.add(ctx.auth.token);
      for (const token of tokens) {
        await revokeByRawToken(ctx.app, token);
        ctx.browser.forgetDevice(token);
      }
      ctx.browser.clear();
      if (ctx.auth) ctx.audit({ action: "user.sign-out", targetId: ctx.auth.user.id, targetType: "user" });
      return { success: true };
    }),
});
