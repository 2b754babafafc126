/**
 * What the console's application form offers to pick from (issue 34): the user fields a per-app
 * claim may read (the additional fields this configuration returns included), the global roles,
 * and the organizations with their teams that "Who may use this app" can name. Offering names that
 * exist is the point: a misspelt slug in a rule would silently shut everyone out.
 *
 * Bounded: the first ORGANIZATIONS_SHOWN organizations by slug (a form cannot list more usefully;
 * `truncated` says so and the rules still accept any slug typed through the CLI or the API).
 */
import { adminRoleNames } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import { policyOf } from "../../core/admin-access.js";
import { readableFields } from "./custom-claims.js";

const ORGANIZATIONS_SHOWN = 500;

export interface ClientChoices {
  userFields: string[];
  roles: string[];
  organizations: Array<{ slug: string; name: string; teams: string[] }>;
  truncated: boolean;
}

export async function clientChoices(app: AppContext): Promise<ClientChoices> {
  const organizations = await app.db.selectFrom("organization").select(["id", "slug", "name"]).orderBy("slug").limit(ORGANIZATIONS_SHOWN + 1).execute();
  const shown = organizations.slice(0, ORGANIZATIONS_SHOWN);
  const teams = shown.length
    ? await app.db.selectFrom("team").select(["organizationId", "name"]).where("organizationId", "in", shown.map((org) => org.id)).orderBy("name").execute()
    : [];
  return {
    userFields: [...readableFields(app.config)],
    roles: adminRoleNames(policyOf(app.config)),
    organizations: shown.map((org) => ({ slug: org.slug, name: org.name, teams: [...new Set(teams.filter((team) => team.organizationId === org.id).map((team) => team.name))] })),
    truncated: organizations.length > ORGANIZATIONS_SHOWN,
  };
}
