import { defineHandlers } from "../../http/handler.js";
import { holdForSecondFactor } from "../../core/sign-in/second-factor.js";
import { toUser } from "../../core/user/wire.js";
import { signInWithEmail, signUpWithEmail } from "./service.js";

export const emailPasswordHandlers = defineHandlers({
  signUpEmail: async (ctx) => {
    const { user, issued } = await signUpWithEmail(ctx.app, ctx.body, ctx.meta);
    if (issued) ctx.browser.issue(issued, { rememberMe: ctx.body.rememberMe });
    ctx.audit({ action: "user.sign-up", actorId: user.id, targetId: user.id, targetType: "user", metadata: { method: "email" } });
    return { token: issued?.token ?? null, user: toUser(user) };
  },
  signInEmail: async (ctx) => {
    const issued = await signInWithEmail(ctx.app, ctx.body, ctx.meta);
    const held = await holdForSecondFactor(ctx, issued, { rememberMe: ctx.body.rememberMe, method: "email" });
    if (held) return held as never; // two-factor: no session until the second step (server/features/two-factor)
    ctx.browser.issue(issued, { rememberMe: ctx.body.rememberMe });
    ctx.audit({ action: "user.sign-in", actorId: issued.user.id, targetId: issued.user.id, targetType: "user", metadata: { method: "email" } });
    const url = ctx.body.callbackURL;
    return { redirect: Boolean(url), token: issued.token, url, user: toUser(issued.user) };
  },
});
