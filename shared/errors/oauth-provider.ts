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
  OAUTH_APP_NOT_ALLOWED: { status: 403, message: "This app is not open to your account" },
  DEVICE_CODE_NOT_FOUND: { status: 404, message: "This code is unknown, expired or already used; check it on the device" },
  DEVICE_CODE_TOO_MANY_TRIES: { status: 429, message: "Too many wrong codes; wait a few minutes and try again" },
  DEVICE_AUTHORIZATION_PENDING: { status: 400, message: "The request is waiting for the person to approve it" },
  DEVICE_SLOW_DOWN: { status: 400, message: "Polling too fast; wait longer between polls" },
  DEVICE_CODE_EXPIRED: { status: 400, message: "The device code has expired; start again" },
  DEVICE_ACCESS_DENIED: { status: 403, message: "The person denied the request" },
  OAUTH_CONSENT_NOT_FOUND: { status: 404, message: "No such connected app" },
} as const;
