/**
 * The `groups` claim (scope `groups`, issue 34): one flat string array, the shape Grafana's
 * groups_attribute_path, Gitea/Forgejo's group claim and Nextcloud user_oidc's group mapping read.
 * For each organization the person belongs to: its slug (`acme`), each of their roles there
 * (`acme:owner`), and each of their teams in it (`acme/Ops`). Organizations in slug order, roles and
 * teams in name order, so the array is stable between sign-ins. No organization → `[]`.
 * A team counts only in an organization the person is still a member of.
 */
import type { AppContext } from "../../context.js";
import { splitRoles } from "../../../shared/permissions.js";

export async function groupsClaim(app: AppContext, userId: string): Promise<string[]> {
  const [memberships, teams] = await Promise.all([
    app.db
      .selectFrom("member")
      .innerJoin("organization", "organization.id", "member.organizationId")
      .select(["organization.id", "organization.slug", "member.role"])
      .where("member.userId", "=", userId)
      .execute(),
    app.db
      .selectFrom("teamMember")
      .innerJoin("team", "team.id", "teamMember.teamId")
      .select(["team.organizationId", "team.name"])
      .where("teamMember.userId", "=", userId)
      .execute(),
  ]);
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const groups: string[] = [];
  for (const org of [...memberships].sort((a, b) => byName(a.slug, b.slug))) {
    groups.push(org.slug);
    for (const role of splitRoles(org.role).sort(byName)) groups.push(`${org.slug}:${role}`);
    const names = teams.filter((team) => team.organizationId === org.id).map((team) => team.name);
    for (const name of [...new Set(names)].sort(byName)) groups.push(`${org.slug}/${name}`);
  }
  return groups;
}
