/**
 * Mailed one-time codes: better-auth 1.7's email-otp plugin paths, bodies and answers
 * (docs/passwordless.md). Six digits, `emailOTP.expiresIn` (300 s), `emailOTP.allowedAttempts` (3)
 * wrong tries and the code is dead.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { emailField, passwordField, successSchema, userSchema } from "./schemas.js";
import { orTwoFactorRedirect } from "./two-factor.js";

/** What a code is for; a code of one type means nothing for another. */
export const emailOtpTypes = ["sign-in", "email-verification", "forget-password"] as const;
const otpField = z.string().trim().min(1).max(64);

export const emailOtpEndpoints = {
  emailOtpSendVerificationOtp: endpoint({
    method: "POST",
    path: "/email-otp/send-verification-otp",
    summary: "Mail a one-time code for sign-in, email verification or a password reset (answers the same whether or not the address has an account; rate-limited per address and per IP)",
    tags: ["email-otp"],
    access: "public",
    body: z.object({ email: emailField, type: z.enum(emailOtpTypes) }).strict(),
    response: successSchema,
  }),
  emailOtpCheckVerificationOtp: endpoint({
    method: "POST",
    path: "/email-otp/check-verification-otp",
    summary: "Check a mailed code without using it (a wrong one counts as an attempt)",
    tags: ["email-otp"],
    access: "public",
    body: z.object({ email: emailField, type: z.enum(emailOtpTypes), otp: otpField }).strict(),
    response: successSchema,
  }),
  signInEmailOtp: endpoint({
    method: "POST",
    path: "/sign-in/email-otp",
    summary: "Sign in with a mailed code (creates the account when sign-up by code is on)",
    tags: ["email-otp"],
    access: "public",
    startsSession: "sign-in",
    body: z.object({ email: emailField, otp: otpField, name: z.string().max(256).optional(), image: z.string().max(2048).optional() }).strict(),
    // Or, for a user with two-factor on, no session yet: {twoFactorRedirect, twoFactorMethods}.
    response: orTwoFactorRedirect(z.object({ token: z.string(), user: userSchema })),
  }),
  emailOtpVerifyEmail: endpoint({
    method: "POST",
    path: "/email-otp/verify-email",
    summary: "Verify an address with a mailed code (signs no one in: token is always null)",
    tags: ["email-otp"],
    access: "optional-session",
    body: z.object({ email: emailField, otp: otpField }).strict(),
    response: z.object({ status: z.literal(true), token: z.null(), user: userSchema }),
  }),
  emailOtpRequestPasswordReset: endpoint({
    method: "POST",
    path: "/email-otp/request-password-reset",
    summary: "Mail a password-reset code (answers the same whether or not the address has an account)",
    tags: ["email-otp"],
    access: "public",
    body: z.object({ email: emailField }).strict(),
    response: successSchema,
  }),
  emailOtpResetPassword: endpoint({
    method: "POST",
    path: "/email-otp/reset-password",
    summary: "Set a new password with a mailed password-reset code",
    tags: ["email-otp"],
    access: "public",
    body: z.object({ email: emailField, otp: otpField, password: passwordField }).strict(),
    response: successSchema,
  }),
} as const;
