/**
 * Administration endpoints. Paths, bodies and answers follow better-auth's admin plugin so its
 * `adminClient()` works unchanged; import-users and export-users are Latchkey extensions for
 * migrations (the CLI uses them). Every endpoint needs a session; the permission each one checks
 * is in `requires`.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { imageField, nameField } from "./text-fields.js";
import { emailField, isoDate, languageField, passwordField, sessionInListSchema, sessionSchema, statusSchema, successSchema, userSchema } from "./schemas.js";

const userIdField = z.string().min(1).max(256);
const roleName = z.string().trim().min(1).max(64);
/** One role, or several (stored comma-separated). */
export const roleInput = z.union([roleName, z.array(roleName).min(1).max(16)]);
/** Ban expiry inside update-user data: an ISO date, epoch milliseconds, or null (no expiry). */
const dateInput = z.union([isoDate.max(64), z.number().int().nonnegative()]);

/** Fields an administrator may set on a user (create-user `data`, update-user `data`). */
const userDataFields = {
  name: nameField().optional(),
  email: emailField.optional(),
  image: imageField.nullable().optional(),
  emailVerified: z.boolean().optional(),
  username: z.string().max(256).nullable().optional(),
  displayUsername: z.string().max(256).nullable().optional(),
  role: roleInput.optional(),
  banned: z.boolean().optional(),
  banReason: z.string().max(1024).nullable().optional(),
  banExpires: dateInput.nullable().optional(),
  language: languageField.nullable().optional(),
};

export const listUsersSortFields = ["id", "email", "name", "createdAt", "updatedAt", "role", "banned", "emailVerified", "username", "lastSignInAt"] as const;
export const listUsersFilterFields = ["id", "email", "name", "role", "banned", "emailVerified", "username", "createdAt", "updatedAt", "banExpires", "lastSignInAt", "lockedUntil"] as const;
export const filterOperators = ["eq", "ne", "lt", "lte", "gt", "gte", "in", "not_in", "contains", "starts_with", "ends_with"] as const;

const pageNumber = z.coerce.number().int();

export const permissionMapSchema = z.record(z.string().max(64), z.array(z.string().max(64)).max(32));

/**
 * A user as administrators see it (list-users, get-user): the user plus when and how they last
 * signed in (null until their first sign-in). Never part of get-session or other self answers.
 * Method: "email", "username", "email-verification"; later "social:<provider>", "passkey".
 */
export const adminUserSchema = userSchema.extend({
  lastSignInAt: isoDate.nullable(),
  lastSignInMethod: z.string().nullable(),
  /** Failed sign-ins in a row and the end of the current wait or lock (docs/lockout.md). */
  failedSignInCount: z.number().int().nonnegative(),
  lockedUntil: isoDate.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The SCIM connection that provisioned a user (docs/scim.md); read-only, no endpoint sets it. */
const provisionedBySchema = z.object({ connectionId: z.string(), name: z.string(), organizationId: z.string() });
export type ProvisionedBy = z.infer<typeof provisionedBySchema>;

/** get-user's answer: the admin view plus the provisioning connection (null when none). */
const adminUserDetailSchema = adminUserSchema.extend({ provisionedBy: provisionedBySchema.nullable() });

/** A user's linked account as an administrator sees it: never tokens or password hashes. */
export const adminUserAccountSchema = z.object({
  id: z.string(),
  /** "credential" for email/username + password, else the social provider's id. */
  providerId: z.string(),
  accountId: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Granted scopes (social accounts); absent when none are recorded. */
  scopes: z.array(z.string()).optional(),
});

/** One organization a user belongs to, with their membership in it. */
export const adminUserOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  /** The member's role(s), comma separated. */
  role: z.string(),
  memberId: z.string(),
  joinedAt: isoDate,
});

export const exportedUserSchema = userSchema.extend({
  /** The credential account's hash (argon2id or imported scrypt), null without a password. */
  passwordHash: z.string().nullable(),
});

export const importUserRow = z
  .object({
    email: z.string().max(254),
    name: nameField(),
    role: roleInput.optional(),
    emailVerified: z.boolean().optional(),
    image: imageField.nullable().optional(),
    username: z.string().max(256).nullable().optional(),
    displayUsername: z.string().max(256).nullable().optional(),
    language: languageField.nullable().optional(),
    /** argon2id (`$argon2id$…`) or better-auth scrypt (`saltHex:keyHex`); never a plain password. */
    passwordHash: z.string().max(1024).nullable().optional(),
    createdAt: dateInput.optional(),
    /**
     * Values of the server's configured user.additionalFields (docs/additional-fields.md), checked
     * by type; names it does not configure are dropped, as on every other endpoint.
     */
    additionalFields: z.record(z.string().max(64), z.unknown()).optional(),
  })
  .strict();
export const IMPORT_USERS_MAX = 500;

export const adminEndpoints = {
  adminHasPermission: endpoint({
    method: "POST",
    path: "/admin/has-permission",
    summary: "Whether the caller (or, for an administrator who may get users, another user or a role) holds a permission on one resource",
    tags: ["admin"],
    access: "session",
    body: z
      .object({
        permission: permissionMapSchema.optional(),
        permissions: permissionMapSchema.optional(),
        userId: userIdField.optional(),
        role: z.string().max(256).optional(),
      })
      .strict()
      .refine((b) => (b.permission === undefined) !== (b.permissions === undefined), { message: "pass exactly one of permission or permissions" }),
    response: z.object({ error: z.string().nullable(), success: z.boolean() }),
  }),
  adminMyPermissions: endpoint({
    method: "GET",
    path: "/admin/my-permissions",
    summary: "The caller's effective administration grants, computed with the server's policy (custom roles, adminUserIds), narrowed by an API key's permissions",
    tags: ["admin"],
    access: "session",
    response: z.object({
      /** The role(s) the checks used: the user's role column, else admin.defaultRole, else "user". */
      role: z.string(),
      /** resource → the actions the caller may take on it right now; resources granting none are absent. */
      grants: z.record(z.string(), z.array(z.string())),
    }),
  }),
  adminCreateUser: endpoint({
    method: "POST",
    path: "/admin/create-user",
    summary: "Create a user (with a password, or without one for social-only users)",
    tags: ["admin"],
    access: "session",
    requires: "user:create (and user:set-role to choose a role, user:ban to create banned)",
    body: z
      .object({
        email: emailField,
        password: passwordField.optional(),
        name: nameField(),
        role: roleInput.optional(),
        data: z.object(userDataFields).strict().optional(),
      })
      .strict(),
    response: z.object({ user: userSchema }),
  }),
  adminListUsers: endpoint({
    method: "GET",
    path: "/admin/list-users",
    summary: "Search, filter, sort and page through users (default page 100, at most 1000)",
    tags: ["admin"],
    access: "session",
    requires: "user:list",
    query: z
      .object({
        searchValue: z.string().max(256).optional(),
        searchField: z.enum(["email", "name"]).optional(),
        searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
        limit: pageNumber.min(1).max(1000).optional(),
        offset: pageNumber.min(0).optional(),
        sortBy: z.enum(listUsersSortFields).optional(),
        sortDirection: z.enum(["asc", "desc"]).optional(),
        filterField: z.enum(listUsersFilterFields).optional(),
        filterValue: z.union([z.string().max(1024), z.number(), z.boolean()]).optional(),
        filterOperator: z.enum(filterOperators).optional(),
      })
      .strict(),
    response: z.object({ users: z.array(adminUserSchema), total: z.number(), limit: z.number().optional(), offset: z.number().optional() }),
  }),
  adminGetUser: endpoint({
    method: "GET",
    path: "/admin/get-user",
    summary: "One user by id",
    tags: ["admin"],
    access: "session",
    requires: "user:get",
    query: z.object({ id: userIdField }).strict(),
    response: adminUserDetailSchema,
  }),
  adminListUserAccounts: endpoint({
    method: "GET",
    path: "/admin/list-user-accounts",
    summary: "Latchkey extension: a user's linked accounts (credential, social), oldest first, without tokens or password hashes",
    tags: ["admin"],
    access: "session",
    requires: "user:get",
    query: z.object({ userId: userIdField }).strict(),
    response: z.object({ accounts: z.array(adminUserAccountSchema) }),
  }),
  adminListUserOrganizations: endpoint({
    method: "GET",
    path: "/admin/list-user-organizations",
    summary: "Latchkey extension: the organizations a user belongs to with their role, in the order they joined (default page 100, at most 1000)",
    tags: ["admin"],
    access: "session",
    requires: "user:get",
    query: z.object({ userId: userIdField, limit: pageNumber.min(1).max(1000).optional(), offset: pageNumber.min(0).max(1_000_000_000).optional() }).strict(),
    response: z.object({ organizations: z.array(adminUserOrganizationSchema), total: z.number() }),
  }),
  adminUpdateUser: endpoint({
    method: "POST",
    path: "/admin/update-user",
    summary: "Update a user's fields (role needs user:set-role, ban fields user:ban, email user:set-email)",
    tags: ["admin"],
    access: "session",
    requires: "user:update",
    body: z
      .object({
        userId: userIdField,
        // `password` and `id` are named so they get their own error instead of a generic one.
        data: z.object({ ...userDataFields, password: z.unknown().optional(), id: z.unknown().optional() }).strict(),
      })
      .strict(),
    response: userSchema,
  }),
  adminSetRole: endpoint({
    method: "POST",
    path: "/admin/set-role",
    summary: "Set a user's role (one name or several)",
    tags: ["admin"],
    access: "session",
    requires: "user:set-role",
    body: z.object({ userId: userIdField, role: roleInput }).strict(),
    response: z.object({ user: userSchema }),
  }),
  adminSetUserPassword: endpoint({
    method: "POST",
    path: "/admin/set-user-password",
    summary: "Set a user's password (length rules apply); creates the credential account if missing",
    tags: ["admin"],
    access: "session",
    requires: "user:set-password",
    body: z.object({ userId: userIdField, newPassword: passwordField.min(1) }).strict(),
    response: statusSchema,
  }),
  adminRemoveUser: endpoint({
    method: "POST",
    path: "/admin/remove-user",
    summary: "Delete a user with their sessions, accounts and memberships",
    tags: ["admin"],
    access: "session",
    requires: "user:delete",
    body: z.object({ userId: userIdField }).strict(),
    response: successSchema,
  }),
  adminBanUser: endpoint({
    method: "POST",
    path: "/admin/ban-user",
    summary: "Ban a user (reason defaults to 'No reason'; banExpiresIn in seconds, or banExpiresAt as an ISO instant) and end all their sessions",
    tags: ["admin"],
    access: "session",
    requires: "user:ban",
    body: z
      .object({
        userId: userIdField,
        banReason: z.string().max(1024).optional(),
        banExpiresIn: z.number().positive().max(100 * 365 * 24 * 3600).optional(),
        // Latchkey extension (issue 25): the end as an instant, stored exactly — seconds from
        // "now" lose the time the request takes (18:00 became 17:59:59.544). Not with banExpiresIn.
        banExpiresAt: isoDate.max(64).optional(),
      })
      .strict(),
    response: z.object({ user: userSchema }),
  }),
  adminUnbanUser: endpoint({
    method: "POST",
    path: "/admin/unban-user",
    summary: "Lift a ban",
    tags: ["admin"],
    access: "session",
    requires: "user:ban",
    body: z.object({ userId: userIdField }).strict(),
    response: z.object({ user: userSchema }),
  }),
  adminImpersonateUser: endpoint({
    method: "POST",
    path: "/admin/impersonate-user",
    summary: "Sign in as a user (1 hour by default); the admin's own session is kept in the admin_session cookie",
    tags: ["admin"],
    access: "session",
    startsSession: "impersonation",
    requires: "user:impersonate (user:impersonate-admins for an administrator)",
    body: z.object({ userId: userIdField }).strict(),
    response: z.object({ session: sessionSchema, user: userSchema }),
  }),
  adminStopImpersonating: endpoint({
    method: "POST",
    path: "/admin/stop-impersonating",
    summary: "End impersonation and restore the admin's session from the admin_session cookie (session is null for cookie-less callers)",
    tags: ["admin"],
    access: "session",
    startsSession: "switch",
    body: z.object({}).strict(),
    response: z.object({ session: sessionSchema.nullable(), user: userSchema }),
  }),
  adminListUserSessions: endpoint({
    method: "POST",
    path: "/admin/list-user-sessions",
    summary: "A user's live sessions; `token` is a revocation handle, not a credential",
    tags: ["admin"],
    access: "session",
    requires: "session:list",
    body: z.object({ userId: userIdField }).strict(),
    response: z.object({ sessions: z.array(sessionInListSchema) }),
  }),
  adminRevokeUserSession: endpoint({
    method: "POST",
    path: "/admin/revoke-user-session",
    summary:
      "End one session, named by the handle from list-user-sessions (or the raw token). `success` is true either way (better-auth's answer); Latchkey adds `revoked`, false when no session had that handle",
    tags: ["admin"],
    access: "session",
    requires: "session:revoke",
    body: z.object({ sessionToken: z.string().min(1).max(256) }).strict(),
    response: successSchema.extend({ revoked: z.boolean() }),
  }),
  adminRevokeUserSessions: endpoint({
    method: "POST",
    path: "/admin/revoke-user-sessions",
    summary: "End every session of a user",
    tags: ["admin"],
    access: "session",
    requires: "session:revoke",
    body: z.object({ userId: userIdField }).strict(),
    response: successSchema,
  }),
  adminImportUsers: endpoint({
    method: "POST",
    path: "/admin/import-users",
    summary:
      "Latchkey extension: create up to 500 users per call, optionally with an argon2id or better-auth scrypt password hash (scrypt is upgraded at first sign-in); answers one result per row. With `dryRun`, every row gets the same checks and nobody is created",
    tags: ["admin"],
    access: "session",
    requires: "user:create (and user:set-role for rows with a role)",
    permissionBeforeBody: { permission: { user: ["create"] }, code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS" },
    // A misspelt column (e.g. `passwordhash`) would import users without it: refuse unknown keys.
    unknownKeys: "reject",
    body: z.object({ users: z.array(importUserRow).min(1).max(IMPORT_USERS_MAX), dryRun: z.boolean().optional() }).strict(),
    response: z.object({
      results: z.array(
        z.object({ email: z.string(), ok: z.boolean(), id: z.string().optional(), code: z.string().optional(), message: z.string().optional() }),
      ),
    }),
  }),
  adminExportUsers: endpoint({
    method: "GET",
    path: "/admin/export-users",
    summary: "Latchkey extension: page through every user with their password hash, ordered by id; pass nextCursor back as cursor",
    tags: ["admin"],
    access: "session",
    requires: "user:export",
    query: z.object({ cursor: z.string().max(256).optional(), limit: pageNumber.min(1).max(1000).optional() }).strict(),
    response: z.object({ users: z.array(exportedUserSchema), nextCursor: z.string().nullable() }),
  }),
} as const;
