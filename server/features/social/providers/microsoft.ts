/**
 * Microsoft Entra ID / personal Microsoft accounts (OpenID Connect v2.0 endpoints).
 * - Tenant: `tenantId` setting (`common` by default; `organizations`, `consumers` or a tenant id)
 *   moves every endpoint.
 * - On the multi-tenant endpoints the ID token's issuer names the user's own tenant
 *   (`https://login.microsoftonline.com/{tid}/v2.0`), which a fixed-issuer check cannot accept.
 *   `idTokenIssuer` tells oauth-client.ts the issuer this token must name: the authority with
 *   the token's own `tid`, and only for the account class the tenant setting allows. Everything
 *   else (signature, audience, expiry, nonce) is checked as for every OIDC provider, and the ID
 *   token is stored sealed like others.
 * - Account id is the `oid` claim (stable across apps of a tenant; better-auth's choice too).
 * - The picture comes from Microsoft Graph (`/me/photos/48x48/$value`) as a data: URL.
 */
import { defineProvider, type ProviderEndpoints, type ProviderSettings } from "../provider.js";

const AUTHORITY = "https://login.microsoftonline.com";
/** The fixed tenant of every personal (consumer) Microsoft account. */
const CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);

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

/**
 * The issuer a multi-tenant ID token must name: `{authority}/{tid}/v2.0` with its own `tid`, when
 * the tenant setting allows that account class (`organizations`: no personal accounts;
 * `consumers`: only those). Undefined refuses the token.
 */
export function microsoftIssuer(claims: Record<string, unknown>, context: { settings: ProviderSettings; endpoints: ProviderEndpoints }): string | undefined {
  const tenant = context.settings.tenantId || "common";
  const tid = claims.tid;
  if (typeof tid !== "string" || !/^[A-Za-z0-9-]{1,64}$/.test(tid)) return undefined;
  if (tenant === "organizations" && tid === CONSUMER_TENANT) return undefined;
  if (tenant === "consumers" && tid !== CONSUMER_TENANT) return undefined;
  if (!MULTI_TENANT.has(tenant) && tid !== tenant) return undefined;
  // The authority is whatever the authorize endpoint points at (sovereign clouds, loopback tests).
  const authority = context.endpoints.authorization.replace(/\/[^/]+\/oauth2\/v2\.0\/authorize$/, "");
  return `${authority}/${tid}/v2.0`;
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
  oidc: true,
  idTokenSignIn: true,
  idTokenIssuer: microsoftIssuer,
  async getProfile(tokens, helpers) {
    // Only validated claims arrive here: oauth-client.ts checked signature, issuer, audience, nonce.
    const claims = tokens.idTokenClaims;
    if (!claims) return null;
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
