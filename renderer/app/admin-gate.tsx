/**
 * An administration page's content, shown once the signed-in user may see it: while the server's
 * grants for a custom role are still on their way, a loading state; after that, the content or
 * the page's refusal. Without it the refusal flashed until GET /admin/my-permissions answered.
 */
import type { ReactNode } from "react";
import type { AdminStatements, PermissionRequest } from "../../shared/permissions";
import { Loading } from "../ui/states";
import { useAdminAccess } from "./permissions";

export function AdminGate({ request, denied, children }: { request: PermissionRequest<AdminStatements>; denied: ReactNode; children: ReactNode }) {
  const access = useAdminAccess(request);
  if (access === "pending") return <Loading />;
  return <>{access === "allowed" ? children : denied}</>;
}
