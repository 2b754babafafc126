/**
 * Two-factor errors: better-auth 1.7's two-factor plugin codes and statuses; the texts of the
 * cookie error and the generic refusal follow the specification ("invalid two factor cookie",
 * "invalid two factor authentication").
 */
export const twoFactorErrors = {
  INVALID_TWO_FACTOR_COOKIE: { status: 401, message: "invalid two factor cookie" },
  INVALID_TWO_FACTOR_AUTHENTICATION: { status: 401, message: "invalid two factor authentication" },
  INVALID_CODE: { status: 401, message: "Invalid code" },
  INVALID_BACKUP_CODE: { status: 401, message: "Invalid backup code" },
  OTP_HAS_EXPIRED: { status: 400, message: "OTP has expired" },
  OTP_NOT_ENABLED: { status: 400, message: "OTP not enabled" },
  OTP_NOT_CONFIGURED: { status: 400, message: "OTP is not available" },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { status: 400, message: "Too many attempts. Please request a new code." },
  TOTP_NOT_ENABLED: { status: 400, message: "TOTP not enabled" },
  TOTP_ALREADY_ENABLED: { status: 400, message: "TOTP is already enabled" },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two factor isn't enabled" },
  BACKUP_CODES_NOT_ENABLED: { status: 400, message: "Backup codes aren't enabled" },
  TWO_FACTOR_SETUP_REQUIRED: { status: 403, message: "Two-factor authentication must be set up before anything else" },
} as const;

/**
 * INVALID_CODE's message for a right code whose time step was already used (a replay, or the
 * same code typed twice): the code stays INVALID_CODE for clients that branch on it, the words
 * tell the person what to do.
 */
export const TOTP_REUSED_MESSAGE = "This code was already used; wait for the next code";
