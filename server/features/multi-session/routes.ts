import { apiError } from "../../../shared/errors.js";
import { defineHandlers } from "../../http/handler.js";
import { resolveSession, revokeByRawToken } from "../../core/session/service.js";
import { toSession, toUser } from "../../core/user/wire.js";
import { findDeviceToken, listDeviceSessions, liveDeviceSession } from "./service.js";

export const multiSessionHandlers = defineHandlers({
  listDeviceSessions: async (ctx) => {
    const sessions = await listDeviceSessions(ctx.app, ctx.browser.deviceTokens());
    return sessions.map((s) => ({ session: toSession(s.session), user: toUser(s.user) }));
  },
  setActiveSession: async (ctx) => {
    const token = findDeviceToken(ctx.browser.deviceTokens(), ctx.body.sessionToken);
    if (!token) throw apiError("INVALID_SESSION_TOKEN");
    const resolved = await resolveSession(ctx.app, token);
    if (!resolved) {
      ctx.browser.forgetDevice(token);
      throw apiError("INVALID_SESSION_TOKEN");
    }
    ctx.browser.issue(resolved);
    return { session: toSession(resolved.session, token), user: toUser(resolved.user) };
  },
  revokeDeviceSession: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      const tokens = ctx.browser.deviceTokens();
      const token = findDeviceToken(tokens, ctx.body.sessionToken);
      if (!token) throw apiError("INVALID_SESSION_TOKEN");
      const live = await liveDeviceSession(ctx.app, token);
      await revokeByRawToken(ctx.app, token);
      ctx.browser.forgetDevice(token);
      if (live) ctx.audit({ action: "session.revoke", targetId: live.session.id, targetType: "session", metadata: { userId: live.user.id, via: "multi-session" } });
      if (token === auth.token) {
        // The active session ended: the next live one this browser holds takes its place.
        let next;
        for (const candidate of tokens) {
          if (candidate === token) continue;
          next = await resolveSession(ctx.app, candidate);
          if (next) break;
          ctx.browser.forgetDevice(candidate);
        }
        if (next) ctx.browser.issue(next);
        else ctx.browser.clear();
      }
      return { status: true };
    }),
});
