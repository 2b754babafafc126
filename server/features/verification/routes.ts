import { defineHandlers, Redirect } from "../../http/handler.js";
import { refreshCookieCache } from "../../core/browser-cache.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { secondStepRedirect } from "../../core/sign-in/second-step-page.js";
import { toUser } from "../../core/user/wire.js";
import { withQuery } from "../../core/verification/links.js";
import { applyVerificationToken, requestVerificationMail, VerifyFailure } from "./service.js";

export const verificationHandlers = defineHandlers({
  sendVerificationEmail: async (ctx) => {
    await requestVerificationMail(ctx.app, ctx.body, ctx.auth?.user ?? null, ctx.meta.acceptLanguage);
    return { status: true };
  },
  verifyEmail: async (ctx) =>
    ctx.change(async () => {
      const { callbackURL, token } = ctx.query;
      let result;
      try {
        result = await applyVerificationToken(ctx.app, token, ctx.auth?.user.id ?? null);
      } catch (error) {
        if (!(error instanceof VerifyFailure)) throw error;
        if (callbackURL) return new Redirect(withQuery(callbackURL, { error: error.code }));
        throw error.toApiError();
      }
      const { user } = result;
      if (result.purpose === "change-email") {
        ctx.audit({ action: "user.email-change", actorId: user.id, targetId: user.id, targetType: "user", metadata: { from: result.previousEmail, to: user.email, confirmed: true } });
      } else {
        ctx.audit({ action: "user.email-verify", actorId: user.id, targetId: user.id, targetType: "user", metadata: { email: user.email } });
      }
      refreshCookieCache(ctx, user);

      // Auto sign-in: a browser already signed in as this user keeps its session.
      const autoSignIn = ctx.app.config.emailVerification.autoSignInAfterVerification && result.purpose === "verify-email";
      if (autoSignIn && ctx.auth?.user.id !== user.id) {
        // The link proves the mailbox: one factor. A two-factor user is asked for the second step (#19).
        const outcome = await completeSignIn(ctx, user, { method: "email-verification" });
        if (outcome.held) return callbackURL ? new Redirect(secondStepRedirect(ctx.app, outcome.answer, callbackURL)) : { status: true as const };
      }
      if (callbackURL) return new Redirect(callbackURL);
      return autoSignIn || result.purpose === "change-email" ? { status: true as const, user: toUser(user) } : { status: true as const };
    }),
});
