/** Social sign-in handlers: input → flow/accounts/tokens → answer, redirect, cookies, audit. */
import { apiError } from "../../../shared/errors.js";
import { defineHandlers, Redirect, requireAuth, type HandlerContext } from "../../http/handler.js";
import type { EndpointSpec } from "../../../shared/contract/index.js";
import { startSession } from "../../core/session/service.js";
import { toUser } from "../../core/user/wire.js";
import { withQuery } from "../../core/verification/links.js";
import { linkProfile, userFromProfile, withStatus } from "./accounts.js";
import { assertLoopbackURL, issueCliCode, redeemCliCode } from "./cli-login.js";
import { completeCallback, profileFromIdToken, providerOrThrow, startFlow } from "./flow.js";
import { useIdTokenOnce } from "./id-token-use.js";
import type { ResolvedProvider } from "./oauth-client.js";
import { oneTapEnabled, oneTapUser } from "./one-tap.js";
import { configuredProviders } from "./registry.js";
import { findAccountByProvider } from "./store.js";
import { accountInfo, getAccessToken, refreshAccessToken } from "./tokens.js";

type AnyCtx = HandlerContext<EndpointSpec>;

/** Callback parameters as strings (the contract keeps unknown keys for provider hooks). */
function toParams(source: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") params.set(key, value);
  return params;
}

async function handleCallback(ctx: AnyCtx, providerId: string, source: Record<string, unknown>) {
  const result = await completeCallback(ctx.app, ctx.browser, providerId, toParams(source), ctx.meta);
  switch (result.kind) {
    case "error": {
      const params: Record<string, string> = { error: result.error };
      if (result.description) params.error_description = result.description;
      return new Redirect(withQuery(result.errorURL ?? `${ctx.app.apiURL}/error`, params));
    }
    case "signed-in": {
      ctx.browser.issue(result.issued);
      const userId = result.issued.user.id;
      if (result.isNewUser) ctx.audit({ action: "user.sign-up", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: result.providerId } });
      if (result.linked) ctx.audit({ action: "account.link", actorId: userId, targetId: userId, targetType: "user", metadata: { provider: result.providerId, automatic: true } });
      ctx.audit({ action: "user.sign-in", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: result.providerId } });
      return new Redirect(result.to);
    }
    case "linked":
      if (result.created) ctx.audit({ action: "account.link", actorId: result.userId, targetId: result.userId, targetType: "user", metadata: { provider: result.providerId } });
      return new Redirect(result.to);
    case "cli": {
      const code = await issueCliCode(ctx.app, { userId: result.userId, challenge: result.flow.cli!.challenge, providerId: result.providerId });
      if (result.isNewUser) ctx.audit({ action: "user.sign-up", actorId: result.userId, targetId: result.userId, targetType: "user", metadata: { method: "social", provider: result.providerId, cli: true } });
      return new Redirect(withQuery(result.flow.cli!.redirect, { code }));
    }
  }
}

/** What /sign-in/social and /sign-in/oauth2 carry to start a sign-in redirect (oauth2 has no login hint or extra parameters). */
interface SignInStart {
  callbackURL?: string;
  errorCallbackURL?: string;
  newUserCallbackURL?: string;
  requestSignUp?: boolean;
  scopes?: string[];
  loginHint?: string;
  additionalParams?: Record<string, string>;
  disableRedirect?: boolean;
}

/** The redirect half of both sign-in starts: callbackURL is required here (an ID-token sign-in needs none). */
async function startSignIn(ctx: Pick<AnyCtx, "app" | "browser">, provider: ResolvedProvider, body: SignInStart, options: { legacyPath?: boolean } = {}) {
  if (!body.callbackURL) throw apiError("CALLBACK_URL_REQUIRED");
  const url = await startFlow(ctx.app, ctx.browser, provider, {
    callbackURL: body.callbackURL,
    errorURL: body.errorCallbackURL,
    newUserURL: body.newUserCallbackURL,
    requestSignUp: body.requestSignUp,
    scopes: body.scopes,
    loginHint: body.loginHint,
    additionalParams: body.additionalParams,
    legacyPath: options.legacyPath,
  });
  return { url, redirect: !body.disableRedirect };
}

export const socialHandlers = defineHandlers({
  listProviders: (ctx) => ({ providers: configuredProviders(ctx.app), oneTap: oneTapEnabled(ctx.app) }),

  signInSocial: async (ctx) => {
    const { body, app } = ctx;
    const provider = await providerOrThrow(app, body.provider);
    if (body.idToken) {
      const { tokens, profile } = await profileFromIdToken(app, provider, body.idToken);
      const outcome = await userFromProfile(app, { providerId: provider.definition.id, profile, tokens, disableSignUp: provider.disableSignUp });
      if (!outcome.ok) throw outcome.error === "signup_disabled" ? apiError("SOCIAL_SIGN_UP_DISABLED") : apiError("OAUTH_LINK_ERROR", outcome.error);
      // The token signs in once: a replay is refused before any session is made (#27).
      if (!(await useIdTokenOnce(app, provider.definition.id, body.idToken.token, tokens.idTokenClaims))) throw withStatus(apiError("INVALID_TOKEN"), 401);
      let issued;
      try {
        issued = await startSession(app, outcome.user, ctx.meta, { signInMethod: `social:${provider.definition.id}` });
      } catch (error) {
        if ((error as { code?: string }).code) throw error;
        throw apiError("FAILED_TO_CREATE_SESSION");
      }
      ctx.browser.issue(issued);
      const userId = outcome.user.id;
      if (outcome.isNewUser) ctx.audit({ action: "user.sign-up", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: provider.definition.id } });
      ctx.audit({ action: "user.sign-in", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: provider.definition.id, idToken: true } });
      return { redirect: false as const, token: issued.token, url: undefined, user: toUser(issued.user) };
    }
    return startSignIn(ctx, provider, body);
  },

  socialCallback: (ctx) => handleCallback(ctx as unknown as AnyCtx, ctx.params.id, ctx.query),
  oauth2Callback: (ctx) => handleCallback(ctx as unknown as AnyCtx, ctx.params.providerId, ctx.query),
  socialCallbackPost: (ctx) => {
    // form_post arrives as a cross-site POST, which carries no Lax cookies: answer with a GET to
    // the same callback (a top-level navigation, which does carry them), parameters in the query.
    const params = toParams({ ...ctx.body });
    return new Redirect(`${ctx.app.apiURL}/callback/${encodeURIComponent(ctx.params.id)}?${params.toString()}`);
  },

  linkSocial: async (ctx) => {
    const { user } = requireAuth(ctx);
    const { body, app } = ctx;
    const provider = await providerOrThrow(app, body.provider);
    if (body.idToken) {
      const { tokens, profile } = await profileFromIdToken(app, provider, body.idToken);
      const linking = app.config.accountLinking;
      const existing = await linkableCheck(ctx as unknown as AnyCtx, provider.definition.id, profile.id, user.id);
      if (existing === "same-user") {
        await linkProfile(app, { userId: user.id, userEmail: user.email, providerId: provider.definition.id, profile, tokens, allowDifferentEmails: true });
        return { url: "", status: true, redirect: false };
      }
      if (!linking.enabled || (!profile.emailVerified && !linking.trustedProviders.includes(provider.definition.id))) throw apiError("LINKING_NOT_ALLOWED");
      const allowDifferent = provider.settings.allowDifferentEmails ?? linking.allowDifferentEmails;
      if (profile.email?.toLowerCase() !== user.email.toLowerCase() && !allowDifferent) throw apiError("LINKING_DIFFERENT_EMAILS_NOT_ALLOWED");
      const linked = await linkProfile(app, { userId: user.id, userEmail: user.email, providerId: provider.definition.id, profile, tokens, allowDifferentEmails: allowDifferent });
      if (!linked.ok) throw apiError("LINKING_FAILED");
      ctx.audit({ action: "account.link", targetId: user.id, targetType: "user", metadata: { provider: provider.definition.id, idToken: true } });
      return { url: "", status: true, redirect: false };
    }
    const url = await startFlow(app, ctx.browser, provider, {
      callbackURL: body.callbackURL ?? app.baseURL,
      errorURL: body.errorCallbackURL,
      link: { userId: user.id, email: user.email },
      scopes: body.scopes,
      loginHint: body.loginHint,
      additionalParams: body.additionalParams,
    });
    return { url, redirect: !body.disableRedirect };
  },

  signInOAuth2: async (ctx) => {
    const { body, app } = ctx;
    if (!app.config.genericOAuth.some((entry) => entry.providerId === body.providerId)) throw apiError("PROVIDER_NOT_FOUND");
    const provider = await providerOrThrow(app, body.providerId);
    return startSignIn(ctx, provider, body, { legacyPath: true });
  },

  oauth2Link: async (ctx) => {
    const { user } = requireAuth(ctx);
    const { body, app } = ctx;
    if (!app.config.genericOAuth.some((entry) => entry.providerId === body.providerId)) throw apiError("PROVIDER_NOT_FOUND");
    const provider = await providerOrThrow(app, body.providerId);
    const url = await startFlow(app, ctx.browser, provider, {
      callbackURL: body.callbackURL,
      errorURL: body.errorCallbackURL,
      link: { userId: user.id, email: user.email },
      scopes: body.scopes,
      legacyPath: true,
    });
    return { url, redirect: true };
  },

  getAccessToken: (ctx) => getAccessToken(ctx.app, requireAuth(ctx).user.id, ctx.body),
  refreshToken: (ctx) => refreshAccessToken(ctx.app, requireAuth(ctx).user.id, ctx.body),
  accountInfo: (ctx) => accountInfo(ctx.app, requireAuth(ctx).user.id, ctx.query),

  oneTapCallback: async (ctx) => {
    const outcome = await oneTapUser(ctx.app, ctx.body.idToken);
    const issued = await startSession(ctx.app, outcome.user, ctx.meta, { signInMethod: "social:google" });
    ctx.browser.issue(issued);
    const userId = outcome.user.id;
    if (outcome.isNewUser) ctx.audit({ action: "user.sign-up", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "one-tap", provider: "google" } });
    ctx.audit({ action: "user.sign-in", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "one-tap", provider: "google" } });
    return { token: issued.token, user: toUser(issued.user) };
  },

  cliSocialStart: async (ctx) => {
    const { body, app } = ctx;
    assertLoopbackURL(body.loopbackURL);
    const provider = await providerOrThrow(app, body.provider);
    // Errors go back to the CLI too, so it can say what went wrong instead of waiting.
    const url = await startFlow(app, ctx.browser, provider, { callbackURL: body.loopbackURL, errorURL: body.loopbackURL, cli: { redirect: body.loopbackURL, challenge: body.challenge } });
    return { url };
  },
  cliSocialToken: async (ctx) => {
    const { issued, providerId } = await redeemCliCode(ctx.app, ctx.body.code, ctx.body.verifier, ctx.meta);
    const userId = issued.user.id;
    ctx.audit({ action: "user.sign-in", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: providerId, cli: true } });
    return { token: issued.token, user: toUser(issued.user) };
  },
});

/** "same-user" when this provider account is already the caller's; throws when it is someone else's. */
async function linkableCheck(ctx: AnyCtx, providerId: string, accountId: string, userId: string): Promise<"same-user" | "free"> {
  const found = await findAccountByProvider(ctx.app.db, providerId, accountId);
  if (!found) return "free";
  if (found.userId === userId) return "same-user";
  throw withStatus(apiError("SOCIAL_ACCOUNT_ALREADY_LINKED"), 409);
}
