import { defineHandlers } from "../../http/handler.js";
import { holdForSecondFactor } from "../../core/sign-in/second-factor.js";
import { toUser } from "../../core/user/wire.js";
import { isUsernameAvailable, signInWithUsername } from "./service.js";

export const usernameHandlers = defineHandlers({
  signInUsername: async (ctx) => {
    const issued = await signInWithUsername(ctx.app, ctx.body, ctx.meta);
    const held = await holdForSecondFactor(ctx, issued, { rememberMe: ctx.body.rememberMe, method: "username" });
    if (held) return held as never; // two-factor: no session until the second step (server/features/two-factor)
    ctx.browser.issue(issued, { rememberMe: ctx.body.rememberMe });
    ctx.audit({ action: "user.sign-in", actorId: issued.user.id, targetId: issued.user.id, targetType: "user", metadata: { method: "username" } });
    const url = ctx.body.callbackURL;
    return { redirect: Boolean(url), token: issued.token, url, user: toUser(issued.user) };
  },
  isUsernameAvailable: async (ctx) => ({ available: await isUsernameAvailable(ctx.app, ctx.body.username) }),
});
