/**
 * GET /admin/my-permissions: what the caller may do in administration, computed with this
 * server's policy (built-in roles merged with `admin.roles`, `admin.adminUserIds`,
 * `admin.defaultRole`). The console asks it when its own check — which cannot see the
 * configuration — says no, so custom roles and configured administrator ids show what they hold.
 *
 * The answer is never more than the request's credential may use: under an API key each action
 * must also pass the key's permissions, and an API key or an impersonation drops the actions that
 * only endpoints changing the server's configuration need (those refuse both kinds of credential,
 * core/credentials/powers.ts).
 */
import { contract, type EndpointSpec } from "../../../shared/contract/index.js";
import { adminStatements, checkAdminPermission } from "../../../shared/permissions.js";
import type { Config } from "../../config.js";
import { policyOf } from "../../core/admin-access.js";
import { keyAllows } from "../../core/credentials/key-scope.js";
import type { CredentialKind } from "../../core/credentials/powers.js";
import type { UserRow } from "../../db/types.js";

export interface MyPermissions {
  role: string;
  grants: Record<string, string[]>;
}

/** "resource:action" pairs every endpoint requiring them also configures the server. */
const CONFIGURE_ONLY: ReadonlySet<string> = (() => {
  const configure = new Set<string>();
  const elsewhere = new Set<string>();
  for (const spec of Object.values(contract as Record<string, EndpointSpec>)) {
    if (!spec.requires || !/^[\w-]+:[\w-]+$/.test(spec.requires)) continue;
    (spec.credentials === "configure" ? configure : elsewhere).add(spec.requires);
  }
  return new Set([...configure].filter((pair) => !elsewhere.has(pair)));
})();

export function myPermissions(config: Config, user: Pick<UserRow, "id" | "role">, kind: CredentialKind): MyPermissions {
  const policy = policyOf(config);
  const personal = kind === "browser-session" || kind === "bearer-session";
  const grants: Record<string, string[]> = {};
  for (const [resource, actions] of Object.entries(adminStatements)) {
    const held = actions.filter((action) => {
      const request = { [resource]: [action] };
      if (!personal && CONFIGURE_ONLY.has(`${resource}:${action}`)) return false;
      return checkAdminPermission(policy, user, request).success && keyAllows(request);
    });
    if (held.length > 0) grants[resource] = held;
  }
  return { role: user.role || policy.defaultRole || "user", grants };
}
