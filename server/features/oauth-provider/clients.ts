/**
 * OAuth clients: creation (a confidential client's secret is shown once and stored as a SHA-256
 * digest), the wire shape (RFC 7591 names, as better-auth answers), redirect-URI matching and
 * client authentication at the token, introspection and revocation endpoints.
 */
import type { OAuthClient } from "../../../shared/contract/oauth-provider.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { hashSecret, newId, randomString, safeEqual } from "../../crypto/tokens.js";
import type { OAuthClientRow } from "../../db/types.js";
import { hostIsPublic, systemResolveHost } from "../../core/net/public-address.js";
import { checkedAccessRules } from "./app-access.js";
import { checkedCustomClaims } from "./custom-claims.js";
import { OAuthError } from "./oauth-error.js";
import * as store from "./store.js";

/** What is kept in the `metadata` column: everything but the id, secret, owner and flags. */
export type ClientMetadata = Omit<OAuthClient, "client_id" | "client_id_issued_at" | "client_secret_expires_at" | "user_id" | "disabled" | "redirect_uris"> & {
  redirect_uris?: string[];
  /** Registered by anyone through POST /oauth2/register: its back-channel URI must stay public (never on the wire). */
  self_registered?: true;
};

export const DEFAULT_SCOPE = "openid profile email offline_access";

export function metadataOf(row: OAuthClientRow): ClientMetadata {
  return JSON.parse(row.metadata) as ClientMetadata;
}

export function isPublic(meta: ClientMetadata): boolean {
  return meta.token_endpoint_auth_method === "none";
}

export function toWire(row: OAuthClientRow): OAuthClient {
  const { self_registered: _internal, ...meta } = metadataOf(row);
  return {
    ...meta,
    redirect_uris: meta.redirect_uris ?? [],
    client_id: row.clientId,
    client_id_issued_at: Math.floor(Number(row.createdAt) / 1000),
    ...(row.secretHash ? { client_secret_expires_at: 0 } : {}),
    ...(row.userId ? { user_id: row.userId } : {}),
    disabled: row.disabled === 1,
  };
}

export function publicFields(row: OAuthClientRow) {
  const meta = metadataOf(row);
  return {
    client_id: row.clientId,
    ...(meta.client_name !== undefined ? { client_name: meta.client_name } : {}),
    ...(meta.client_uri !== undefined ? { client_uri: meta.client_uri } : {}),
    ...(meta.logo_uri !== undefined ? { logo_uri: meta.logo_uri } : {}),
    ...(meta.tos_uri !== undefined ? { tos_uri: meta.tos_uri } : {}),
    ...(meta.policy_uri !== undefined ? { policy_uri: meta.policy_uri } : {}),
  };
}

function newSecret(): string {
  return randomString(48);
}

/** Checks what the metadata says before it is stored: URIs parse, a public client has no secret flow. */
export function checkedMetadata(input: ClientMetadata): ClientMetadata {
  const bad = (message: string) => apiError("OAUTH_INVALID_CLIENT_METADATA", message);
  for (const uri of [...(input.redirect_uris ?? []), ...(input.post_logout_redirect_uris ?? [])]) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw bad(`not a URL: ${uri}`);
    }
    if (url.hash) throw bad(`a redirect URI has no fragment: ${uri}`);
    if (url.protocol === "javascript:" || url.protocol === "data:") throw bad(`not a redirect URI: ${uri}`);
  }
  for (const uri of [input.backchannel_logout_uri, input.logo_uri, input.client_uri].filter((u): u is string => u !== undefined)) {
    if (!/^https?:\/\//.test(uri)) throw bad(`expected an http(s) URL: ${uri}`);
  }
  if (input.backchannel_logout_uri !== undefined) checkBackChannelUri(input.backchannel_logout_uri, bad);
  const grants = [...new Set(input.grant_types ?? ["authorization_code", "refresh_token"])];
  if (input.token_endpoint_auth_method === "none" && grants.includes("client_credentials")) throw bad("a public client cannot use client_credentials");
  // A public client always sends PKCE (authorize.ts): saying otherwise would only mislead the list.
  if (input.token_endpoint_auth_method === "none" && input.require_pkce === false) throw bad("a public client always requires PKCE");
  if (grants.includes("authorization_code") && !(input.redirect_uris?.length)) throw bad("redirect_uris is required for authorization_code");
  return {
    ...input,
    grant_types: grants,
    response_types: ["code"],
    scope: input.scope ?? DEFAULT_SCOPE,
    token_endpoint_auth_method: input.token_endpoint_auth_method ?? "client_secret_basic",
  };
}

/**
 * The server itself POSTs to a back-channel logout URI, so it is checked like an outbound request
 * target: https, or plain http only to a loopback address (a local app in development; RFC 8252's
 * rule for redirects), no fragment (Back-Channel Logout 1.0 §2.2), no credentials in it.
 */
function checkBackChannelUri(uri: string, bad: (message: string) => Error): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw bad(`not a URL: ${uri}`);
  }
  if (url.hash || url.username || url.password) throw bad(`a back-channel logout URI has no fragment or credentials: ${uri}`);
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) return;
  throw bad(`a back-channel logout URI must be https (http only for a loopback address): ${uri}`);
}

/**
 * A self-registered app (dynamic registration: anyone, when it is on) gets no exception: its
 * back-channel URI must be https to a public address — not loopback, private, link-local or a
 * name that resolves to one (core/net/public-address.ts; delivery checks the address again).
 */
export async function selfRegisteredBackChannelAllowed(app: AppContext, uri: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  return (await hostIsPublic(url.hostname, app.resolveHost ?? systemResolveHost)) !== "not-public";
}

/** The metadata checks that need the configuration: per-app claims (custom-claims.ts). */
function withCheckedClaims(app: AppContext, meta: ClientMetadata): ClientMetadata {
  if (meta.custom_claims === undefined) return meta;
  const claims = checkedCustomClaims(app.config, meta.custom_claims);
  const { custom_claims: _given, ...rest } = meta;
  // An empty set is no set: the stored metadata says nothing rather than `{}`.
  return Object.keys(claims).length ? { ...rest, custom_claims: claims } : rest;
}

export async function createClient(app: AppContext, input: ClientMetadata, ownerId: string | null): Promise<OAuthClient & { client_secret?: string }> {
  const meta = checkedAccessRules(withCheckedClaims(app, checkedMetadata(input)));
  const secret = isPublic(meta) ? undefined : newSecret();
  const now = app.clock.now();
  const row: OAuthClientRow = {
    clientId: randomString(32),
    secretHash: secret ? hashSecret(secret) : null,
    userId: ownerId,
    disabled: 0,
    metadata: JSON.stringify(meta),
    createdAt: now,
    updatedAt: now,
  };
  await store.insertClient(app.db, row);
  return { ...toWire(row), ...(secret ? { client_secret: secret } : {}) };
}

export async function requireClient(app: AppContext, clientId: string): Promise<OAuthClientRow> {
  const row = await store.findClient(app.db, clientId);
  if (!row) throw apiError("OAUTH_CLIENT_NOT_FOUND");
  return row;
}

/**
 * Only the fields given change. A client's kind stays what it was registered as: a confidential
 * client may move between client_secret_basic and client_secret_post (an app that posts its secret
 * in the form body), but never to "none" (its secret would stop being checked) nor a public one to
 * a secret it was never given.
 */
export async function updateClient(app: AppContext, clientId: string, update: Partial<ClientMetadata>): Promise<OAuthClient> {
  const row = await requireClient(app, clientId);
  const method = update.token_endpoint_auth_method;
  if (method !== undefined && (method === "none") !== (row.secretHash === null)) {
    throw apiError("OAUTH_INVALID_CLIENT_METADATA", row.secretHash === null ? "a public client stays public: register a confidential app instead" : "a confidential client cannot become public: register a public app instead");
  }
  const merged = checkedAccessRules(withCheckedClaims(app, checkedMetadata({ ...metadataOf(row), ...update })));
  const updated = await store.updateClient(app.db, clientId, { metadata: JSON.stringify(merged), updatedAt: app.clock.now() });
  if (!updated) throw apiError("OAUTH_CLIENT_NOT_FOUND");
  return toWire(updated);
}

export async function rotateSecret(app: AppContext, clientId: string): Promise<OAuthClient & { client_secret: string }> {
  const row = await requireClient(app, clientId);
  if (!row.secretHash) throw apiError("OAUTH_CLIENT_IS_PUBLIC");
  const secret = newSecret();
  const updated = await store.updateClient(app.db, clientId, { secretHash: hashSecret(secret), updatedAt: app.clock.now() });
  if (!updated) throw apiError("OAUTH_CLIENT_NOT_FOUND");
  return { ...toWire(updated), client_secret: secret };
}

export async function setDisabled(app: AppContext, clientId: string, disabled: boolean): Promise<OAuthClient> {
  await requireClient(app, clientId);
  const updated = await store.updateClient(app.db, clientId, { disabled: disabled ? 1 : 0, updatedAt: app.clock.now() });
  if (!updated) throw apiError("OAUTH_CLIENT_NOT_FOUND");
  return toWire(updated);
}

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Exact match, except that a native app's loopback redirect's port may differ (RFC 8252 §7.3:
 * native apps listen on whatever port is free).
 */
export function redirectAllowed(meta: ClientMetadata, requested: string): boolean {
  const registered = meta.redirect_uris ?? [];
  if (registered.includes(requested)) return true;
  // The any-port rule is for native apps (public, or registered as application_type native); a
  // confidential web app's redirect URI matches exactly.
  if (!isPublic(meta) && meta.application_type !== "native") return false;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return false;
  }
  if (asked.protocol !== "http:" || !LOOPBACK.has(asked.hostname)) return false;
  return registered.some((uri) => {
    try {
      const r = new URL(uri);
      return r.protocol === "http:" && r.hostname === asked.hostname && r.pathname === asked.pathname && r.search === asked.search;
    } catch {
      return false;
    }
  });
}

export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
  method: "basic" | "post" | "none";
}

/** HTTP Basic (RFC 6749 §2.3.1: form-urlencoded id and secret) or the body's client_id/client_secret. */
export function readClientCredentials(authorization: string | undefined, body: { client_id?: string; client_secret?: string }): ClientCredentials {
  if (authorization?.startsWith("Basic ")) {
    const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "malformed Basic credentials", 401);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, " "));
      } catch {
        throw new OAuthError("invalid_client", "malformed Basic credentials", 401);
      }
    };
    return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)), method: "basic" };
  }
  if (body.client_secret !== undefined) return { clientId: body.client_id, clientSecret: body.client_secret, method: "post" };
  return { clientId: body.client_id, method: "none" };
}

const AUTH_METHOD_OF: Record<ClientCredentials["method"], string> = { basic: "client_secret_basic", post: "client_secret_post", none: "none" };

/** The calling client, authenticated: a confidential client by its secret, a public one by its id alone. */
export async function authenticateClient(app: AppContext, credentials: ClientCredentials): Promise<OAuthClientRow> {
  if (!credentials.clientId) throw new OAuthError("invalid_client", "client authentication is required", 401);
  const row = await store.findClient(app.db, credentials.clientId);
  // The same answer for an unknown client, a wrong secret and a disabled client: nothing to probe.
  const refuse = () => new OAuthError("invalid_client", "client authentication failed", 401);
  if (!row || row.disabled) {
    if (credentials.clientSecret !== undefined) safeEqual(hashSecret(credentials.clientSecret), hashSecret(newId())); // same work either way
    throw refuse();
  }
  if (row.secretHash === null) {
    if (credentials.clientSecret !== undefined) throw refuse();
    return row;
  }
  if (credentials.clientSecret === undefined || !safeEqual(hashSecret(credentials.clientSecret), row.secretHash)) throw refuse();
  // The method the client registered, and only that one (RFC 7591 §2): a secret registered for
  // the Authorization header is not accepted from a form body, where it is more likely logged.
  const registered = metadataOf(row).token_endpoint_auth_method ?? "client_secret_basic";
  if (AUTH_METHOD_OF[credentials.method] !== registered) {
    throw new OAuthError("invalid_client", `this client authenticates with ${registered}`, 401);
  }
  return row;
}
