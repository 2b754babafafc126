/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) and back-channel logout
 * (OIDC Back-Channel Logout 1.0): the Latchkey session named by the ID token hint's `sid` ends,
 * the apps' tokens from it are revoked, every app holding such tokens with a registered
 * `backchannel_logout_uri` is told (core/user/app-access.ts), and the browser goes to a registered post_logout_redirect_uri.
 */
import { compactVerify, createLocalJWKSet, decodeJwt } from "jose";
import type { oauthProviderEndpoints } from "../../../shared/contract/oauth-provider.js";
import type { AppContext } from "../../context.js";
import { publicJwks } from "../../core/signing-keys/keys.js";
import { deleteSessionById } from "../../core/session/store.js";
import { appsToTell, tellApps } from "../../core/user/app-access.js";
import { Redirect, type HandlerContext } from "../../http/handler.js";
import { metadataOf } from "./clients.js";
import { issuerOf } from "./discovery.js";
import { OAuthError } from "./oauth-error.js";
import { redirectWith } from "./authorize.js";
import * as store from "./store.js";

type Ctx = HandlerContext<(typeof oauthProviderEndpoints)["oauth2EndSession"]>;

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
  const browserSession = ctx.auth?.kind === "browser-session" ? ctx.auth.session : undefined;
  // Only this browser's own session ends here: a hint naming another session (a leaked ID token,
  // sent by a caller without that session's cookie) ends nothing.
  if (hint?.sid && hint.sid !== browserSession?.id) {
    if (query.post_logout_redirect_uri !== undefined) return new Redirect(redirectWith(query.post_logout_redirect_uri, { state: query.state }));
    return { message: "No session to end" };
  }
  const sessionId = browserSession?.id;
  if (sessionId) {
    const now = app.clock.now();
    const notify = await appsToTell(app.db, { sessionId });
    await store.revokeSessionTokens(app.db, sessionId, now);
    await deleteSessionById(app.db, sessionId);
    if (browserSession?.id === sessionId) ctx.browser.clear();
    ctx.audit({ action: "user.sign-out", metadata: { via: "oauth2/end-session", clientId: clientId ?? null } });
    void tellApps(app, notify);
  }
  if (query.post_logout_redirect_uri !== undefined) return new Redirect(redirectWith(query.post_logout_redirect_uri, { state: query.state }));
  return { message: sessionId ? "Signed out" : "No session to end" };
}
