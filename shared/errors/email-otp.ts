/** Mailed one-time codes (features/email-otp): better-auth 1.7's email-otp plugin codes, texts and statuses. */
export const emailOtpErrors = {
  INVALID_OTP: { status: 400, message: "Invalid OTP" },
  OTP_EXPIRED: { status: 400, message: "OTP expired" },
  TOO_MANY_ATTEMPTS: { status: 403, message: "Too many attempts" },
  EMAIL_OTP_DISABLED: { status: 400, message: "Sign-in by email code is turned off" },
} as const;
