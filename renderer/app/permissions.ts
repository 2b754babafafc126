/**
 * What the signed-in user may do, from the shared checker — used to hide or disable controls.
 * The server still enforces every action; this only spares people buttons that would fail.
 */
import { useQuery } from "@tanstack/react-query";
import {
  authorizeOrganization,
  checkAdminPermission,
  type AdminStatements,
  type OrganizationStatements,
  type PermissionRequest,
} from "../../shared/permissions";
import { myAdminPermissions } from "./queries";
import { useSession } from "./session";

/**
 * Whether the signed-in user holds an administration permission. The console cannot see the
 * server's configuration (`admin.roles`, `admin.adminUserIds`), so it checks the built-in roles
 * first, synchronously: an administrator's controls appear with the page, no request, no flash.
 * When that check says no — a custom role, or an id the configuration makes an administrator —
 * it asks the server once per session (GET /admin/my-permissions) and answers false until then.
 * Once the server's grants are known they decide every check, so a redefined built-in role is
 * shown what the server allows too.
 */
export function useAdminCan(request: PermissionRequest<AdminStatements>): boolean {
  return useAdminAccess(request) === "allowed";
}

/**
 * useAdminCan's answer with the wait made visible: "pending" while the server's grants are still
 * being fetched. A page that shows a refusal waits for "denied" (AdminGate), so a custom role is
 * never told "You can't…" before the server has answered.
 */
export function useAdminAccess(request: PermissionRequest<AdminStatements>): "allowed" | "denied" | "pending" {
  const { data } = useSession();
  const user = data?.user;
  const builtIn = user ? checkAdminPermission({}, { id: user.id, role: user.role }, request).success : false;
  const server = useQuery({
    // The role is part of the key: a role changed elsewhere (seen by the session refetch) asks again.
    queryKey: ["admin", "my-permissions", user?.id, user?.role],
    queryFn: myAdminPermissions,
    enabled: Boolean(user) && !builtIn,
    staleTime: Infinity,
    retry: false,
  });
  if (!user) return "denied";
  if (server.data) return grantsAllow(server.data.grants, request) ? "allowed" : "denied";
  if (builtIn) return "allowed";
  // Asked and not answered yet; a failed request leaves the built-in check's no.
  return server.isLoading ? "pending" : "denied";
}

/** The single resource `request` names, checked against the server's grants. */
function grantsAllow(grants: Readonly<Record<string, readonly string[]>>, request: PermissionRequest<AdminStatements>): boolean {
  const entries = Object.entries(request).filter(([, actions]) => actions !== undefined) as Array<[string, readonly string[]]>;
  if (entries.length !== 1) return false;
  const [resource, actions] = entries[0] as [string, readonly string[]];
  const held = Object.hasOwn(grants, resource) ? grants[resource] : undefined;
  return actions.length > 0 && held !== undefined && actions.every((action) => held.includes(action));
}

/** Whether an organization member with `role` (comma-separated roles allowed) may do `request`. */
export function memberCan(role: string | null | undefined, request: PermissionRequest<OrganizationStatements>): boolean {
  if (!role) return false;
  return authorizeOrganization(role, request).success;
}
