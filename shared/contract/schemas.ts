/** Wire shapes shared by several features. Dates travel as ISO-8601 strings. */
import { z } from "zod";
import { LANGUAGE_TAGS } from "../languages.js";

export const isoDate = z.string().describe("ISO-8601 date-time");

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
  role: z.string(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  banExpires: isoDate.nullable(),
  username: z.string().nullable(),
  displayUsername: z.string().nullable(),
  /** A second factor is asked at sign-in (better-auth's two-factor plugin field). */
  twoFactorEnabled: z.boolean(),
  /** Preferred language (BCP 47 tag); null: chosen per request from Accept-Language, then the server default. */
  language: z.enum(LANGUAGE_TAGS).nullable(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  /** The bearer credential on get-session; a revocation handle (not a credential) in lists. */
  token: z.string(),
  userId: z.string(),
  expiresAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  activeOrganizationId: z.string().nullable(),
  activeTeamId: z.string().nullable(),
  impersonatedBy: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * Latchkey extension on session lists (list-sessions, admin list-user-sessions): the device the
 * session was created from, parsed by the server from its user agent (server/core/session/device.ts),
 * so every screen names it the same way. null when the user agent is absent or unrecognised.
 */
export const sessionDeviceSchema = z.object({
  /** A product family ("Chrome", "Latchkey desktop", "Latchkey CLI"), null when unrecognised. */
  browser: z.string().nullable(),
  /** Its major version, when the user agent names one. */
  version: z.string().nullable(),
  /** The operating system family ("Linux", "macOS", "iOS"), null when unrecognised. */
  os: z.string().nullable(),
});
export type SessionDevice = z.infer<typeof sessionDeviceSchema>;
export const sessionInListSchema = sessionSchema.extend({ device: sessionDeviceSchema.nullable() });
export type SessionInList = z.infer<typeof sessionInListSchema>;

export const sessionWithUserSchema = z.object({ session: sessionSchema, user: userSchema });
export type SessionWithUser = z.infer<typeof sessionWithUserSchema>;

export const statusSchema = z.object({ status: z.boolean() });
export const successSchema = z.object({ success: z.boolean() });

/** Email as accepted on the wire: trimmed, checked, lowercased before storage. */
export const emailField = z.string().trim().min(1).max(254);
/** Length limits are configurable, so the contract only bounds the size; the service checks the rest. */
export const passwordField = z.string().max(4096);
/** A preferred language on input: one of the eight BCP 47 tags (shared/languages.ts). */
export const languageField = z.enum(LANGUAGE_TAGS).describe("BCP 47 tag: ru, uk, en, es, de, pl, fr or tr");
/** A redirect target: a relative path or an absolute URL on a trusted origin (checked by the server). */
export const callbackField = z.string().max(2048);
export const booleanQuery = z
  .union([z.boolean(), z.enum(["true", "false"])])
  .transform((value) => value === true || value === "true");
