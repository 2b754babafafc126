/** OpenID Provider metadata (OIDC Discovery 1.0) and RFC 8414 authorization server metadata. */
import { OAUTH_SCOPES, ID_TOKEN_ALGS } from "../../../shared/contract/oauth-provider.js";
import { OAUTH_GRANT_TYPES, OAUTH_TOKEN_AUTH_METHODS } from "../../../shared/oauth-client-kinds.js";
import type { AppContext } from "../../context.js";

/** The issuer is the API's URL (<base URL><basePath>), as better-auth's provider names it. */
export function issuerOf(app: AppContext): string {
  return app.apiURL;
}

export function providerMetadata(app: AppContext) {
  const iss = issuerOf(app);
  return {
    issuer: iss,
    authorization_endpoint: `${iss}/oauth2/authorize`,
    token_endpoint: `${iss}/oauth2/token`,
    userinfo_endpoint: `${iss}/oauth2/userinfo`,
    jwks_uri: `${iss}/jwks`,
    introspection_endpoint: `${iss}/oauth2/introspect`,
    revocation_endpoint: `${iss}/oauth2/revoke`,
    end_session_endpoint: `${iss}/oauth2/end-session`,
    device_authorization_endpoint: `${iss}/oauth2/device-authorization`,
    ...(app.config.oauthProvider.allowDynamicClientRegistration ? { registration_endpoint: `${iss}/oauth2/register` } : {}),
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...OAUTH_GRANT_TYPES],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS],
    token_endpoint_auth_methods_supported: [...OAUTH_TOKEN_AUTH_METHODS],
    introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    code_challenge_methods_supported: ["S256"],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "acr", "amr", "sid", "name", "picture", "preferred_username", "updated_at", "email", "email_verified", "organizations", "roles", "groups"],
    prompt_values_supported: ["none", "login", "consent", "select_account"],
    acr_values_supported: ["urn:latchkey:acr:single", "urn:latchkey:acr:mfa"],
    authorization_response_iss_parameter_supported: true,
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
    claims_parameter_supported: false,
  };
}
