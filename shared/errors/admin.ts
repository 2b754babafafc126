/** Administration errors (better-auth's admin plugin codes). */
export const adminErrors = {
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: "You cannot ban yourself" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: { status: 403, message: "You are not allowed to change users role" },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: "You are not allowed to create users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: "You are not allowed to list users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: { status: 403, message: "You are not allowed to list users sessions" },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: "You are not allowed to ban users" },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: { status: 403, message: "You are not allowed to impersonate users" },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: { status: 403, message: "You are not allowed to revoke users sessions" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: "You are not allowed to delete users" },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: { status: 403, message: "You are not allowed to set users password" },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: "You are not allowed to get user" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: "You are not allowed to update users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS: { status: 403, message: "You are not allowed to list audit events" },
  YOU_ARE_NOT_ALLOWED_TO_VERIFY_AUDIT_LOG: { status: 403, message: "You are not allowed to verify the audit log" },
  YOU_ARE_NOT_ALLOWED_TO_EXPORT_AUDIT_LOG: { status: 403, message: "You are not allowed to export the audit log" },
  AUDIT_EXPORT_TOO_LARGE: { status: 422, message: "The audit export holds too many rows; export a shorter time range" },
  INVALID_AUDIT_EXPORT_RANGE: { status: 400, message: "The export range must have from before to" },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: "You cannot remove yourself" },
  YOU_CANNOT_IMPERSONATE_ADMINS: { status: 403, message: "You cannot impersonate admins" },
  BANNED_USER: { status: 403, message: "You have been banned from this application" },
  NO_DATA_TO_UPDATE: { status: 400, message: "No data to update" },
  NOT_IMPERSONATING: { status: 400, message: "You are not impersonating anyone" },
  // Latchkey (issue 27): the user sees an administrator's session as them, but only the administrator ends it.
  NOT_ALLOWED_WHILE_IMPERSONATING: { status: 403, message: "This changes how the account signs in; it is not allowed while impersonating. Use the administrator's own endpoints instead." },
  IMPERSONATION_SESSION_NOT_REVOCABLE: { status: 403, message: "An administrator is signed in as you in this session; it ends when they stop impersonating or lose the right to" },
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: { status: 400, message: "You are not allowed to set a non-existent role value" },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: { status: 403, message: "You are not allowed to update users email" },
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: { status: 400, message: "Password cannot be updated through update-user. Use the set-user-password endpoint instead" },
  USER_ID_CANNOT_BE_UPDATED: { status: 400, message: "User id cannot be updated" },
  // Latchkey extensions (import/export for migrations).
  YOU_ARE_NOT_ALLOWED_TO_LIST_OUTBOX: { status: 403, message: "You are not allowed to read the mail outbox" },
  YOU_ARE_NOT_ALLOWED_TO_EXPORT_USERS: { status: 403, message: "You are not allowed to export users" },
  INVALID_PASSWORD_HASH: { status: 400, message: "Password hash must be argon2id ($argon2id$…) or better-auth scrypt (saltHex:keyHex)" },
} as const;

/**
 * BANNED_USER's message says why, and until when: people can wait out a ban that ends. The
 * code stays better-auth's; clients that word errors themselves read the parts back with
 * parseBannedMessage (the CLI shows the end in the user's language and time zone).
 */
export function bannedMessage(reason: string, expires: Date | null): string {
  return `You have been banned from this application. Reason: ${reason}${expires ? `. The ban ends at ${expires.toISOString()}` : ""}`;
}

export function parseBannedMessage(message: string): { reason?: string; expires?: Date } {
  const match = /Reason: (.*?)(?:\. The ban ends at (\d{4}-\d\d-\d\dT[\d:.]+Z))?$/.exec(message);
  if (!match) return {};
  return { reason: match[1], ...(match[2] ? { expires: new Date(match[2]) } : {}) };
}

/** The field issue that names an unknown role and the roles there are (YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE). */
export function unknownRoleIssue(role: string, known: readonly string[]): { path: string; message: string } {
  return { path: "role", message: `unknown role "${role}"; the roles are: ${known.join(", ")}` };
}

export function parseUnknownRoleIssue(issue: { path: string; message: string }): { role: string; known: string[] } | undefined {
  const match = /^unknown role "(.*)"; the roles are: (.*)$/.exec(issue.message);
  return issue.path === "role" && match ? { role: match[1]!, known: match[2]!.split(", ") } : undefined;
}
