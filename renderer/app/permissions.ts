/**
 * What the signed-in user may do, from the shared checker — used to hide or disable controls.
 * The server still enforces every action; this only spares people buttons that would fail.
 */
import {
  authorizeOrganization,
  checkAdminPermission,
  type AdminStatements,
  type OrganizationStatements,
  type PermissionRequest,
} from "../../shared/permissions";
import { useSession } from "./session";

export function useAdminCan(request: PermissionRequest<AdminStatements>): boolean {
  const { data } = useSession();
  if (!data) return false;
  return checkAdminPermission({}, { id: data.user.id, role: data.user.role }, request).success;
}

/** Whether an organization member with `role` (comma-separated roles allowed) may do `request`. */
export function memberCan(role: string | null | undefined, request: PermissionRequest<OrganizationStatements>): boolean {
  if (!role) return false;
  return authorizeOrganization(role, request).success;
}
