/**
 * Microsoft Entra ID / personal Microsoft accounts (OpenID Connect v2.0 endpoints).
 * - Tenant: `tenantId` setting (`common` by default; `organizations`, `consumers` or a tenant id)
 *   moves every endpoint.
 * - On the multi-tenant endpoints the ID token's issuer names the user's own tenant
 *   (`https://login.microsoftonline.com/{tid}/v2.0`), which a fixed-issuer check cannot accept.
 *   So the token answer's `id_token` is set aside (`adjustTokenResponse`) and checked here
 *   instead: signature against the tenant's JWKS, audience, expiry, issuer = the token's own
 *   tenant (or the configured `issuer` exactly), and the account class the tenant setting allows.
 *   (The token came straight from the token endpoint over TLS with PKCE, so no nonce is used.)
 * - Account id is the `oid` claim (stable across apps of a tenant; better-auth's choice too).
 * - The picture comes from Microsoft Graph (`/me/photos/48x48/$value`) as a data: URL.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { defineProvider, type ProfileHelpers, type ProviderEndpoints } from "../provider.js";

const AUTHORITY = "https://login.microsoftonline.com";
/** The fixed tenant of every personal (consumer) Microsoft account. */
const CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);
/** Where the set-aside ID token travels from adjustTokenResponse to getProfile. */
const SET_ASIDE = "latchkey_microsoft_id_token";

function endpointsFor(tenant: string): ProviderEndpoints {
  return {
    authorization: `${AUTHORITY}/${tenant}/oauth2/v2.0/authorize`,
    token: `${AUTHORITY}/${tenant}/oauth2/v2.0/token`,
    userInfo: "https://graph.microsoft.com/oidc/userinfo",
    jwks: `${AUTHORITY}/${tenant}/discovery/v2.0/keys`,
    ...(MULTI_TENANT.has(tenant) ? {} : { issuer: `${AUTHORITY}/${tenant}/v2.0` }),
    api: "https://graph.microsoft.com",
  };
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000 })));
  return set;
}

/** The issuer rule and the tenant-class rule for multi-tenant endpoints. */
function acceptable(claims: JWTPayload & Record<string, unknown>, helpers: ProfileHelpers): boolean {
  const tenant = helpers.settings.tenantId || "common";
  const tid = claims.tid;
  if (helpers.endpoints.issuer) return claims.iss === helpers.endpoints.issuer;
  if (typeof tid !== "string") return false;
  // The authority is whatever the authorize endpoint points at (sovereign clouds, loopback tests).
  const authority = helpers.endpoints.authorization.replace(/\/[^/]+\/oauth2\/v2\.0\/authorize$/, "");
  if (claims.iss !== `${authority}/${tid}/v2.0`) return false;
  if (tenant === "organizations" && tid === CONSUMER_TENANT) return false;
  if (tenant === "consumers" && tid !== CONSUMER_TENANT) return false;
  return true;
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

export const microsoft = defineProvider({
  id: "microsoft",
  name: "Microsoft",
  endpoints: endpointsFor("common"),
  resolveEndpoints: (settings) => (settings.tenantId ? endpointsFor(settings.tenantId) : {}),
  defaultScopes: ["openid", "profile", "email", "User.Read", "offline_access"],
  pkce: true,
  clientAuthentication: "client_secret_post",
  oidc: false,
  idTokenSignIn: true,
  adjustTokenResponse: ({ id_token: idToken, ...rest }) => (idToken === undefined ? rest : { ...rest, [SET_ASIDE]: idToken }),
  async getProfile(tokens, helpers) {
    let claims = tokens.idTokenClaims;
    const setAside = tokens.raw[SET_ASIDE];
    if (!claims && typeof setAside === "string" && helpers.endpoints.jwks) {
      const { payload } = await jwtVerify(setAside, keySet(helpers.endpoints.jwks), { audience: [helpers.settings.clientId, ...helpers.settings.audiences], clockTolerance: 5 });
      claims = payload as JWTPayload & Record<string, unknown>;
    }
    if (!claims || !acceptable(claims, helpers)) return null;
    const oid = claims.oid;
    if (typeof oid !== "string" || !oid.trim()) return null;
    const email = typeof claims.email === "string" ? claims.email : null;
    const listed = (claim: unknown) => Array.isArray(claim) && email !== null && claim.includes(email);
    const verified = claims.email_verified !== undefined ? claims.email_verified === true || claims.email_verified === "true" : listed(claims.verified_primary_email) || listed(claims.verified_secondary_email);
    let image: string | null = null;
    if (tokens.accessToken && helpers.endpoints.api) {
      const photo = await helpers.getBytes(`${helpers.endpoints.api}/v1.0/me/photos/48x48/$value`);
      if (photo && photo.bytes.length) image = `data:${photo.contentType.split(";")[0]};base64,${bytesToBase64(photo.bytes)}`;
    }
    const name = typeof claims.name === "string" ? claims.name : "";
    return { id: oid, email, emailVerified: Boolean(email) && verified, name: name || (email ?? ""), image };
  },
});
