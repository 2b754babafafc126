import { defineHandlers } from "../../http/handler.js";
import { refreshCookieCache } from "../../core/browser-cache.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { toUser } from "../../core/user/wire.js";
import { knownDeviceOf } from "../../core/sign-in/password.js";
import type { BrowserSessions } from "../../http/handler.js";
import type { AppContext } from "../../context.js";
import type { RequestMeta } from "../../core/session/service.js";
import { accountProvenByCode, checkCode, proveSignInCode, resetPasswordWithCode, sendCode, verifyEmailCode, type CodeTry } from "./service.js";

/** A code try counts toward the account lockout (service.ts, useCode). */
const codeTry = (ctx: { app: AppContext; browser: BrowserSessions; meta: RequestMeta }): CodeTry => ({ meta: ctx.meta, knownDevice: knownDeviceOf(ctx) });

export const emailOtpHandlers = defineHandlers({
  emailOtpSendVerificationOtp: async (ctx) => {
    await sendCode(ctx.app, ctx.body.email, ctx.body.type, ctx.meta.acceptLanguage);
    return { success: true };
  },
  emailOtpRequestPasswordReset: async (ctx) => {
    await sendCode(ctx.app, ctx.body.email, "forget-password", ctx.meta.acceptLanguage);
    return { success: true };
  },
  emailOtpCheckVerificationOtp: async (ctx) => {
    await checkCode(ctx.app, ctx.body, codeTry(ctx));
    return { success: true };
  },
  signInEmailOtp: async (ctx) => {
    // The code's tries count outside the change; the account and the session are one change.
    const proof = await proveSignInCode(ctx.app, ctx.body, codeTry(ctx));
    return ctx.change(async (app) => {
      const { user, isNew, revoked } = await accountProvenByCode(app, proof, ctx.body);
      if (isNew) ctx.audit({ action: "user.sign-up", actorId: user.id, targetId: user.id, targetType: "user", metadata: { method: "email-otp" } });
      // The takeover rule ran: what was removed, on the record (docs/passwordless.md).
      if (revoked) ctx.audit({ action: "user.email-verify", actorId: user.id, targetId: user.id, targetType: "user", metadata: { email: user.email, method: "email-otp", revokedUnproven: revoked } });
      // A mailed code proves the mailbox: one factor. A two-factor user is held at the second step (issue 37 item 5).
      const outcome = await completeSignIn(ctx, user, { method: "email-otp", newAccount: isNew });
      if (outcome.held) return outcome.answer;
      return { token: outcome.issued.token, user: toUser(outcome.issued.user) };
    });
  },
  emailOtpVerifyEmail: async (ctx) => {
    const { user } = await verifyEmailCode(ctx.app, ctx.body, codeTry(ctx), (work) =>
      ctx.change(async (app) => {
        const done = await work(app);
        if (done.changed) ctx.audit({ action: "user.email-verify", actorId: done.user.id, targetId: done.user.id, targetType: "user", metadata: { email: done.user.email, method: "email-otp" } });
        return done;
      }),
    );
    if (ctx.auth?.user.id === user.id) refreshCookieCache(ctx, user);
    return { status: true as const, token: null, user: toUser(user) };
  },
  emailOtpResetPassword: async (ctx) => {
    await resetPasswordWithCode(ctx.app, ctx.body, codeTry(ctx), (work) =>
      ctx.change(async (app) => {
        const user = await work(app);
        ctx.audit({ action: "user.password-reset", actorId: user.id, targetId: user.id, targetType: "user", metadata: { method: "email-otp" } });
        return user;
      }),
    );
    return { success: true };
  },
});
