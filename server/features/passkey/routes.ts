import { apiError } from "../../../shared/errors.js";
import { defineHandlers } from "../../http/handler.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { toSession, toUser } from "../../core/user/wire.js";
import * as service from "./service.js";
import * as store from "./store.js";
import { toPasskey } from "./wire.js";

export const passkeyHandlers = defineHandlers({
  passkeyGenerateRegisterOptions: async (ctx) => service.registrationOptions(ctx.app, ctx.browser, ctx.auth?.user ?? null, ctx.query),
  passkeyVerifyRegistration: async (ctx) =>
    ctx.change(async () => {
      const { passkey, newAccount, userVerified } = await service.verifyRegistration(ctx.app, ctx.browser, ctx.auth?.user ?? null, ctx.body, ctx.meta.acceptLanguage ?? null);
      const owner = ctx.auth?.user ?? newAccount!.user;
      if (newAccount) ctx.audit({ action: "user.sign-up", actorId: owner.id, targetId: owner.id, targetType: "user", metadata: { method: "passkey" } });
      ctx.audit({ action: "user.passkey-add", actorId: owner.id, targetId: owner.id, targetType: "user", metadata: { passkeyId: passkey.id, name: passkey.name } });
      if (!newAccount?.signIn || !ctx.body.createSession) return toPasskey(passkey);
      // A new account has no second factor: this signs in at once, the one way every sign-in does.
      const outcome = await completeSignIn(ctx, newAccount.user, { method: "passkey", provesTwoFactors: userVerified, newAccount: true });
      if (outcome.held) return toPasskey(passkey);
      const { issued } = outcome;
      return { ...toPasskey(passkey), session: toSession(issued.session, issued.token), user: toUser(issued.user) };
    }),
  passkeyGenerateAuthenticateOptions: async (ctx) => service.authenticationOptions(ctx.app, ctx.browser, ctx.auth?.user ?? null),
  passkeyVerifyAuthentication: async (ctx) => {
    const { user, userVerified } = await service.verifyAuthentication(ctx.app, ctx.browser, ctx.body);
    const outcome = await completeSignIn(ctx, user, { method: "passkey", provesTwoFactors: userVerified });
    if (outcome.held) return outcome.answer; // touch-only assertion of a two-factor user: the second step comes next
    const { issued } = outcome;
    return { session: toSession(issued.session, issued.token), user: toUser(issued.user) };
  },
  passkeyListUserPasskeys: async (ctx) => (await store.listPasskeysOf(ctx.app.db, ctx.auth.user.id)).map(toPasskey),
  passkeyDeletePasskey: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      if (!(await store.deletePasskeyOf(ctx.app.db, user.id, ctx.body.id))) throw apiError("PASSKEY_NOT_FOUND");
      ctx.audit({ action: "user.passkey-delete", targetId: user.id, targetType: "user", metadata: { passkeyId: ctx.body.id } });
      return { status: true };
    }),
  passkeyUpdatePasskey: async (ctx) => {
    const { user } = ctx.auth;
    const row = await store.renamePasskey(ctx.app.db, user.id, ctx.body.id, ctx.body.name);
    if (!row) throw apiError("PASSKEY_NOT_FOUND");
    return { passkey: toPasskey(row) };
  },
});
