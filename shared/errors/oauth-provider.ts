/**
 * The OpenID provider's own errors (features/oauth-provider) for its console and CLI endpoints.
 * Protocol endpoints (/oauth2/token, /oauth2/authorize, …) answer RFC 6749 `{ error,
 * error_description }` instead, as relying parties expect.
 */
export const oauthProviderErrors = {
  OAUTH_PROVIDER_DISABLED: { status: 404, message: "The OpenID provider is not enabled on this server" },
  OAUTH_CLIENT_FORBIDDEN: { status: 403, message: "You are not allowed to manage OAuth clients" },
  OAUTH_DYNAMIC_REGISTRATION_DISABLED: { status: 403, message: "Dynamic client registration is turned off on this server" },
  OAUTH_CLIENT_NOT_FOUND: { status: 404, message: "No such OAuth client" },
  OAUTH_CLIENT_IS_PUBLIC: { status: 400, message: "A public client has no secret to rotate" },
  OAUTH_INVALID_CLIENT_METADATA: { status: 400, message: "Invalid client settings" },
  OAUTH_REQUEST_NOT_FOUND: { status: 404, message: "This sign-in request has expired or was already answered; start again from the app" },
  OAUTH_CONSENT_NOT_FOUND: { status: 404, message: "No such connected app" },
} as const;
