/**
 * Administration rights, decided by the shared pure checker with this server's configuration:
 * built-in admin/user roles plus `admin.roles`, and `admin.adminUserIds` that always pass.
 */
import { apiError, type ErrorCode } from "../../shared/errors.js";
import { adminRoleNames, checkAdminPermission, splitRoles, type AdminPolicy } from "../../shared/permissions.js";
import type { Config } from "../config.js";
import type { UserRow } from "../db/types.js";
import { unknownRoleIssue } from "../../shared/errors/admin.js";
import { keyAllows } from "./credentials/key-scope.js";

export function policyOf(config: Config): AdminPolicy {
  return { roles: config.admin.roles, adminUserIds: config.admin.adminUserIds, defaultRole: config.admin.defaultRole };
}

type Request = Readonly<Record<string, readonly string[]>>;

export function can(config: Config, user: Pick<UserRow, "id" | "role">, request: Request): boolean {
  // Under an API key, the key's permissions must grant it too (never more than the user).
  return checkAdminPermission(policyOf(config), user, request).success && keyAllows(request);
}

/** Throws `code` (403) unless `user` holds `request`. */
export function requirePermission(config: Config, user: Pick<UserRow, "id" | "role">, request: Request, code: ErrorCode): void {
  if (!can(config, user, request)) throw apiError(code);
}

/** An administrator: holds one of `admin.adminRoles`, or is listed in `admin.adminUserIds`. */
export function isAdministrator(config: Config, user: Pick<UserRow, "id" | "role">): boolean {
  if (config.admin.adminUserIds.includes(user.id)) return true;
  const held = splitRoles(user.role || config.admin.defaultRole);
  return held.some((role) => config.admin.adminRoles.includes(role));
}

/** One role or several → the stored comma-separated form; unknown names are refused. */
export function roleColumn(config: Config, input: string | readonly string[]): string {
  const roles = splitRoles(input);
  if (roles.length === 0) throw apiError("VALIDATION_ERROR", "Invalid body parameters", [{ path: "role", message: "at least one role is required" }]);
  const known = new Set(adminRoleNames(policyOf(config)));
  const unknown = roles.filter((role) => !known.has(role));
  // The issues name the roles there are, so the caller can correct the name without a lookup.
  if (unknown.length > 0) throw apiError("YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE", undefined, unknown.map((role) => unknownRoleIssue(role, [...known])));
  return roles.join(",");
}
