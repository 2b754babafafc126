/**
 * The desktop hand-off's errors: @better-auth/electron 1.7's codes, texts and statuses. An unknown,
 * used or expired code is better-auth's INVALID_TOKEN answered 404 "Invalid or expired token."
 * (server/features/electron/routes.ts), so no code of its own.
 */
export const electronErrors = {
  INVALID_CLIENT_ID: { status: 400, message: "Invalid client ID" },
  STATE_MISMATCH: { status: 400, message: "state mismatch" },
  MISSING_CODE_CHALLENGE: { status: 400, message: "missing code challenge" },
  INVALID_CODE_VERIFIER: { status: 400, message: "Invalid code verifier" },
  MISSING_STATE: { status: 400, message: "state is required" },
  MISSING_PKCE: { status: 400, message: "pkce is required" },
} as const;
