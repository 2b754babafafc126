/** Passkey (WebAuthn) errors: better-auth 1.7's passkey plugin codes, texts and statuses. */
export const passkeyErrors = {
  CHALLENGE_NOT_FOUND: { status: 400, message: "Challenge not found" },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: { status: 401, message: "You are not allowed to register this passkey" },
  FAILED_TO_VERIFY_REGISTRATION: { status: 400, message: "Failed to verify registration" },
  PASSKEY_NOT_FOUND: { status: 401, message: "Passkey not found" },
  AUTHENTICATION_FAILED: { status: 400, message: "Authentication failed" },
  UNABLE_TO_CREATE_SESSION: { status: 500, message: "Unable to create session" },
  FAILED_TO_UPDATE_PASSKEY: { status: 500, message: "Failed to update passkey" },
  // Passkey-first sign-up (issue 37): better-auth's code for a `context` that names nobody, and Latchkey's switch.
  RESOLVED_USER_INVALID: { status: 400, message: "Resolved user is invalid" },
  PASSKEY_SIGN_UP_DISABLED: { status: 400, message: "Sign-up with a passkey is turned off" },
} as const;
