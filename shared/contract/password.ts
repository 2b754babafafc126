/** Passwords: reset by mailed link, change with the current one, add one to an account without. */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { callbackField, emailField, passwordField, statusSchema, userSchema } from "./schemas.js";

const resetRequestBody = z.object({ email: emailField, redirectTo: callbackField.optional() }).strict();
const resetRequestAnswer = z.object({ status: z.boolean(), message: z.string() });

export const passwordEndpoints = {
  forgetPassword: endpoint({
    method: "POST",
    path: "/forget-password",
    summary: "Mail a password-reset link (same answer for known and unknown emails)",
    tags: ["password"],
    access: "public",
    body: resetRequestBody,
    response: resetRequestAnswer,
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/request-password-reset",
    summary: "Mail a password-reset link (same as /forget-password)",
    tags: ["password"],
    access: "public",
    body: resetRequestBody,
    response: resetRequestAnswer,
  }),
  resetPasswordCallback: endpoint({
    method: "GET",
    path: "/reset-password/{token}",
    summary: "The mailed reset link: redirects to callbackURL?token=… or ?error=INVALID_TOKEN",
    tags: ["password"],
    access: "public",
    params: z.object({ token: z.string().max(512) }),
    query: z.object({ callbackURL: callbackField.optional() }).strict(),
    response: z.object({ token: z.string() }),
    redirects: true,
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/reset-password",
    summary: "Set a new password with a reset token (single use)",
    tags: ["password"],
    access: "public",
    query: z.object({ token: z.string().max(512).optional() }).strict(),
    body: z.object({ newPassword: passwordField, token: z.string().max(512).optional() }).strict(),
    response: statusSchema,
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/change-password",
    summary: "Change the password; optionally end every other session",
    tags: ["password"],
    access: "session",
    startsSession: "rotation",
    credentials: "manage",
    reauthenticates: "password",
    body: z.object({ newPassword: passwordField, currentPassword: passwordField, revokeOtherSessions: z.boolean().optional() }).strict(),
    response: z.object({ token: z.string().nullable(), user: userSchema }),
  }),
  setPassword: endpoint({
    method: "POST",
    path: "/set-password",
    summary: "Add a password to an account that has none (fresh session)",
    tags: ["password"],
    access: "fresh-session",
    credentials: "manage",
    body: z.object({ newPassword: passwordField }).strict(),
    response: statusSchema,
  }),
  adminPasswordBreachCheck: endpoint({
    method: "GET",
    path: "/admin/password-breach-check",
    summary:
      "Latchkey extension: whether new passwords are looked up in a breach corpus (passwordBreach), from a range service or a range folder, and whether a failed lookup refuses the password (for the console's Server page; never the URL or folder)",
    tags: ["password", "admin"],
    access: "session",
    requires: "settings:read",
    response: z.object({ enabled: z.boolean(), source: z.enum(["range-service", "range-folder"]).nullable(), failClosed: z.boolean() }),
  }),
} as const;
