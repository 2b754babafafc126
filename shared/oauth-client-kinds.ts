/**
 * What an OpenID provider app may be registered with, in one place and without zod: the contract
 * (shared/contract/oauth-provider.ts), the token endpoint, the discovery document and
 * `auth apps --grant-type/--token-auth-method/--application-type` all take them from here, and the
 * CLI loads this file at start without paying for the schemas. A new grant is added here and in
 * the token endpoint.
 */
/** RFC 8628's device authorization grant (TVs, terminals: features/oauth-provider/device.ts). */
export const DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
export const OAUTH_GRANT_TYPES = ["authorization_code", "refresh_token", "client_credentials", DEVICE_CODE_GRANT] as const;
/** How a client proves itself at the token endpoint; "none" is a public client (PKCE required). */
export const OAUTH_TOKEN_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
/** RFC 8252's loopback any-port redirect is for "native" apps only. */
export const OAUTH_APPLICATION_TYPES = ["web", "native"] as const;
