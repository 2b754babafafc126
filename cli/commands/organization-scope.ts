/** Which organization, member and team an `auth org …` command means (ids, slugs, emails, names). */
import type { Command } from "commander";
import type { LatchkeyClient } from "../../shared/client/index.js";
import type { Flags } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { fill, messages } from "../i18n/index.js";

export type OrgFlags = Flags<{ org?: string }>;

export async function orgIdOf(client: LatchkeyClient, ref: string): Promise<string> {
  const mine = await client.listOrganizations({ limit: 1000 });
  const found = mine.find((org) => org.id === ref || org.slug === ref);
  if (found) return found.id;
  // Not one of ours, by id or slug. The server would answer a code about the member it looked
  // for (MEMBER_NOT_FOUND); the person needs to hear that they are not in that organization
  // (whether it exists is not theirs to learn).
  throw new CliError(fill(messages().hints.notMember, { organization: ref }), EXIT.FORBIDDEN, "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
}

/** The organization a command acts on: --org, then `auth org use`, then the session's active one (undefined). */
export async function targetOrg(flags: OrgFlags, client: LatchkeyClient, profileOrg?: string, explicit?: string): Promise<string | undefined> {
  const ref = explicit ?? flags.org;
  if (ref) return orgIdOf(client, ref);
  return profileOrg;
}

export async function requireOrg(flags: OrgFlags, client: LatchkeyClient, profileOrg?: string, explicit?: string): Promise<string> {
  const id = await targetOrg(flags, client, profileOrg, explicit);
  if (id) return id;
  const session = await client.getSession({ disableRefresh: true });
  const active = session?.session.activeOrganizationId;
  if (!active) throw new CliError(messages().failures.whichOrganization, EXIT.USAGE, "NO_ACTIVE_ORGANIZATION");
  return active;
}

export async function memberOf(client: LatchkeyClient, organizationId: string, ref: string) {
  if (ref.includes("@")) {
    const answer = await client.listOrganizationMembers({ organizationId, searchValue: ref, searchField: "email", searchOperator: "contains", limit: 100 });
    const member = answer.members.find((m) => m.user.email.toLowerCase() === ref.toLowerCase());
    if (member) return member;
  } else {
    for (const filterField of ["id", "userId"] as const) {
      const answer = await client.listOrganizationMembers({ organizationId, filterField, filterOperator: "eq", filterValue: ref, limit: 1 });
      if (answer.members[0]) return answer.members[0];
    }
  }
  throw new CliError(fill(messages().failures.noMember, { ref }), EXIT.NOT_FOUND, "MEMBER_NOT_FOUND");
}

export async function teamOf(client: LatchkeyClient, organizationId: string, ref: string) {
  const teams = await client.listTeams({ organizationId, limit: 1000 });
  const team = teams.find((t) => t.id === ref) ?? teams.find((t) => t.name === ref);
  if (!team) throw new CliError(fill(messages().failures.noTeam, { ref }), EXIT.NOT_FOUND, "TEAM_NOT_FOUND");
  return team;
}

export const orgOption = (command: Command) => command.option("--org <org>", "organization id or slug (default: `auth org use`, else the active one)");
