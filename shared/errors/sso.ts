/** Enterprise single sign-on (server/features/sso, docs/sso.md). PROVIDER_NOT_FOUND comes from the base catalogue. */
export const ssoErrors = {
  SSO_DISABLED: { status: 404, message: "Single sign-on is not enabled on this server" },
  SSO_PROVIDER_ACCESS_DENIED: { status: 403, message: "You don't have access to this provider" },
  SSO_PROVIDER_EXISTS: { status: 422, message: "SSO provider with this providerId already exists" },
  SSO_PROVIDER_ID_RESERVED: { status: 422, message: "This providerId is reserved and cannot be used for an SSO provider" },
  SSO_PROVIDERS_LIMIT_REACHED: { status: 403, message: "The organization has reached the maximum number of SSO providers" },
  SSO_DOMAIN_TAKEN: { status: 409, message: "This domain already signs in through another SSO provider" },
  SSO_INVALID_CONFIG: { status: 400, message: "The SSO provider's configuration is not usable" },
  SSO_UNTRUSTED_ADDRESS: { status: 400, message: "The identity provider's address is not public, and its origin is not among the trusted origins" },
  DOMAIN_VERIFIED: { status: 409, message: "Domain has already been verified" },
  NO_PENDING_VERIFICATION: { status: 404, message: "No pending domain verification exists" },
  DOMAIN_VERIFICATION_FAILED: { status: 502, message: "Unable to verify domain ownership: the DNS TXT record was not found. Try again later" },
  SSO_DOMAIN_NOT_VERIFIED: { status: 401, message: "Provider domain has not been verified" },
} as const;
