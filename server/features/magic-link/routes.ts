import { defineHandlers, Redirect } from "../../http/handler.js";
import { apiError, isApiError } from "../../../shared/errors.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { secondStepRedirect } from "../../core/sign-in/second-step-page.js";
import { toSession, toUser } from "../../core/user/wire.js";
import { withQuery } from "../../core/verification/links.js";
import { LinkFailure, openMagicLink, sendMagicLink } from "./service.js";

export const magicLinkHandlers = defineHandlers({
  signInMagicLink: async (ctx) => {
    await sendMagicLink(ctx.app, ctx.body, ctx.query, ctx.meta.acceptLanguage);
    return { status: true };
  },
  magicLinkVerify: async (ctx) =>
    ctx.change(async () => {
      const { callbackURL, newUserCallbackURL, errorCallbackURL } = ctx.query;
      const errorTarget = errorCallbackURL || callbackURL;
      let account;
      try {
        if (!ctx.app.config.magicLink.enabled) throw new LinkFailure("INVALID_TOKEN");
        account = await openMagicLink(ctx.app, ctx.query.token);
      } catch (error) {
        if (!(error instanceof LinkFailure)) throw error;
        if (errorTarget) return new Redirect(withQuery(errorTarget, { error: error.code }));
        throw error.code === "INVALID_TOKEN" ? apiError("INVALID_TOKEN") : apiError("USER_NOT_FOUND");
      }
      const { user, isNew, revoked } = account;
      if (isNew) ctx.audit({ action: "user.sign-up", actorId: user.id, targetId: user.id, targetType: "user", metadata: { method: "magic-link" } });
      // The takeover rule ran: what was removed, on the record (docs/passwordless.md).
      if (revoked) ctx.audit({ action: "user.email-verify", actorId: user.id, targetId: user.id, targetType: "user", metadata: { email: user.email, method: "magic-link", revokedUnproven: revoked } });
      // A mailed link proves the mailbox: one factor. A two-factor user is held at the second step (issue 37 item 5).
      let outcome;
      try {
        outcome = await completeSignIn(ctx, user, { method: "magic-link", newAccount: isNew });
      } catch (error) {
        // A person refused by the core (deactivated by the directory, banned) opened the link from
        // their mail: they land on the error page with its code, as for a bad link, not on raw JSON.
        if (!errorTarget || !isApiError(error)) throw error;
        return new Redirect(withQuery(errorTarget, { error: error.code }));
      }
      if (outcome.held) return callbackURL ? new Redirect(secondStepRedirect(ctx.app, outcome.answer, callbackURL)) : outcome.answer;
      if (!callbackURL) return { token: outcome.issued.token, user: toUser(outcome.issued.user), session: toSession(outcome.issued.session, outcome.issued.token) };
      return new Redirect(isNew && newUserCallbackURL ? newUserCallbackURL : callbackURL);
    }),
});
