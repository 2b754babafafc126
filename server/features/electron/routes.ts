/**
 * The desktop hand-off's own routes, in @better-auth/electron's format (docs/desktop.md):
 * `/electron/transfer-user` hands the account signed in in this browser to the app, and
 * `/electron/token` trades a code for the app's own session. The code for a sign-in made with
 * hand-off parameters is issued by the sign-in core itself; the social start
 * (`/electron/init-oauth-proxy`) lives with the social feature.
 */
import { ApiError, apiError } from "../../../shared/errors.js";
import { completeSignIn, type SignInMethod } from "../../core/sign-in/complete.js";
import { issueHandOffCode, redeemHandOffCode } from "../../core/sign-in/desktop-hand-off.js";
import { secondFactorOf, sessionSignIn } from "../../core/sign-in/session-facts.js";
import { findUserById } from "../../core/user/store.js";
import { toUser } from "../../core/user/wire.js";
import { defineHandlers } from "../../http/handler.js";

/** better-auth answers an unknown, used or expired code 404 "Invalid or expired token." (INVALID_TOKEN). */
function invalidCode(): ApiError {
  const base = apiError("INVALID_TOKEN");
  return new ApiError(404, base.code, "Invalid or expired token.");
}

export const electronHandlers = defineHandlers({
  electronTransferUser: async (ctx) => {
    const { app, auth, query } = ctx;
    // Only the person themself hands their account on: a key is not a person, and an
    // administrator impersonating someone must not walk away with a session of theirs in an app.
    if (auth.kind === "api-key") throw apiError("API_KEY_NOT_ALLOWED");
    if (auth.kind === "impersonation") throw apiError("NOT_ALLOWED_WHILE_IMPERSONATING");
    if (query.client_id !== app.config.electron.clientId) throw apiError("INVALID_CLIENT_ID");
    if (!query.state) throw apiError("MISSING_STATE");
    if (!query.code_challenge) throw apiError("MISSING_PKCE");
    // The app's session says how the person signed in here: this session's recorded sign-in carries over
    // (one from before that record existed: the account's last method, and no second factor).
    const signIn = (await sessionSignIn(app, auth.session.id, auth.user.id)) ?? { method: auth.user.lastSignInMethod ?? "email" };
    const request = { state: query.state, codeChallenge: query.code_challenge };
    // The code and its event commit together (issue 38).
    const code = await ctx.change(async (inChange) => {
      const issued = await issueHandOffCode(inChange, auth.user.id, request, signIn, auth.user.credentialEpoch);
      ctx.audit({ action: "user.desktop-hand-off", targetId: auth.user.id, targetType: "user", metadata: { transfer: true } });
      return issued;
    });
    ctx.handOff.issued = { code, state: query.state };
    const callbackURL = ctx.body.callbackURL;
    return { url: callbackURL ?? null, redirect: Boolean(callbackURL), electron_authorization_code: code };
  },

  electronToken: async (ctx) => {
    const { app, body } = ctx;
    const redeemed = await redeemHandOffCode(app, { token: body.token, state: body.state, verifier: body.code_verifier });
    if (!redeemed.ok) {
      ctx.audit({
        action: "user.desktop-hand-off-failed",
        success: false,
        actorId: redeemed.userId ?? null,
        targetId: redeemed.userId ?? null,
        targetType: redeemed.userId ? "user" : undefined,
        reason: redeemed.code,
      });
      throw redeemed.code === "INVALID_TOKEN" ? invalidCode() : apiError(redeemed.code);
    }
    const { data } = redeemed;
    const user = await findUserById(app.db, data.userId);
    if (!user) throw invalidCode(); // deleted since: its codes went with it
    // A new session for the app, through the sign-in core (ban check, audit); the browser sign-in
    // it continues already passed every step, so it is not held at the second step again.
    const outcome = await completeSignIn(ctx, user, {
      method: data.method as SignInMethod,
      handedOver: { secondFactor: secondFactorOf(data.secondFactor) },
      provesTwoFactors: data.userVerified === true,
      ...(typeof data.epoch === "number" ? { epoch: data.epoch } : {}),
      audit: { desktopApp: true },
    });
    if (outcome.held) throw invalidCode(); // cannot happen: handedOver is never held
    return { token: outcome.issued.token, user: toUser(outcome.issued.user) };
  },
});
