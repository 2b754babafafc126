/**
 * Social sign-in errors beyond the base catalogue (which already has PROVIDER_NOT_FOUND,
 * ID_TOKEN_NOT_SUPPORTED, INVALID_TOKEN, FAILED_TO_GET_USER_INFO, USER_EMAIL_NOT_FOUND and
 * SOCIAL_ACCOUNT_ALREADY_LINKED). Codes and statuses follow better-auth 1.7's account routes.
 * Redirect errors (state_not_found, …) are not here: they travel as `?error=` on a redirect.
 */
export const socialErrors = {
  OAUTH_LINK_ERROR: { status: 401, message: "Unable to link account" },
  FAILED_TO_GET_ACCESS_TOKEN: { status: 400, message: "Failed to get a valid access token" },
  FAILED_TO_REFRESH_ACCESS_TOKEN: { status: 400, message: "Failed to refresh access token" },
  REFRESH_TOKEN_NOT_FOUND: { status: 400, message: "Refresh token not found" },
  TOKEN_REFRESH_NOT_SUPPORTED: { status: 400, message: "Provider does not support token refreshing" },
  PROVIDER_NOT_SUPPORTED: { status: 400, message: "Provider is not supported" },
  ACCESS_TOKEN_NOT_FOUND: { status: 400, message: "Access token not found" },
  LINKING_DIFFERENT_EMAILS_NOT_ALLOWED: { status: 401, message: "Account not linked - different emails not allowed" },
  LINKING_NOT_ALLOWED: { status: 401, message: "Account not linked - linking not allowed" },
  LINKING_FAILED: { status: 417, message: "Account not linked - unable to create account" },
  INVALID_ID_TOKEN: { status: 400, message: "invalid id token" },
  EMAIL_NOT_AVAILABLE_IN_TOKEN: { status: 400, message: "Email not available in token" },
  GOOGLE_CLIENT_ID_REQUIRED: { status: 400, message: "Google client ID is required for One Tap. Set oneTap.clientId or socialProviders.google." },
  SOCIAL_SIGN_UP_DISABLED: { status: 400, message: "Sign up through this provider is disabled" },
  /** `auth login --provider`: the approval page's request is older than 5 minutes, was answered, or belongs to another browser. */
  CLI_APPROVAL_EXPIRED: { status: 400, message: "This command-line sign-in request has expired or was already answered" },
  /** The approval form's token does not match the request this browser was shown (a forged form). */
  CLI_APPROVAL_FORM_MISMATCH: { status: 403, message: "This approval form does not belong to this sign-in request" },
} as const;
