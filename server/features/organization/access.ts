/**
 * Who may do what inside an organization: the shared permission checker over the role table in
 * force (built-in roles plus `organization.roles` from configuration), and the error helper that
 * keeps better-auth's per-endpoint statuses.
 */
import { ApiError, ERRORS, apiError, type ErrorCode } from "../../../shared/errors.js";
import {
  authorizeRoles,
  organizationRoleTable,
  splitRoles,
  type OrganizationStatements,
  type PermissionRequest,
  type AuthorizeResult,
} from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import { keyAllows } from "../../core/credentials/key-scope.js";

/**
 * A catalogue error. better-auth answers some codes with a different status depending on the
 * endpoint (e.g. "not a member" is 400 on update but 403 on get-full-organization); `status`
 * reproduces that while the code and message stay the catalogue's.
 */
export function orgError(code: ErrorCode, status?: number, message?: string): ApiError {
  if (status === undefined) return apiError(code, message);
  return new ApiError(status, code, message ?? ERRORS[code].message);
}

export function roleTableOf(app: AppContext) {
  return organizationRoleTable(app.config.organization.roles);
}

/** Whether held roles grant `request` (one resource) under the configured role table. */
export function authorizeMember(app: AppContext, role: string, request: PermissionRequest<OrganizationStatements>): AuthorizeResult {
  return authorizeRoles(roleTableOf(app), role, request);
}

export function can(app: AppContext, role: string, request: PermissionRequest<OrganizationStatements>): boolean {
  // Under an API key, the key's permissions must grant it too (never more than the member).
  return authorizeMember(app, role, request).success && keyAllows(request);
}

export function creatorRole(app: AppContext): string {
  return app.config.organization.creatorRole;
}

export function isCreator(app: AppContext, role: string): boolean {
  return splitRoles(role).includes(creatorRole(app));
}

/** Roles as submitted (string or list) → the normalized list; unknown names are refused. */
export function parseRequestedRoles(app: AppContext, role: string | readonly string[]): string[] {
  const roles = splitRoles(role);
  if (roles.length === 0) throw orgError("ROLE_NOT_FOUND");
  const table = roleTableOf(app);
  const unknown = roles.filter((name) => !Object.hasOwn(table, name));
  if (unknown.length > 0) throw orgError("ROLE_NOT_FOUND", undefined, `Role not found: ${unknown.join(", ")}`);
  return roles;
}

/** Lists answer pages: 100 rows unless asked otherwise (the contract caps `limit` at 1000). */
export function pageOf(query: { limit?: number; offset?: number }, fallback = 100): { limit: number; offset: number } {
  return { limit: query.limit ?? fallback, offset: query.offset ?? 0 };
}

/** Who is calling: the signed-in user and the session the request presented. */
export interface Actor {
  user: import("../../db/types.js").UserRow;
  session: import("../../db/types.js").SessionRow;
}
