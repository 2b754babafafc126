/**
 * What a provider row's JSON columns hold: @better-auth/sso's shapes, minus the OIDC client
 * secret and the SAML signing key (sealed in their own column, secret.ts). Parsing is lenient about extra keys so rows
 * imported from better-auth read as they are.
 */
import type { SsoProviderRow } from "../../db/types.js";

export interface ClaimMapping {
  email?: string;
  emailVerified?: string;
  name?: string;
  image?: string;
  firstName?: string;
  lastName?: string;
  extraFields?: Record<string, string>;
  role?: string;
  roleMap?: Record<string, string>;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userInfoEndpoint?: string;
  jwksEndpoint?: string;
  discoveryEndpoint?: string;
  tokenEndpointAuthentication?: "client_secret_post" | "client_secret_basic";
  pkce?: boolean;
  scopes?: string[];
  mapping?: ClaimMapping;
  overrideUserInfo?: boolean;
  mfaAmrValues?: string[];
}

export interface SamlConfig {
  issuer: string;
  entryPoint: string;
  cert?: string | string[];
  audience?: string;
  callbackUrl?: string;
  idpMetadata?: { metadata?: string; entityID?: string; cert?: string | string[]; singleSignOnService?: Array<{ Binding: string; Location: string }> };
  wantAssertionsSigned?: boolean;
  authnRequestsSigned?: boolean;
  /** PEM certificate of the AuthnRequest signing key (whose key is sealed in the `clientSecret` column). */
  signingCert?: string;
  signatureAlgorithm?: string;
  digestAlgorithm?: string;
  identifierFormat?: string;
  mapping?: ClaimMapping;
  allowIdpInitiated?: boolean;
  mfaAuthnContextClassRefs?: string[];
}

function parse<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

export const oidcConfigOf = (row: Pick<SsoProviderRow, "oidcConfig">): OidcConfig | undefined => parse<OidcConfig>(row.oidcConfig);
export const samlConfigOf = (row: Pick<SsoProviderRow, "samlConfig">): SamlConfig | undefined => parse<SamlConfig>(row.samlConfig);

/** "a.com, B.com" → ["a.com", "b.com"]; an entry with a scheme, path or port is refused (null). */
export function parseDomains(domain: string): string[] | null {
  const entries = domain.split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (entries.length === 0) return null;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  for (const entry of entries) if (entry.length > 253 || !entry.includes(".") || !entry.split(".").every((part) => label.test(part))) return null;
  return [...new Set(entries)];
}

/** Whether an email domain belongs to a provider's domains: the domain itself or one of its subdomains. */
export function domainMatches(emailDomain: string, providerDomain: string): boolean {
  const wanted = emailDomain.trim().toLowerCase();
  return (parseDomains(providerDomain) ?? []).some((domain) => wanted === domain || wanted.endsWith(`.${domain}`));
}
