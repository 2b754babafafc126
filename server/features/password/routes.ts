import { defineHandlers, Redirect } from "../../http/handler.js";
import { requirePermission } from "../../core/admin-access.js";
import { breachCheckSummary } from "../../core/user/breached-password.js";
import { toUser } from "../../core/user/wire.js";
import { errorPage, withQuery } from "../../core/verification/links.js";
import { isLocked, unlockAccount } from "../../core/lockout/service.js";
import { changePassword, isResetTokenValid, requestPasswordReset, resetPassword, RESET_REQUESTED_MESSAGE, setPassword } from "./service.js";

export const passwordHandlers = defineHandlers({
  forgetPassword: async (ctx) => {
    await requestPasswordReset(ctx.app, ctx.body, ctx.meta.acceptLanguage);
    return { status: true, message: RESET_REQUESTED_MESSAGE };
  },
  requestPasswordReset: async (ctx) => {
    await requestPasswordReset(ctx.app, ctx.body, ctx.meta.acceptLanguage);
    return { status: true, message: RESET_REQUESTED_MESSAGE };
  },
  resetPasswordCallback: async (ctx) => {
    const { token } = ctx.params;
    const { callbackURL } = ctx.query;
    const valid = await isResetTokenValid(ctx.app, token);
    if (!callbackURL) {
      if (!valid) return new Redirect(errorPage(ctx.app, "INVALID_TOKEN"));
      return { token };
    }
    return new Redirect(withQuery(callbackURL, valid ? { token } : { error: "INVALID_TOKEN" }));
  },
  resetPassword: async (ctx) =>
    ctx.change(async () => {
      const user = await resetPassword(ctx.app, ctx.body.token ?? ctx.query.token, ctx.body.newPassword);
      ctx.audit({
        action: "user.password-reset",
        actorId: user.id,
        targetId: user.id,
        targetType: "user",
        metadata: { sessionsRevoked: ctx.app.config.emailAndPassword.revokeSessionsOnPasswordReset },
      });
      // Whoever reset the password proved they hold the mailbox and chose a password the guesser does
      // not know: the account's failed sign-ins and any lock go (as Auth0 unblocks on a reset).
      const wasLocked = isLocked(user, ctx.app.clock.now());
      if (await unlockAccount(ctx.app, user)) {
        ctx.audit({ action: "user.unlock", actorId: user.id, targetId: user.id, targetType: "user", metadata: { wasLocked, failedSignInCount: Number(user.failedSignInCount ?? 0), reason: "password-reset" } });
      }
      return { status: true };
    }),
  changePassword: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      const { user } = auth;
      const issued = await changePassword(ctx.app, user, auth.session.id, ctx.body, ctx.meta);
      if (issued) {
        ctx.browser.forgetDevice(auth.token);
        ctx.browser.issue(issued);
      }
      ctx.audit({ action: "user.password-change", targetId: user.id, targetType: "user", metadata: { revokeOtherSessions: Boolean(ctx.body.revokeOtherSessions) } });
      return { token: issued?.token ?? null, user: toUser(user) };
    }),
  setPassword: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      await setPassword(ctx.app, user, ctx.body.newPassword);
      ctx.audit({ action: "user.password-set", targetId: user.id, targetType: "user" });
      return { status: true };
    }),
  adminPasswordBreachCheck: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { settings: ["read"] }, "YOU_ARE_NOT_ALLOWED_TO_READ_SETTINGS");
    return breachCheckSummary(ctx.app.config);
  },
});
