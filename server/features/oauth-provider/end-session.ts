/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) and back-channel logout
 * (OIDC Back-Channel Logout 1.0): the Latchkey session named by the ID token hint's `sid` ends,
 * the apps' tokens from it are revoked, every app holding such tokens with a registered
 * `backchannel_logout_uri` is told (core/user/app-access.ts), and the browser goes to a registered post_logout_redirect_uri.
 * Without an ID token naming the browser's own session, the person is asked first on the console's
 * page (/console/oauth2/end-session?request=<id>), whose answer comes back as a same-origin POST.
 */
import { compactVerify, createLocalJWKSet, decodeJwt } from "jose";
import type { oauthProviderEndpoints } from "../../../shared/contract/oauth-provider.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import * as oneTime from "../../core/one-time.js";
import { randomString } from "../../crypto/tokens.js";
import { CONSOLE_PATH } from "../../http/console.js";
import { publicJwks } from "../../core/signing-keys/keys.js";
import { deleteSessionById } from "../../core/session/store.js";
import { appsToTell, tellApps } from "../../core/user/app-access.js";
import { Redirect, type HandlerContext } from "../../http/handler.js";
import { metadataOf, publicFields } from "./clients.js";
import { issuerOf } from "./discovery.js";
import { OAuthError } from "./oauth-error.js";
import { redirectWith } from "./authorize.js";
import * as store from "./store.js";

type Ctx = HandlerContext<(typeof oauthProviderEndpoints)["oauth2EndSession"]>;
type DetailsCtx = HandlerContext<(typeof oauthProviderEndpoints)["oauth2EndSessionDetails"]>;
type ConfirmCtx = HandlerContext<(typeof oauthProviderEndpoints)["oauth2EndSessionConfirm"]>;

/**
 * The hint's claims when Latchkey signed it as an ID token (an expired hint still names its
 * session). Access tokens (`typ: at+jwt`) and logout tokens (`logout+jwt`) are signed with the
 * same keys but are not ID tokens: an access token is handed to APIs, and must not let whoever
 * holds it end the person's session (issue 32, finding 4).
 */
async function verifiedHint(app: AppContext, hint: string): Promise<{ sid?: string; aud?: string; sub?: string } | undefined> {
  try {
    const keys = createLocalJWKSet({ keys: await publicJwks(app) });
    const { protectedHeader } = await compactVerify(hint, keys);
    if (protectedHeader.typ !== undefined && protectedHeader.typ.toUpperCase() !== "JWT") return undefined;
    const claims = decodeJwt(hint);
    if ("client_id" in claims || "scope" in claims || "events" in claims) return undefined;
    if (claims.iss !== issuerOf(app)) return undefined;
    const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
    return { ...(typeof claims.sid === "string" ? { sid: claims.sid } : {}), ...(aud ? { aud } : {}), ...(claims.sub ? { sub: claims.sub } : {}) };
  } catch {
    return undefined;
  }
}

/** A sign-out an app asked for, waiting for the person's answer on the console's page. */
interface WaitingSignOut {
  sessionId: string;
  clientId: string | null;
  /** Only set when a valid ID token hint issued to that client came with a registered address. */
  redirectUri: string | null;
  state: string | null;
}

const REQUEST_LIFETIME = 600;

/** Ends one session: its apps' tokens revoked, the apps that asked told, the browser's cookies cleared. */
async function endBrowserSession(ctx: Ctx | ConfirmCtx, sessionId: string, clientId: string | null): Promise<void> {
  // One change (issue 38): the tokens, the session and the sign-out event commit together.
  const notify = await ctx.change(async (app) => {
    const apps = await appsToTell(app.db, { sessionId });
    await store.revokeSessionTokens(app.db, sessionId, app.clock.now());
    await deleteSessionById(app.db, sessionId);
    ctx.audit({ action: "user.sign-out", metadata: { via: "oauth2/end-session", clientId } });
    return apps;
  });
  ctx.browser.clear();
  void tellApps(ctx.app, notify);
}

export async function endSession(ctx: Ctx) {
  const { app, query } = ctx;
  const hint = query.id_token_hint ? await verifiedHint(app, query.id_token_hint) : undefined;
  if (query.id_token_hint && !hint) throw new OAuthError("invalid_request", "id_token_hint was not issued by this server");
  const clientId = hint?.aud ?? query.client_id;
  if (hint?.aud && query.client_id && query.client_id !== hint.aud) throw new OAuthError("invalid_request", "client_id does not match id_token_hint");
  const client = clientId ? await store.findClient(app.db, clientId) : undefined;
  // Checked before anything ends: a refused redirect changes nothing. A redirect needs a valid ID
  // token hint issued to the client whose address it is (RP-Initiated Logout 1.0 §3): without
  // one, anyone could register an address and use this endpoint as an open redirector.
  if (query.post_logout_redirect_uri !== undefined) {
    if (!hint?.aud) throw new OAuthError("invalid_request", "post_logout_redirect_uri needs an id_token_hint issued to that client");
    const registered = client ? (metadataOf(client).post_logout_redirect_uris ?? []) : [];
    if (!registered.includes(query.post_logout_redirect_uri)) throw new OAuthError("invalid_request", "post_logout_redirect_uri is not registered for this client");
  }
  const back = () => (query.post_logout_redirect_uri !== undefined ? new Redirect(redirectWith(query.post_logout_redirect_uri, { state: query.state })) : undefined);
  const browserSession = ctx.auth?.kind === "browser-session" ? ctx.auth.session : undefined;
  if (!browserSession) return back() ?? { message: "No session to end" };
  // An ID token naming this browser's own session is the app's proof that the person signed in
  // through it: the session ends at once, as the app asked.
  if (hint?.sid === browserSession.id) {
    await endBrowserSession(ctx, browserSession.id, clientId ?? null);
    return back() ?? { message: "Signed out" };
  }
  // Anything less — no hint, a hint for another session (a leaked ID token), a bare client_id —
  // is asked of the person first (issue 32, finding 4): a cross-site GET (an image, a link, a
  // redirect) carries the cookie, but cannot press a button on a same-origin page.
  const id = randomString(32);
  const waiting: WaitingSignOut = { sessionId: browserSession.id, clientId: client ? client.clientId : null, redirectUri: query.post_logout_redirect_uri ?? null, state: query.state ?? null };
  await oneTime.issue(app.db, app.clock.now(), { purpose: "oauth-end-session-request", secret: id, data: waiting, userId: browserSession.userId, lifetimeSeconds: REQUEST_LIFETIME });
  return new Redirect(`${app.baseURL}${CONSOLE_PATH}/oauth2/end-session?request=${encodeURIComponent(id)}`);
}

/** The waiting sign-out for this browser's session, with the app that asked (for the page to name). */
async function waitingFor(ctx: DetailsCtx | ConfirmCtx, requestId: string) {
  const record = await oneTime.peek(ctx.app.db, ctx.app.clock.now(), "oauth-end-session-request", requestId);
  const waiting = record?.data as WaitingSignOut | undefined;
  // Another session's request (a link someone else was sent) is unknown here.
  if (!waiting || ctx.auth.kind !== "browser-session" || waiting.sessionId !== ctx.auth.session.id) throw apiError("OAUTH_REQUEST_NOT_FOUND");
  const client = waiting.clientId ? await store.findClient(ctx.app.db, waiting.clientId) : undefined;
  return { waiting, client: client ? publicFields(client) : null };
}

export async function endSessionDetails(ctx: DetailsCtx) {
  const { client } = await waitingFor(ctx, ctx.query.request);
  return { request: ctx.query.request, client, account: { email: ctx.auth.user.email, name: ctx.auth.user.name } };
}

/**
 * The person's answer: sign out (and back to the app when it proved itself with a hint), or stay
 * signed in (and back to the app all the same: it asked, and has forgotten the person already).
 * A same-origin POST: the cookie-bearing write's Origin check and SameSite=Lax keep other sites out.
 */
export async function confirmEndSession(ctx: ConfirmCtx) {
  const { waiting } = await waitingFor(ctx, ctx.body.request);
  if (!(await oneTime.consume(ctx.app.db, ctx.app.clock.now(), "oauth-end-session-request", ctx.body.request))) throw apiError("OAUTH_REQUEST_NOT_FOUND");
  if (ctx.body.accept) await endBrowserSession(ctx, waiting.sessionId, waiting.clientId);
  return waiting.redirectUri ? { redirect_uri: redirectWith(waiting.redirectUri, { state: waiting.state ?? undefined }) } : {};
}
