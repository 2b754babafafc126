/**
 * Account endpoints: email change, profile update, self-deletion, the caller's sessions and linked
 * accounts. Paths, bodies and answers follow better-auth's core routes so its client works unchanged.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { imageField, nameField } from "./text-fields.js";
import { callbackField, emailField, languageField, passwordField, sessionInListSchema, statusSchema } from "./schemas.js";

/** Linked accounts as listed: never a password or a provider token. */
export const linkedAccountSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  accountId: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});


export const accountEndpoints = {
  changeEmail: endpoint({
    method: "POST",
    path: "/change-email",
    summary: "Change the email: at once when unverified, after a confirmation link otherwise",
    tags: ["user"],
    access: "session",
    credentials: "manage",
    body: z.object({ newEmail: emailField, callbackURL: callbackField.optional() }).strict(),
    response: statusSchema,
  }),
  updateUser: endpoint({
    method: "POST",
    path: "/update-user",
    summary: "Update the profile (name, image, username, displayUsername, language)",
    tags: ["user"],
    access: "session",
    body: z
      .object({
        name: nameField().optional(),
        image: imageField.nullable().optional(),
        username: z.string().max(256).optional(),
        displayUsername: z.string().max(256).optional(),
        /** null forgets the choice (Accept-Language, then the server default, decide again). */
        language: languageField.nullable().optional(),
        /** Accepted only to answer EMAIL_CAN_NOT_BE_UPDATED: use /change-email. */
        email: z.unknown().optional(),
      })
      .strict(),
    response: statusSchema,
  }),
  deleteUser: endpoint({
    method: "POST",
    path: "/delete-user",
    summary: "Delete the signed-in user (fresh session or password; or mail a confirmation link)",
    tags: ["user"],
    access: "session",
    credentials: "manage",
    reauthenticates: "password",
    body: z.object({ callbackURL: callbackField.optional(), password: passwordField.optional(), token: z.string().max(512).optional() }).strict(),
    response: z.object({ success: z.boolean(), message: z.enum(["User deleted", "Verification email sent"]) }),
  }),
  deleteUserCallback: endpoint({
    method: "GET",
    path: "/delete-user/callback",
    summary: "The mailed account-deletion link (needs the user's session in this browser)",
    tags: ["user"],
    access: "optional-session",
    query: z.object({ token: z.string().max(512), callbackURL: callbackField.optional() }).strict(),
    response: z.object({ success: z.boolean(), message: z.literal("User deleted") }),
    redirects: true,
  }),
  listSessions: endpoint({
    method: "GET",
    path: "/list-sessions",
    summary: "The caller's live sessions; `token` is a revocation handle, not a credential",
    tags: ["session"],
    access: "session",
    response: z.array(sessionInListSchema),
  }),
  revokeSession: endpoint({
    method: "POST",
    path: "/revoke-session",
    summary: "End one of the caller's sessions (by listed handle or raw token)",
    tags: ["session"],
    access: "session",
    body: z.object({ token: z.string().max(512) }).strict(),
    response: statusSchema,
  }),
  revokeSessions: endpoint({
    method: "POST",
    path: "/revoke-sessions",
    summary: "End every session of the caller, this one included",
    tags: ["session"],
    access: "session",
    body: z.object({}).strict(),
    response: statusSchema,
  }),
  revokeOtherSessions: endpoint({
    method: "POST",
    path: "/revoke-other-sessions",
    summary: "End every session of the caller except this one",
    tags: ["session"],
    access: "session",
    body: z.object({}).strict(),
    response: statusSchema,
  }),
  listAccounts: endpoint({
    method: "GET",
    path: "/list-accounts",
    summary: "The caller's linked accounts (credential and social)",
    tags: ["account"],
    access: "session",
    response: z.array(linkedAccountSchema),
  }),
  unlinkAccount: endpoint({
    method: "POST",
    path: "/unlink-account",
    summary: "Unlink an account by providerId (and provider accountId), or by account id alone",
    tags: ["account"],
    access: "fresh-session",
    credentials: "manage",
    body: z.object({ providerId: z.string().max(128).optional(), accountId: z.string().max(512).optional() }).strict(),
    response: statusSchema,
  }),
} as const;
