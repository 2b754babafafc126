import { defineHandlers } from "../../http/handler.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { knownDeviceOf } from "../../core/sign-in/password.js";
import { toUser } from "../../core/user/wire.js";
import { isUsernameAvailable, signInWithUsername } from "./service.js";

export const usernameHandlers = defineHandlers({
  signInUsername: async (ctx) => {
    const user = await signInWithUsername(ctx.app, ctx.body, ctx.meta, knownDeviceOf(ctx));
    const outcome = await completeSignIn(ctx, user, { method: "username", rememberMe: ctx.body.rememberMe });
    if (outcome.held) return outcome.answer; // two-factor: no session until the second step
    const url = ctx.body.callbackURL;
    return { redirect: Boolean(url), token: outcome.issued.token, url, user: toUser(outcome.issued.user) };
  },
  isUsernameAvailable: async (ctx) => ({ available: await isUsernameAvailable(ctx.app, ctx.body.username) }),
});
