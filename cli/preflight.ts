/**
 * Fail before asking or starting: the server enforces every permission, but a command that
 * would be refused should say so before a confirmation prompt or before a thousand-line bulk
 * run produces a thousand 403s.
 *  - Administration: the server's has-permission answer (it knows custom roles and admin ids).
 *  - Organizations: the shared pure checker on the caller's role, when every role held is a
 *    built-in one; custom roles are left to the server.
 */
import type { LatchkeyClient } from "../shared/client/index.js";
import { authorizeOrganization, organizationRoles, splitRoles, type OrganizationStatements, type PermissionRequest } from "../shared/permissions.js";
import { CliError, EXIT } from "./exit-codes.js";
import { text } from "./i18n/index.js";
import type { TextGroups } from "./i18n/types.js";

/** What the caller was about to do, in the catalogue's words (messages().preflight). */
export type PreflightAction = Exclude<keyof TextGroups["preflight"], "notAllowed" | "roleForbids">;

export async function requireAdminPermission(client: LatchkeyClient, permissions: Record<string, string[]>, what: PreflightAction): Promise<void> {
  const answer = await client.adminHasPermission({ permissions });
  if (!answer.success) {
    const needed = Object.entries(permissions)
      .map(([resource, actions]) => `${resource}:${actions.join(",")}`)
      .join(" ");
    throw new CliError(text("preflight", "notAllowed", { what: text("preflight", what), needed }), EXIT.FORBIDDEN, "FORBIDDEN");
  }
}

export async function requireOrganizationPermission(
  client: LatchkeyClient,
  organizationId: string,
  request: PermissionRequest<OrganizationStatements>,
  what: PreflightAction,
): Promise<void> {
  let role: string;
  try {
    role = (await client.getActiveMemberRole({ organizationId })).role;
  } catch {
    return; // not a member, unknown organization…: let the real call give the server's answer
  }
  const held = splitRoles(role);
  if (held.some((name) => !(name in organizationRoles))) return; // custom role: the server decides
  const verdict = authorizeOrganization(held, request);
  if (!verdict.success) throw new CliError(text("preflight", "roleForbids", { role, what: text("preflight", what) }), EXIT.FORBIDDEN, "FORBIDDEN");
}
