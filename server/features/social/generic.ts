/**
 * genericOAuth config entries → provider definitions: any OpenID Connect server by its
 * discovery URL (Keycloak, Authentik, Entra ID tenants, self-hosted GitLab), or any OAuth 2
 * server by explicit endpoints. Discovery documents are fetched on first use and kept an hour.
 */
import type { z } from "zod";
import type { genericProviderSchema } from "./config-schema.js";
import { isLoopbackURL } from "../../core/loopback.js";
import { defineProvider, profileFromClaims, type ProviderDefinition, type ProviderEndpoints } from "./provider.js";

export type GenericProviderConfig = z.infer<typeof genericProviderSchema>;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri?: string;
  revocation_endpoint?: string;
  authorization_response_iss_parameter_supported?: boolean;
}

const DISCOVERY_TTL_MS = 3600_000;
const discoveries = new Map<string, { at: number; document: Discovery }>();

export async function discover(url: string): Promise<Discovery> {
  const cached = discoveries.get(url);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.document;
  if (!url.startsWith("https://") && !isLoopbackURL(url)) throw new Error("discoveryUrl must use https");
  const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as Discovery;
  if (typeof document.issuer !== "string" || typeof document.authorization_endpoint !== "string" || typeof document.token_endpoint !== "string") {
    throw new Error("discovery document lacks issuer, authorization_endpoint or token_endpoint");
  }
  discoveries.set(url, { at: Date.now(), document });
  return document;
}

/** The definition for one genericOAuth entry (discovery fetched when configured). */
export async function genericDefinition(entry: GenericProviderConfig): Promise<{ definition: ProviderDefinition; issParameterSupported?: boolean }> {
  const found = entry.discoveryUrl ? await discover(entry.discoveryUrl) : undefined;
  const endpoints: ProviderEndpoints = {
    authorization: entry.authorizationUrl ?? found?.authorization_endpoint ?? "",
    token: entry.tokenUrl ?? found?.token_endpoint ?? "",
    userInfo: entry.userInfoUrl ?? found?.userinfo_endpoint,
    jwks: entry.jwksUrl ?? found?.jwks_uri,
    issuer: entry.issuer ?? found?.issuer,
    revocation: found?.revocation_endpoint,
  };
  const oidc = entry.oidc ?? Boolean(endpoints.jwks && (found || entry.scopes.includes("openid")));
  const definition = defineProvider({
    id: entry.providerId,
    name: entry.name ?? entry.providerId,
    endpoints,
    // With no scopes configured, an OIDC server gets the standard three.
    defaultScopes: entry.scopes.length === 0 && oidc ? ["openid", "email", "profile"] : [],
    pkce: entry.pkce,
    clientAuthentication: entry.clientAuthentication,
    responseMode: entry.responseMode,
    oidc,
    idTokenSignIn: Boolean(endpoints.jwks),
    async getProfile(tokens, helpers) {
      let claims: Record<string, unknown> = { ...(tokens.idTokenClaims ?? {}) };
      // User info fills in what the ID token left out (many servers keep email there only).
      if (tokens.accessToken && helpers.endpoints.userInfo) {
        const info = await helpers.getJson(helpers.endpoints.userInfo);
        if (claims.sub !== undefined && info.sub !== undefined && String(info.sub) !== String(claims.sub)) throw new Error("user info is about another subject");
        claims = { ...info, ...claims };
        for (const key of ["email", "email_verified", "name", "picture"]) if (claims[key] === undefined && info[key] !== undefined) claims[key] = info[key];
      }
      if (claims.sub === undefined && claims.id !== undefined) claims.sub = claims.id;
      return profileFromClaims(claims);
    },
  });
  return { definition, issParameterSupported: found?.authorization_response_iss_parameter_supported };
}
