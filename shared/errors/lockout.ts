/**
 * Per-account lockout (server/features/lockout). One answer for existing and unknown accounts
 * alike, so a lock never tells whether an account exists.
 */
export const lockoutErrors = {
  TOO_MANY_SIGN_IN_ATTEMPTS: { status: 429, message: "Too many failed sign-in attempts. Try again later." },
} as const;
