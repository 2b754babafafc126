/**
 * Whether an impersonation session may still act (issue 27): the administrator who opened it must
 * still exist, be under no ban in force, and hold what let them start it — `user: ["impersonate"]`,
 * and `user: ["impersonate-admins"]` when the person impersonated is an administrator — by the
 * shared permission checker with this server's configuration (custom roles, admin user ids).
 * Checked on every session lookup, so a ban, demotion or deletion ends the impersonation even
 * if the session rows were not deleted with it (another server, a direct database edit).
 */
import { checkAdminPermission, splitRoles, type AdminPolicy } from "../../../shared/permissions.js";
import type { Config } from "../../config.js";
import type { UserRow } from "../../db/types.js";
import type { Impersonator } from "./store.js";

function policyOf(config: Config): AdminPolicy {
  return { roles: config.admin.roles, adminUserIds: config.admin.adminUserIds, defaultRole: config.admin.defaultRole };
}

/** A ban in force: set, and not past its expiry. */
export function banInForce(user: Pick<UserRow, "banned" | "banExpires">, now: number): boolean {
  return Boolean(user.banned) && (user.banExpires === null || Number(user.banExpires) > now);
}

/** Whether `who` may impersonate at all (the right a demotion takes away). */
export function mayImpersonate(config: Config, who: Pick<UserRow, "id" | "role">): boolean {
  return checkAdminPermission(policyOf(config), who, { user: ["impersonate"] }).success;
}

function isAdministrator(config: Config, user: Pick<UserRow, "id" | "role">): boolean {
  if (config.admin.adminUserIds.includes(user.id)) return true;
  return splitRoles(user.role || config.admin.defaultRole).some((role) => config.admin.adminRoles.includes(role));
}

export function impersonationStillAllowed(config: Config, impersonator: Impersonator | null | undefined, target: Pick<UserRow, "id" | "role">, now: number): boolean {
  if (!impersonator || banInForce(impersonator, now) || !mayImpersonate(config, impersonator)) return false;
  if (!isAdministrator(config, target)) return true;
  return checkAdminPermission(policyOf(config), impersonator, { user: ["impersonate-admins"] }).success;
}
