/**
 * Latchkey extension: settings administrators change while the server runs (docs/settings.md,
 * server/features/settings). Which settings exist is the server's registry; values are checked by
 * the same schema as the config file. What the configuration (file, environment, flags) names is
 * locked: it wins, and changing it is refused.
 *
 * Who may: reading needs settings:read (an API key with it may read: nothing here is secret);
 * changing needs settings:update and a person's own session, never an API key (a leaked key must
 * not turn off email verification or the two-factor requirement) nor an impersonation.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate } from "./schemas.js";

export const settingKinds = ["boolean", "integer", "list"] as const;

/** A value a setting may take: on/off, a whole number, or a list of names (roles). */
export const settingValueSchema = z.union([z.boolean(), z.number(), z.array(z.string().max(256)).max(64)]);
export type SettingValue = z.infer<typeof settingValueSchema>;

const settingKey = z.string().min(1).max(200);

export const settingSchema = z.object({
  /** Its path in the config file, e.g. `emailAndPassword.requireEmailVerification`. */
  key: z.string(),
  group: z.string(),
  kind: z.enum(settingKinds),
  /** The value in force. */
  value: settingValueSchema,
  /** The configuration's value (file, environment, flags or default): what a reset goes back to. */
  configured: settingValueSchema,
  /** Where the value in force comes from. */
  source: z.enum(["default", "configuration", "console"]),
  /** Named by the configuration: it wins, changes are refused. */
  locked: z.boolean(),
  /** When and by whom the stored value was set (source "console"). */
  updatedAt: isoDate.nullable(),
  updatedBy: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type SettingWire = z.infer<typeof settingSchema>;

export const settingsEndpoints = {
  adminListSettings: endpoint({
    method: "GET",
    path: "/admin/settings",
    summary: "Latchkey extension: the settings that can change while the server runs, each with its value, where it comes from and whether the configuration locks it",
    tags: ["admin", "settings"],
    access: "session",
    requires: "settings:read",
    response: z.object({ settings: z.array(settingSchema) }),
  }),
  adminSetSetting: endpoint({
    method: "POST",
    path: "/admin/settings/set",
    summary: "Latchkey extension: change one setting on every server, without a restart (refused when the configuration names it)",
    tags: ["admin", "settings"],
    access: "session",
    credentials: "configure",
    requires: "settings:update",
    permissionBeforeBody: { permission: { settings: ["update"] }, code: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS" },
    unknownKeys: "reject",
    body: z.object({ key: settingKey, value: settingValueSchema }).strict(),
    response: z.object({ setting: settingSchema }),
  }),
  adminAdvanceClock: endpoint({
    method: "POST",
    path: "/admin/dev/clock/advance",
    summary: "Latchkey extension, development servers only (`auth server start --dev`): move the server's clock forward (or back) to see bans lapse and invitations expire; 404 DEV_MODE_ONLY elsewhere",
    tags: ["admin", "settings"],
    access: "session",
    credentials: "configure",
    requires: "settings:update",
    permissionBeforeBody: { permission: { settings: ["update"] }, code: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS" },
    unknownKeys: "reject",
    /** Milliseconds; negative moves back. Up to ten years either way. */
    body: z.object({ ms: z.number().int().min(-315_360_000_000).max(315_360_000_000).refine((ms) => ms !== 0, "must not be 0") }).strict(),
    response: z.object({ clockOffsetMs: z.number().int(), now: isoDate }),
  }),
  adminResetSetting: endpoint({
    method: "POST",
    path: "/admin/settings/reset",
    summary: "Latchkey extension: forget a setting's changed value; the configuration's value applies again on every server",
    tags: ["admin", "settings"],
    access: "session",
    credentials: "configure",
    requires: "settings:update",
    permissionBeforeBody: { permission: { settings: ["update"] }, code: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_SETTINGS" },
    unknownKeys: "reject",
    body: z.object({ key: settingKey }).strict(),
    response: z.object({ setting: settingSchema, wasSet: z.boolean() }),
  }),
};
