import { defineHandlers } from "../../http/handler.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { knownDeviceOf } from "../../core/sign-in/password.js";
import { toUser } from "../../core/user/wire.js";
import { signInWithEmail, signUpWithEmail } from "./service.js";

export const emailPasswordHandlers = defineHandlers({
  signUpEmail: async (ctx) =>
    ctx.change(async () => {
      const { user, signIn } = await signUpWithEmail(ctx.app, ctx.body, ctx.meta);
      ctx.audit({ action: "user.sign-up", actorId: user.id, targetId: user.id, targetType: "user", metadata: { method: "email" } });
      if (!signIn) return { token: null, user: toUser(user) };
      // A new account has no second factor yet, but it signs in the one way every sign-in does.
      const outcome = await completeSignIn(ctx, user, { method: "email", rememberMe: ctx.body.rememberMe, newAccount: true });
      return { token: outcome.held ? null : outcome.issued.token, user: toUser(outcome.held ? user : outcome.issued.user) };
    }),
  signInEmail: async (ctx) => {
    const user = await signInWithEmail(ctx.app, ctx.body, ctx.meta, knownDeviceOf(ctx));
    const outcome = await completeSignIn(ctx, user, { method: "email", rememberMe: ctx.body.rememberMe });
    if (outcome.held) return outcome.answer; // two-factor: no session until the second step
    const url = ctx.body.callbackURL;
    return { redirect: Boolean(url), token: outcome.issued.token, url, user: toUser(outcome.issued.user) };
  },
});
