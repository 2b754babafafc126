/**
 * Who may use an app (issue 34, item 4): an administrator limits an app to the members of some
 * organizations (`allowed_organizations`: slugs), of some teams (`allowed_teams`: `slug/team`, as
 * the groups claim names them) or to people with some global roles (`allowed_roles`). Any one
 * rule suffices; an app with none is open to everyone who signs in.
 *
 * Checked at /oauth2/authorize once the person is known, before any consent page (so an app
 * people may not use never asks them to allow it): refused with `access_denied` at the app's
 * redirect URI, with its `state`. Checked again at every refresh: someone who left the
 * organization, or an app whose rules changed, gets `invalid_grant` and the token family is
 * revoked — access ends within one access-token lifetime.
 */
import { apiError } from "../../../shared/errors.js";
import { splitRoles } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import type { ClientMetadata } from "./clients.js";
import { groupsClaim } from "./groups-claim.js";

type AccessRules = Pick<ClientMetadata, "allowed_organizations" | "allowed_teams" | "allowed_roles">;

function rulesOf(meta: AccessRules): { organizations: string[]; teams: string[]; roles: string[] } {
  return { organizations: meta.allowed_organizations ?? [], teams: meta.allowed_teams ?? [], roles: meta.allowed_roles ?? [] };
}

/** The rules as stored: duplicates dropped, empty lists left out, a team that is not `slug/name` refused. */
export function checkedAccessRules<M extends AccessRules>(meta: M): M {
  const result = { ...meta };
  for (const key of ["allowed_organizations", "allowed_teams", "allowed_roles"] as const) {
    const list = result[key];
    if (list === undefined) continue;
    const unique = [...new Set(list.map((each) => each.trim()))];
    if (unique.some((each) => each === "")) throw apiError("OAUTH_INVALID_CLIENT_METADATA", `${key}: an empty name`);
    if (key === "allowed_teams") {
      const bad = unique.find((team) => !/^[^/]+\/.+$/.test(team));
      if (bad !== undefined) throw apiError("OAUTH_INVALID_CLIENT_METADATA", `allowed_teams: "${bad}" is not <organization slug>/<team name>`);
    }
    if (unique.length) result[key] = unique;
    else delete result[key];
  }
  return result;
}

/** Whether the person may use an app with these rules. */
export async function mayUseApp(app: AppContext, meta: AccessRules, user: { id: string; role: string }): Promise<boolean> {
  const { organizations, teams, roles } = rulesOf(meta);
  if (organizations.length === 0 && teams.length === 0 && roles.length === 0) return true;
  if (roles.length && splitRoles(user.role).some((role) => roles.includes(role))) return true;
  if (organizations.length === 0 && teams.length === 0) return false;
  const groups = new Set(await groupsClaim(app, user.id));
  return organizations.some((slug) => groups.has(slug)) || teams.some((team) => groups.has(team));
}
