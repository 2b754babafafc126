/**
 * Two-factor authentication (better-auth 1.7's two-factor plugin paths, bodies and answers).
 * Verify endpoints work in two situations: with a session (turning two-factor on), or with the
 * signed two-factor cookie a password sign-in left (finishing that sign-in).
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { passwordField, userSchema } from "./schemas.js";

/** What a password sign-in answers instead of a session when a second factor is due. */
export const twoFactorRedirectSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.enum(["totp", "otp"])),
});
export type TwoFactorRedirect = z.infer<typeof twoFactorRedirectSchema>;

/**
 * A sign-in's answer: the signed-in shape, or {twoFactorRedirect, twoFactorMethods} when a second
 * factor is due — a discriminated union on `twoFactorRedirect`. The signed-in side names the
 * discriminant as absent (a type-only addition: the schema is the plain union), so callers read
 * `answer.twoFactorRedirect` and TypeScript narrows to one side or the other; reading `token`
 * without that test does not compile.
 */
export type SignedInOr<T> = (T & { twoFactorRedirect?: undefined; twoFactorMethods?: undefined }) | TwoFactorRedirect;

export function orTwoFactorRedirect<S extends z.ZodObject>(signedIn: S) {
  return z.union([signedIn, twoFactorRedirectSchema]) as z.ZodType<SignedInOr<z.infer<S>>>;
}

const codeField = z.string().trim().min(1).max(64);
const signedInSchema = z.object({ token: z.string(), user: userSchema });

export const twoFactorEndpoints = {
  twoFactorEnable: endpoint({
    method: "POST",
    path: "/two-factor/enable",
    summary: "Start two-factor setup: a TOTP URI and 10 backup codes (on after a first correct code); or method otp: codes by mail, on at once",
    tags: ["two-factor"],
    access: "session",
    credentials: "manage",
    reauthenticates: "password",
    body: z.object({ password: passwordField, issuer: z.string().max(128).optional(), method: z.enum(["totp", "otp"]).optional() }).strict(),
    response: z.object({ method: z.enum(["totp", "otp"]), totpURI: z.string().optional(), backupCodes: z.array(z.string()).optional() }),
  }),
  twoFactorDisable: endpoint({
    method: "POST",
    path: "/two-factor/disable",
    summary: "Turn two-factor off (forgets the secret, backup codes and trusted devices)",
    tags: ["two-factor"],
    access: "session",
    credentials: "manage",
    reauthenticates: "password",
    body: z.object({ password: passwordField }).strict(),
    response: z.object({ status: z.boolean() }),
  }),
  twoFactorGetTotpUri: endpoint({
    method: "POST",
    path: "/two-factor/get-totp-uri",
    summary: "The otpauth:// URI of the user's TOTP secret (to add another authenticator)",
    tags: ["two-factor"],
    access: "session",
    credentials: "manage",
    reauthenticates: "password",
    body: z.object({ password: passwordField }).strict(),
    response: z.object({ totpURI: z.string() }),
  }),
  twoFactorVerifyTotp: endpoint({
    method: "POST",
    path: "/two-factor/verify-totp",
    summary: "Check a TOTP code: finishes a pending sign-in, or completes setup",
    tags: ["two-factor"],
    access: "optional-session",
    startsSession: "second-step",
    body: z.object({ code: codeField, trustDevice: z.boolean().optional() }).strict(),
    response: signedInSchema,
  }),
  twoFactorSendOtp: endpoint({
    method: "POST",
    path: "/two-factor/send-otp",
    summary: "Mail a 6-digit code (valid 3 minutes, 5 attempts)",
    tags: ["two-factor"],
    access: "optional-session",
    body: z.object({ trustDevice: z.boolean().optional() }).strict(),
    response: z.object({ status: z.boolean() }),
  }),
  twoFactorVerifyOtp: endpoint({
    method: "POST",
    path: "/two-factor/verify-otp",
    summary: "Check a mailed code",
    tags: ["two-factor"],
    access: "optional-session",
    startsSession: "second-step",
    body: z.object({ code: codeField, trustDevice: z.boolean().optional() }).strict(),
    response: signedInSchema,
  }),
  twoFactorGenerateBackupCodes: endpoint({
    method: "POST",
    path: "/two-factor/generate-backup-codes",
    summary: "Replace the backup codes with 10 new ones (shown once)",
    tags: ["two-factor"],
    access: "session",
    credentials: "manage",
    reauthenticates: "password",
    body: z.object({ password: passwordField }).strict(),
    response: z.object({ status: z.literal(true), backupCodes: z.array(z.string()) }),
  }),
  twoFactorVerifyBackupCode: endpoint({
    method: "POST",
    path: "/two-factor/verify-backup-code",
    summary: "Use a backup code (each works once)",
    tags: ["two-factor"],
    access: "optional-session",
    startsSession: "second-step",
    body: z.object({ code: codeField, trustDevice: z.boolean().optional(), disableSession: z.boolean().optional() }).strict(),
    response: z.object({ token: z.string().optional(), user: userSchema }),
  }),
  adminResetTwoFactor: endpoint({
    method: "POST",
    path: "/admin/reset-two-factor",
    summary: "Turn a user's two-factor off (lost device): secret, backup codes and trusted devices are forgotten",
    tags: ["admin", "two-factor"],
    access: "session",
    requires: "user:update",
    body: z.object({ userId: z.string().min(1).max(256) }).strict(),
    response: z.object({ success: z.boolean() }),
  }),
} as const;
