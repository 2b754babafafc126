/**
 * The authorization endpoint's rules (OIDC Core §3.1.2, RFC 6749 §4.1, RFC 7636). Order matters:
 * the client and its redirect URI are checked first and a failure there is an error page, never
 * a redirect (an open redirector otherwise); every later failure goes back to the app as
 * `error=…&state=…`. A person not signed in (or asked to sign in again) goes to the console's
 * sign-in page, which returns here; consent is asked on the console's consent page
 * (/console/oauth2/consent?request=<id>), whose answer comes back through POST /oauth2/consent.
 */
import { createHmac } from "node:crypto";
import { CONSOLE_PATH } from "../../http/console.js";
import type { AppContext } from "../../context.js";
import { escapeHtml } from "../../html/escape.js";
import { Html, Redirect, type AuthState } from "../../http/handler.js";
import * as oneTime from "../../core/one-time.js";
import { randomString, safeEqual } from "../../crypto/tokens.js";
import type { OAuthClientRow } from "../../db/types.js";
import { mayUseApp } from "./app-access.js";
import { isPublic, metadataOf, redirectAllowed } from "./clients.js";
import { signInFacts, type SignInFacts } from "./claims.js";
import { issuerOf } from "./discovery.js";
import { OAuthError } from "./oauth-error.js";
import { audienceFor } from "./resource.js";
import * as store from "./store.js";

export interface AuthorizeQuery {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  prompt?: string;
  max_age?: string;
  login_hint?: string;
  response_mode?: string;
  resource?: string;
  signed_in?: string;
}

/** A checked request: what a code or a consent is issued for. */
export interface PendingRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  /** RFC 8707: the API named at the authorization request (checked against oauthProvider.resources). */
  resource?: string;
  userId: string;
  sessionId: string;
  signIn: SignInFacts;
}

/**
 * A request waiting on the consent page: the checked request, and the way back to this endpoint
 * with the app's own parameters, so that "Switch account" can answer the same request as another
 * account (the sign-in page's `return`).
 */
export type WaitingRequest = PendingRequest & { returnTo?: string };

/** What a code stands for until the token endpoint spends it. */
export type CodeData = Omit<PendingRequest, "state">;

const REQUEST_LIFETIME = 600;

function errorPage(message: string): Html {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign-in request refused</title><body style="font-family:system-ui;max-width:36rem;margin:4rem auto"><h1>This sign-in request cannot be answered</h1><p>${escapeHtml(message)}</p><p>Go back to the app and try again; if it keeps happening, tell its administrator.</p></body></html>`;
  return new Html(body, 400, { "cache-control": "no-store", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" });
}

export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

export async function authorize(app: AppContext, query: AuthorizeQuery, auth: AuthState | null): Promise<Redirect | Html> {
  const client = query.client_id ? await store.findClient(app.db, query.client_id) : undefined;
  if (!client || client.disabled) return errorPage("The app that sent you here is not registered with this server, or it was disabled.");
  const meta = metadataOf(client);
  if (!query.redirect_uri || !redirectAllowed(meta, query.redirect_uri)) return errorPage("The app asked to send you to an address it has not registered.");
  const redirectUri = query.redirect_uri;
  const iss = issuerOf(app);
  const fail = (error: string, description: string) => new Redirect(redirectWith(redirectUri, { error, error_description: description, state: query.state, iss }));

  if (query.response_type !== "code") return fail("unsupported_response_type", "only response_type=code is supported");
  if (!(meta.grant_types ?? []).includes("authorization_code")) return fail("unauthorized_client", "this client may not use the authorization code flow");
  const scopes = [...new Set((query.scope ?? "openid").split(" ").filter(Boolean))];
  const allowed = (meta.scope ?? "").split(" ");
  const notAllowed = scopes.filter((s) => !allowed.includes(s));
  if (notAllowed.length) return fail("invalid_scope", `not allowed for this client: ${notAllowed.join(" ")}`);
  if (query.code_challenge !== undefined || query.code_challenge_method !== undefined) {
    if (query.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (!query.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(query.code_challenge)) return fail("invalid_request", "malformed code_challenge");
  } else if (isPublic(meta) || meta.require_pkce === true) {
    return fail("invalid_request", "PKCE (code_challenge with S256) is required for this client");
  }
  if (query.resource !== undefined) {
    try {
      audienceFor(app, query.resource);
    } catch (error) {
      if (error instanceof OAuthError) return fail(error.error, error.description);
      throw error;
    }
  }
  const prompts = new Set((query.prompt ?? "").split(" ").filter(Boolean));
  if (prompts.has("none") && prompts.size > 1) return fail("invalid_request", "prompt=none cannot be combined");
  const maxAge = query.max_age !== undefined ? Number(query.max_age) : undefined;
  if (maxAge !== undefined && (!Number.isInteger(maxAge) || maxAge < 0)) return fail("invalid_request", "max_age must be a non-negative integer");

  // Only a person's own session signs in to an app: never an API key or an impersonation. An
  // administrator acting as someone is refused outright (not sent to sign in): a code would tell
  // the app that person signed in, and signing in here would end the impersonation.
  if (auth?.kind === "impersonation") return fail("access_denied", "an administrator acting as this person cannot sign in to apps for them");
  const session = auth && auth.kind === "browser-session" ? auth : null;
  // prompt=login and max_age ask for a sign-in newer than the request. The sign-in page comes back
  // with `signed_in` = when this endpoint sent the person there, signed with the server secret
  // (a bare flag was a way around prompt=login); the session must have signed in since then.
  // That sign-in satisfies max_age too, however short: the trip to the sign-in page takes longer
  // than max_age=0 (OIDC Core §3.1.2.1), and asking again would loop forever.
  const signInAsked = signInAskedAt(app, query.signed_in);
  const signedInSince = session !== null && signInAsked !== undefined && Number(session.session.createdAt) > signInAsked;
  const tooOld = session !== null && maxAge !== undefined && app.clock.now() - Number(session.session.createdAt) > maxAge * 1000;
  const wantsFresh = tooOld || prompts.has("login") || prompts.has("select_account");
  const mustSignIn = !session || (wantsFresh && !signedInSince);
  if (mustSignIn) {
    if (prompts.has("none")) return fail("login_required", "the person is not signed in");
    return new Redirect(signInPage(app, query));
  }
  const user = session.user;
  // Before any consent page: an app this person may not use never asks them to allow it.
  if (!(await mayUseApp(app, meta, user))) return fail("access_denied", "this app is not open to this account");
  const signIn = await signInFacts(app, user, { id: session.session.id, createdAt: Number(session.session.createdAt) });
  const pending: PendingRequest = {
    clientId: client.clientId,
    redirectUri,
    scopes,
    ...(query.state !== undefined ? { state: query.state } : {}),
    ...(query.nonce !== undefined ? { nonce: query.nonce } : {}),
    ...(query.code_challenge !== undefined ? { codeChallenge: query.code_challenge } : {}),
    ...(query.resource !== undefined ? { resource: query.resource } : {}),
    userId: user.id,
    sessionId: session.session.id,
    signIn,
  };
  if (!meta.skip_consent) {
    const consent = await store.findConsent(app.db, client.clientId, user.id);
    const granted = consent ? consent.scopes.split(" ") : [];
    const covered = scopes.every((s) => granted.includes(s));
    if (!covered || prompts.has("consent")) {
      if (prompts.has("none")) return fail("consent_required", "the person has not allowed this app yet");
      const id = randomString(32);
      const waiting: WaitingRequest = { ...pending, returnTo: returnToAuthorize(app, query) };
      await oneTime.issue(app.db, app.clock.now(), { purpose: "oauth-authorize-request", secret: id, data: waiting, userId: user.id, lifetimeSeconds: REQUEST_LIFETIME });
      return new Redirect(`${app.baseURL}${CONSOLE_PATH}/oauth2/consent?request=${encodeURIComponent(id)}`);
    }
  }
  return new Redirect(await issueCode(app, pending));
}

/**
 * This endpoint with the app's parameters, as a same-origin path for after a sign-in, with
 * `signed_in` = now (signed): a session that signed in after it satisfies prompt=login and max_age.
 */
function returnToAuthorize(app: AppContext, query: AuthorizeQuery): string {
  const back = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === "string" && key !== "signed_in") back.set(key, value);
  back.set("signed_in", signInMark(app, app.clock.now()));
  return `${app.config.basePath}/oauth2/authorize?${back.toString()}`;
}

function markMac(app: AppContext, at: number): string {
  return createHmac("sha256", app.secret).update(`latchkey oauth sign-in asked at ${at}`).digest("base64url");
}

function signInMark(app: AppContext, at: number): string {
  return `${at}.${markMac(app, at)}`;
}

/** When the sign-in page was asked for (ms), if `mark` is this server's and from the last ten minutes. */
function signInAskedAt(app: AppContext, mark: string | undefined): number | undefined {
  const match = mark ? /^(\d{1,15})\.([\w-]{43})$/.exec(mark) : null;
  if (!match) return undefined;
  const at = Number(match[1]);
  if (!safeEqual(match[2]!, markMac(app, at))) return undefined;
  const age = app.clock.now() - at;
  return age >= 0 && age <= REQUEST_LIFETIME * 1000 ? at : undefined;
}

/** The sign-in page, told to come back here once signed in. */
function signInPage(app: AppContext, query: AuthorizeQuery): string {
  const page = new URLSearchParams({ return: returnToAuthorize(app, query) });
  if (query.login_hint) page.set("email", query.login_hint);
  return `${app.baseURL}${CONSOLE_PATH}/sign-in?${page.toString()}`;
}

export async function issueCode(app: AppContext, pending: PendingRequest): Promise<string> {
  const code = randomString(43);
  const { state, ...data } = pending;
  await oneTime.issue(app.db, app.clock.now(), { purpose: "oauth-code", secret: code, data: data satisfies CodeData, userId: pending.userId, lifetimeSeconds: app.config.oauthProvider.codeExpiresIn });
  return redirectWith(pending.redirectUri, { code, state, iss: issuerOf(app) });
}

export function clientAllows(client: OAuthClientRow, grantType: string): boolean {
  return (metadataOf(client).grant_types ?? []).includes(grantType);
}
