/** A provider row → its answer: no client secret, the client id masked as better-auth masks it. */
import type { SsoProvider } from "../../../shared/contract/sso.js";
import type { AppContext } from "../../context.js";
import type { SsoProviderRow } from "../../db/types.js";
import { oidcConfigOf, samlConfigOf } from "./config.js";

function maskClientId(clientId: string): string {
  return clientId.length <= 4 ? "****" : `****${clientId.slice(-4)}`;
}

export function redirectURIOf(app: AppContext, providerId: string): string {
  return `${app.apiURL}/sso/callback/${encodeURIComponent(providerId)}`;
}

export function toProvider(app: AppContext, row: SsoProviderRow): SsoProvider {
  const oidc = oidcConfigOf(row);
  const saml = samlConfigOf(row);
  return {
    providerId: row.providerId,
    type: saml && !oidc ? "saml" : "oidc",
    issuer: row.issuer,
    domain: row.domain,
    organizationId: row.organizationId,
    domainVerified: row.domainVerified === 1,
    oidcConfig: oidc
      ? {
          discoveryEndpoint: oidc.discoveryEndpoint,
          clientIdLastFour: maskClientId(String(oidc.clientId ?? "")),
          pkce: oidc.pkce,
          authorizationEndpoint: oidc.authorizationEndpoint,
          tokenEndpoint: oidc.tokenEndpoint,
          userInfoEndpoint: oidc.userInfoEndpoint,
          jwksEndpoint: oidc.jwksEndpoint,
          scopes: oidc.scopes,
          tokenEndpointAuthentication: oidc.tokenEndpointAuthentication,
          mapping: oidc.mapping as Record<string, unknown> | undefined,
          mfaAmrValues: oidc.mfaAmrValues,
        }
      : undefined,
    samlConfig: saml
      ? {
          entryPoint: saml.entryPoint,
          callbackUrl: saml.callbackUrl,
          audience: saml.audience,
          // Latchkey's default is the strict one (issue 35): a missing flag means signed assertions are required.
          wantAssertionsSigned: saml.wantAssertionsSigned !== false,
          authnRequestsSigned: saml.authnRequestsSigned,
          signingCert: saml.authnRequestsSigned ? saml.signingCert : undefined,
          identifierFormat: saml.identifierFormat,
          signatureAlgorithm: saml.signatureAlgorithm,
          digestAlgorithm: saml.digestAlgorithm,
          allowIdpInitiated: saml.allowIdpInitiated,
          mfaAuthnContextClassRefs: saml.mfaAuthnContextClassRefs,
          mapping: saml.mapping as Record<string, unknown> | undefined,
        }
      : undefined,
    spMetadataUrl: `${app.apiURL}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(row.providerId)}`,
    redirectURI: redirectURIOf(app, row.providerId),
  };
}
