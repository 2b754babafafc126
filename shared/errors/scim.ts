/**
 * SCIM provisioning errors (features/scim) for the management endpoints and the sign-in refusal.
 * The SCIM protocol's own answers (/scim/v2/*) use RFC 7644's error JSON instead, built in
 * server/features/scim/scim-error.ts.
 */
export const scimErrors = {
  SCIM_DISABLED: { status: 404, message: "SCIM provisioning is not enabled on this server" },
  USER_DEACTIVATED: { status: 403, message: "This account was deactivated by its organization's directory." },
  SCIM_CONNECTION_NOT_FOUND: { status: 404, message: "SCIM connection not found" },
  SCIM_TOKEN_NOT_FOUND: { status: 404, message: "SCIM token not found" },
  ONLY_OWNERS_MANAGE_SCIM: { status: 403, message: "Only an owner of the organization can manage its SCIM connections" },
} as const;
