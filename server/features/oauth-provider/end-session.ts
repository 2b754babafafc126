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

/** The hint's claims when Latchkey signed it (an expired hint still names its session). */
async function verifiedHint(app: AppContext, hint: string): Promise<{ sid?: string; aud?: string; sub?: string } | undefined> {
  try {
    const keys = createLocalJWKSet({ keys: await publicJwks(app) });
    await compactVerify(hint, keys);
    const claims = decodeJwt(hint);
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
  // Checked before anything ends: a refused redirect changes nothing.
  if (query.post_logout_redirect_uri !== undefined) {
    const registered = client ? (metadataOf(client).post_logout_redirect_uris ?? []) : [];
    if (!registered.includes(query.post_logout_redirect_uri)) throw new OAuthError("invalid_request", "post_logout_redirect_uri is not registered for this client");
  }
  const browserSession = ctx.auth?.kind === "browser-session" ? ctx.auth.session : undefined;
  const sessionId = hint?.sid ?? browserSession?.id;
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
