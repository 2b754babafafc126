/**
 * The authorization-code flow: start (state, PKCE verifier, nonce kept server-side for ten
 * minutes and bound to the browser by a signed cookie) and callback (state consumed once,
 * browser binding, iss, code exchange, profile, user). Also ID-token sign-in, which skips the
 * redirect. Failures of the redirect flow become `{error}` for the error redirect.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { randomString } from "../../crypto/tokens.js";
import type { BrowserSessions } from "../../http/handler.js";
import type { UserRow } from "../../db/types.js";
import { linkProfile, userFromProfile, withStatus } from "./accounts.js";
import type { CliFlow } from "./cli-login.js";
import type { DesktopHandOff } from "../../core/sign-in/desktop-hand-off.js";
import { authorizationURL, CallbackProblem, exchangeCode, profileHelpers, verifyIdToken, type ResolvedProvider } from "./oauth-client.js";
import { effectiveScopes, type ProviderProfile, type ProviderTokens } from "./provider.js";
import { resolveProvider } from "./registry.js";
import { consume, findExpired, issue } from "../../core/one-time.js";

export const STATE_LIFETIME_SECONDS = 600;
export const STATE_COOKIE = "oauth_state";
/** RFC 7636 allows 43–128 characters from [A-Za-z0-9-._~]; the longest gives the most entropy. */
const VERIFIER_LENGTH = 128;

/** What the server remembers between start and callback. */
export interface FlowState {
  providerId: string;
  codeVerifier: string;
  nonce?: string;
  redirectURI: string;
  callbackURL: string;
  errorURL?: string;
  newUserURL?: string;
  requestSignUp?: boolean;
  link?: { userId: string; email: string };
  /** Loopback CLI login: ask this browser to approve, then hand the user to the CLI instead of signing this browser in. */
  cli?: CliFlow;
  /** The desktop app asked for this sign-in (/electron/init-oauth-proxy, or hand-off parameters on /sign-in/social): it ends with a code for the app. */
  desktopHandOff?: DesktopHandOff;
}

export async function providerOrThrow(app: AppContext, id: string): Promise<ResolvedProvider & { disableSignUp: boolean }> {
  let resolved;
  try {
    resolved = await resolveProvider(app, id);
  } catch (error) {
    app.log.warn({ provider: id, reason: (error as Error).message }, "social provider could not be resolved (discovery)");
  }
  if (!resolved) throw apiError("PROVIDER_NOT_FOUND");
  return resolved;
}

/** Where the provider sends the browser back. Generic providers on the older path keep /oauth2/callback. */
export function redirectURIFor(app: AppContext, provider: ResolvedProvider, legacyPath = false): string {
  return provider.settings.redirectURI ?? `${app.apiURL}${legacyPath ? "/oauth2/callback" : "/callback"}/${encodeURIComponent(provider.definition.id)}`;
}

export async function startFlow(
  app: AppContext,
  browser: BrowserSessions,
  provider: ResolvedProvider,
  input: Omit<FlowState, "providerId" | "codeVerifier" | "nonce" | "redirectURI"> & { scopes?: string[]; loginHint?: string; additionalParams?: Record<string, string>; legacyPath?: boolean },
): Promise<string> {
  const state = randomString(32);
  const flow: FlowState = {
    providerId: provider.definition.id,
    codeVerifier: randomString(VERIFIER_LENGTH),
    nonce: provider.definition.oidc ? randomString(32) : undefined,
    redirectURI: redirectURIFor(app, provider, input.legacyPath),
    callbackURL: input.callbackURL,
    errorURL: input.errorURL,
    newUserURL: input.newUserURL,
    requestSignUp: input.requestSignUp,
    link: input.link,
    cli: input.cli,
    desktopHandOff: input.desktopHandOff,
  };
  const now = app.clock.now();
  // Consumed once by the callback, even by concurrent ones (core/one-time.ts).
  await issue(app.db, now, { purpose: "oauth-state", secret: state, data: flow, lifetimeSeconds: STATE_LIFETIME_SECONDS, userId: flow.link?.userId });
  browser.writeSigned(STATE_COOKIE, state, STATE_LIFETIME_SECONDS);
  return authorizationURL(provider, {
    state,
    codeVerifier: flow.codeVerifier,
    nonce: flow.nonce,
    redirectURI: flow.redirectURI,
    scopes: effectiveScopes(provider.definition, provider.settings, input.scopes),
    loginHint: input.loginHint,
    additionalParams: input.additionalParams,
  });
}

export type CallbackResult =
  | { kind: "error"; errorURL?: string; error: string; description?: string }
  /** The provider proved who this is; the sign-in is completed by the caller (core/sign-in/complete.ts). */
  | { kind: "signed-in"; user: UserRow; to: string; errorURL?: string; isNewUser: boolean; linked: boolean; providerId: string; desktopHandOff?: DesktopHandOff }
  | { kind: "linked"; to: string; userId: string; providerId: string; created: boolean }
  | { kind: "cli"; flow: FlowState; userId: string; email: string; providerId: string; isNewUser: boolean };

/** Everything after the provider sent the browser back. Never throws for the provider's or the caller's mistakes. */
export async function completeCallback(app: AppContext, browser: BrowserSessions, providerId: string, params: URLSearchParams): Promise<CallbackResult> {
  const state = params.get("state");
  if (!state) return { kind: "error", error: "state_not_found" };
  const bound = browser.readSigned(STATE_COOKIE);
  browser.forgetSigned(STATE_COOKIE);
  const now = app.clock.now();
  const row = await consume(app.db, now, "oauth-state", state);
  if (!row) {
    // An expired flow is never resumed; its error URL only says where to tell the user to restart.
    const expired = await findExpired(app.db, now, "oauth-state", state);
    const errorURL = (expired?.data as FlowState | null | undefined)?.errorURL;
    return expired ? { kind: "error", errorURL, error: "please_restart_the_process" } : { kind: "error", error: "state_not_found" };
  }
  const flow = row.data as FlowState | null;
  if (!flow || typeof flow.providerId !== "string") return { kind: "error", error: "invalid_callback_request" };
  const fail = (error: string, description?: string): CallbackResult => ({ kind: "error", errorURL: flow.errorURL, error, description });
  // The browser that started the flow must be the one finishing it (login CSRF). The CLI's flow
  // starts in the CLI and is bound by its PKCE-style challenge instead, and by the approval the
  // person gives on the page this callback leads to (cli-login.ts).
  if (!flow.cli && bound !== state) return fail("please_restart_the_process");
  if (flow.providerId !== providerId) return fail("invalid_callback_request");
  const error = params.get("error");
  if (error) return fail(error, params.get("error_description") ?? undefined);
  if (!params.get("code")) return fail("no_code");
  let provider;
  try {
    provider = await resolveProvider(app, providerId);
  } catch {
    provider = undefined;
  }
  if (!provider) return fail("oauth_provider_not_found");

  let tokens: ProviderTokens;
  try {
    tokens = await exchangeCode(app, provider, params, { state, codeVerifier: flow.codeVerifier, nonce: flow.nonce, redirectURI: flow.redirectURI });
  } catch (problem) {
    if (problem instanceof CallbackProblem) return fail(problem.code, problem.description);
    throw problem;
  }
  const profile = await fetchProfile(app, provider, tokens, params);
  if (!profile) return fail("unable_to_get_user_info");
  if (!flow.callbackURL) return fail("no_callback_url");

  if (flow.link) {
    // The same rule as the ID-token link (accounts.ts linkRefusal); a refusal goes back as ?error=.
    const linked = await linkProfile(app, {
      userId: flow.link.userId,
      userEmail: flow.link.email,
      providerId,
      profile,
      tokens,
      providerAllowsDifferentEmails: provider.settings.allowDifferentEmails,
    });
    if (!linked.ok) return fail(linked.error);
    return { kind: "linked", to: flow.callbackURL, userId: flow.link.userId, providerId, created: linked.created };
  }
  const outcome = await userFromProfile(app, { providerId, profile, tokens, disableSignUp: provider.disableSignUp });
  if (!outcome.ok) return fail(outcome.error);
  if (flow.cli) return { kind: "cli", flow, userId: outcome.user.id, email: outcome.user.email, providerId, isNewUser: outcome.isNewUser };
  const to = outcome.isNewUser && flow.newUserURL ? flow.newUserURL : flow.callbackURL;
  return { kind: "signed-in", user: outcome.user, to, errorURL: flow.errorURL, isNewUser: outcome.isNewUser, linked: outcome.linked, providerId, desktopHandOff: flow.desktopHandOff };
}

async function fetchProfile(app: AppContext, provider: ResolvedProvider, tokens: ProviderTokens, params: URLSearchParams): Promise<ProviderProfile | null> {
  try {
    const profile = await provider.definition.getProfile(tokens, profileHelpers(provider, tokens, params));
    return profile && profile.id ? profile : null;
  } catch (error) {
    app.log.warn({ provider: provider.definition.id, reason: (error as Error).message }, "social sign-in: profile unavailable");
    return null;
  }
}

/** The JSON API's view of an ID token sent by a client: checked, then turned into tokens and a profile. */
export async function profileFromIdToken(
  app: AppContext,
  provider: ResolvedProvider,
  idToken: { token: string; nonce?: string; accessToken?: string; refreshToken?: string; expiresAt?: number; user?: unknown },
): Promise<{ tokens: ProviderTokens; profile: ProviderProfile }> {
  if (!provider.definition.idTokenSignIn || !provider.endpoints.jwks) throw apiError("ID_TOKEN_NOT_SUPPORTED");
  let claims;
  try {
    claims = await verifyIdToken(app, provider, idToken.token, idToken.nonce);
  } catch (error) {
    app.log.warn({ provider: provider.definition.id, reason: (error as Error).message }, "ID token refused");
    throw withStatus(apiError("INVALID_TOKEN"), 401);
  }
  const tokens: ProviderTokens = {
    idToken: idToken.token,
    idTokenClaims: claims,
    accessToken: idToken.accessToken,
    refreshToken: idToken.refreshToken,
    accessTokenExpiresAt: idToken.expiresAt,
    scopes: [],
    raw: {},
  };
  const params = new URLSearchParams(idToken.user ? { user: JSON.stringify(idToken.user) } : {});
  const profile = await fetchProfile(app, provider, tokens, params);
  if (!profile) throw apiError("FAILED_TO_GET_USER_INFO");
  if (!profile.email) throw withStatus(apiError("USER_EMAIL_NOT_FOUND"), 401);
  return { tokens, profile };
}
