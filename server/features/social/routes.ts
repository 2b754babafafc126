/** Social sign-in handlers: input → flow/accounts/tokens → answer, redirect, cookies, audit. */
import { apiError } from "../../../shared/errors.js";
import { defineHandlers, Redirect, type HandlerContext } from "../../http/handler.js";
import type { EndpointSpec } from "../../../shared/contract/index.js";
import { completeSignIn } from "../../core/sign-in/complete.js";
import { secondStepRedirect } from "../../core/sign-in/second-step-page.js";
import { toUser } from "../../core/user/wire.js";
import { withQuery } from "../../core/verification/links.js";
import { linkProfile, userFromProfile, withStatus, type LinkRefusal } from "./accounts.js";
import { pickLanguage } from "../../../shared/languages.js";
import { recipientLanguage } from "../../mail/templates/language.js";
import { findUserById } from "../../core/user/store.js";
import { approvalGonePage, approvalPage } from "./cli-approval-page.js";
import { APPROVAL_COOKIE, APPROVAL_SECONDS, assertLoopbackURL, decideApproval, newUserCode, pendingApproval, redeemCliCode, startApproval } from "./cli-login.js";
import { completeCallback, profileFromIdToken, providerOrThrow, startFlow } from "./flow.js";
import { useIdTokenOnce } from "./id-token-use.js";
import type { ResolvedProvider } from "./oauth-client.js";
import { oneTapEnabled, oneTapUser } from "./one-tap.js";
import { configuredProviders } from "./registry.js";
import { accountInfo, getAccessToken, refreshAccessToken } from "./tokens.js";

type AnyCtx = HandlerContext<EndpointSpec>;

const APPROVAL_PATH = "/cli/sign-in/social/approval";

/** Callback parameters as strings (the contract keeps unknown keys for provider hooks). */
function toParams(source: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(source)) if (typeof value === "string") params.set(key, value);
  return params;
}

async function handleCallback(ctx: AnyCtx, providerId: string, source: Record<string, unknown>) {
  const result = await completeCallback(ctx.app, ctx.browser, providerId, toParams(source));
  switch (result.kind) {
    case "error": {
      const params: Record<string, string> = { error: result.error };
      if (result.description) params.error_description = result.description;
      return new Redirect(withQuery(result.errorURL ?? `${ctx.app.apiURL}/error`, params));
    }
    case "signed-in": {
      const userId = result.user.id;
      if (result.isNewUser) ctx.audit({ action: "user.sign-up", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: result.providerId } });
      if (result.linked) ctx.audit({ action: "account.link", actorId: userId, targetId: userId, targetType: "user", metadata: { provider: result.providerId, automatic: true } });
      let outcome;
      try {
        // A desktop hand-off asked for at the start travels in the flow state, bound to this sign-in.
        const carry = result.desktopHandOff ? { desktopHandOff: result.desktopHandOff } : undefined;
        outcome = await completeSignIn(ctx, result.user, { method: `social:${result.providerId}`, audit: { provider: result.providerId }, carry });
      } catch (problem) {
        const code = (problem as { code?: string }).code ?? "unable to create session";
        return new Redirect(withQuery(result.errorURL ?? `${ctx.app.apiURL}/error`, { error: code }));
      }
      if (outcome.held) return new Redirect(secondStepRedirect(ctx.app, outcome.answer, result.to));
      return new Redirect(result.to);
    }
    case "linked":
      if (result.created) ctx.audit({ action: "account.link", actorId: result.userId, targetId: result.userId, targetType: "user", metadata: { provider: result.providerId } });
      return new Redirect(result.to);
    case "cli": {
      // Not to the loopback yet: this browser first says whether it meant to sign that CLI in.
      const { flow } = result;
      const handle = await startApproval(ctx.app, { ...flow.cli!, userId: result.userId, email: result.email, providerId: result.providerId });
      ctx.browser.writeSigned(APPROVAL_COOKIE, handle, APPROVAL_SECONDS);
      if (result.isNewUser) ctx.audit({ action: "user.sign-up", actorId: result.userId, targetId: result.userId, targetType: "user", metadata: { method: "social", provider: result.providerId, cli: true } });
      return new Redirect(`${ctx.app.apiURL}${APPROVAL_PATH}`);
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
async function startSignIn(ctx: Pick<AnyCtx, "app" | "browser" | "handOff">, provider: ResolvedProvider, body: SignInStart, options: { legacyPath?: boolean } = {}) {
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
    desktopHandOff: ctx.handOff.requested,
  });
  return { url, redirect: !body.disableRedirect };
}

export const socialHandlers = defineHandlers({
  // Sign-in pages also learn here which passwordless methods to offer (docs/passwordless.md).
  listProviders: (ctx) => ({ providers: configuredProviders(ctx.app), oneTap: oneTapEnabled(ctx.app), magicLink: ctx.app.config.magicLink.enabled, emailOTP: ctx.app.config.emailOTP.enabled, passkeySignUp: ctx.app.config.passkey.allowSignUp, sso: ctx.app.config.sso.enabled }),

  signInSocial: async (ctx) => {
    const { body, app } = ctx;
    const provider = await providerOrThrow(app, body.provider);
    if (body.idToken) {
      const { tokens, profile } = await profileFromIdToken(app, provider, body.idToken);
      const outcome = await userFromProfile(app, { providerId: provider.definition.id, profile, tokens, disableSignUp: provider.disableSignUp });
      if (!outcome.ok) throw outcome.error === "signup_disabled" ? apiError("SOCIAL_SIGN_UP_DISABLED") : apiError("OAUTH_LINK_ERROR", outcome.error);
      // The token signs in once: a replay is refused before any session is made (#27).
      if (!(await useIdTokenOnce(app, provider.definition.id, body.idToken.token, tokens.idTokenClaims))) throw withStatus(apiError("INVALID_TOKEN"), 401);
      const userId = outcome.user.id;
      if (outcome.isNewUser) ctx.audit({ action: "user.sign-up", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "social", provider: provider.definition.id } });
      const signedIn = await completeSignIn(ctx, outcome.user, { method: `social:${provider.definition.id}`, audit: { provider: provider.definition.id, idToken: true } });
      if (signedIn.held) return signedIn.answer; // two-factor: the second step comes next
      return { redirect: false as const, token: signedIn.issued.token, url: undefined, user: toUser(signedIn.issued.user) };
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
    const { user } = ctx.auth;
    const { body, app } = ctx;
    const provider = await providerOrThrow(app, body.provider);
    if (body.idToken) {
      const { tokens, profile } = await profileFromIdToken(app, provider, body.idToken);
      // The same rule as the redirect callback's link (accounts.ts linkRefusal), answered as API errors.
      const linked = await linkProfile(app, { userId: user.id, userEmail: user.email, providerId: provider.definition.id, profile, tokens, providerAllowsDifferentEmails: provider.settings.allowDifferentEmails });
      if (!linked.ok) throw LINK_API_ERRORS[linked.refusal]();
      if (!linked.created) return { url: "", status: true, redirect: false };
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
    const { user } = ctx.auth;
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

  getAccessToken: (ctx) => getAccessToken(ctx.app, ctx.auth.user.id, ctx.body),
  refreshToken: (ctx) => refreshAccessToken(ctx.app, ctx.auth.user.id, ctx.body),
  accountInfo: (ctx) => accountInfo(ctx.app, ctx.auth.user.id, ctx.query),

  oneTapCallback: async (ctx) => {
    const outcome = await oneTapUser(ctx.app, ctx.body.idToken);
    const userId = outcome.user.id;
    if (outcome.isNewUser) ctx.audit({ action: "user.sign-up", actorId: userId, targetId: userId, targetType: "user", metadata: { method: "one-tap", provider: "google" } });
    const signedIn = await completeSignIn(ctx, outcome.user, { method: "social:google", audit: { provider: "google", oneTap: true } });
    if (signedIn.held) return signedIn.answer; // two-factor: the second step comes next
    return { token: signedIn.issued.token, user: toUser(signedIn.issued.user) };
  },

  electronInitOAuthProxy: async (ctx) => {
    // The desktop app's social sign-in (better-auth's init-oauth-proxy): a redirect sign-in whose
    // flow state carries the app's state and challenge, so the callback ends with a code for it.
    const { app, query } = ctx;
    if (!query.state) throw apiError("MISSING_STATE");
    if (!query.code_challenge) throw apiError("MISSING_PKCE");
    const provider = await providerOrThrow(app, query.provider);
    const handOff = { requested: { state: query.state, codeChallenge: query.code_challenge } };
    // By default the browser lands on the console's sign-in page, which passes the code on from its cookie.
    const callbackURL = query.callbackURL ?? `${app.baseURL}/console/sign-in?handoff=cookie`;
    const { url } = await startSignIn({ app, browser: ctx.browser, handOff }, provider, { callbackURL, errorCallbackURL: query.errorCallbackURL });
    return new Redirect(url);
  },

  cliSocialStart: async (ctx) => {
    const { body, app } = ctx;
    assertLoopbackURL(body.loopbackURL);
    const provider = await providerOrThrow(app, body.provider);
    const userCode = newUserCode();
    // Errors go back to the CLI too (with its state, or it would not listen), so it can say what went wrong instead of waiting.
    const errorURL = withQuery(body.loopbackURL, { state: body.state });
    const cli = { redirect: body.loopbackURL, challenge: body.challenge, state: body.state, host: body.host, ip: ctx.meta.ip, userCode };
    const url = await startFlow(app, ctx.browser, provider, { callbackURL: body.loopbackURL, errorURL, cli });
    return { url, userCode };
  },
  cliSocialApproval: async (ctx) => {
    const pending = await pendingApproval(ctx.app, ctx.browser.readSigned(APPROVAL_COOKIE));
    if (!pending) return approvalGonePage(pickLanguage(ctx.meta.acceptLanguage, ctx.app.config.defaultLanguage), APPROVAL_SECONDS / 60);
    const user = await findUserById(ctx.app.db, pending.userId);
    return approvalPage(recipientLanguage(ctx.app.config.defaultLanguage, user, ctx.meta.acceptLanguage), pending, `${ctx.app.apiURL}${APPROVAL_PATH}`);
  },
  cliSocialDecide: async (ctx) => {
    const handle = ctx.browser.readSigned(APPROVAL_COOKIE);
    ctx.browser.forgetSigned(APPROVAL_COOKIE);
    let decided;
    try {
      decided = await decideApproval(ctx.app, handle, ctx.body.csrf, ctx.body.decision);
    } catch (error) {
      // A person who waited too long or clicked twice gets a page, not JSON.
      if ((error as { code?: string }).code !== "CLI_APPROVAL_EXPIRED") throw error;
      return approvalGonePage(pickLanguage(ctx.meta.acceptLanguage, ctx.app.config.defaultLanguage), APPROVAL_SECONDS / 60);
    }
    const { pending, code } = decided;
    if (!code) return new Redirect(withQuery(pending.redirect, { error: "access_denied", error_description: "The sign-in was denied in the browser.", state: pending.state }));
    return new Redirect(withQuery(pending.redirect, { code, state: pending.state }));
  },
  cliSocialToken: async (ctx) => {
    const { user, providerId } = await redeemCliCode(ctx.app, ctx.body.code, ctx.body.verifier);
    const signedIn = await completeSignIn(ctx, user, { method: `social:${providerId}`, audit: { provider: providerId, cli: true } });
    if (signedIn.held) return signedIn.answer; // two-factor: the command line asks for the code next
    return { token: signedIn.issued.token, user: toUser(signedIn.issued.user) };
  },
});

/** A refused link on the JSON API (the callback sends the same refusals as redirect codes). */
const LINK_API_ERRORS: Readonly<Record<LinkRefusal, () => Error>> = {
  "different-user": () => withStatus(apiError("SOCIAL_ACCOUNT_ALREADY_LINKED"), 409),
  "not-allowed": () => apiError("LINKING_NOT_ALLOWED"),
  "different-emails": () => apiError("LINKING_DIFFERENT_EMAILS_NOT_ALLOWED"),
  failed: () => apiError("LINKING_FAILED"),
};
