/**
 * `auth org …` (organizations, members, invitations, teams) and `auth invitations …` (the
 * signed-in user's own). Organizations are named by id or slug; `--org` picks one, else the one
 * chosen with `auth org use`, else the session's active organization.
 */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { parsePositiveInt } from "../duration.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, renderDetails, withSpinner } from "../output.js";
import { countedText, fill, longDate, messages, roleName, say, text } from "../i18n/index.js";
import { updateProfile } from "../profiles.js";
import { confirm } from "../prompt.js";
import { requireOrganizationPermission } from "../preflight.js";
import { parseRoles } from "../resolve.js";
import { registerOwnInvitationCommands } from "./organization-invitations.js";
import { memberOf, orgIdOf, orgOption, requireOrg, targetOrg, teamOf } from "./organization-scope.js";
import { registerTeamCommands } from "./organization-teams.js";
import { registerScimCommands } from "./scim.js";
import { registerSsoCommands } from "./organization-sso.js";

const ORG_COLUMNS = ["id", "slug", "name", "createdAt"];
const MEMBER_COLUMNS = ["id", "email", "name", "role", "userId", "createdAt"];
const INVITATION_COLUMNS = ["id", "email", "role", "status", "expiresAt", "teamId"];

function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
}

function parseMetadata(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("expected a JSON object");
    return value as Record<string, unknown>;
  } catch (error) {
    throw new CliError(fill(messages().failures.metadataNotObject, { reason: (error as Error).message }), EXIT.USAGE, "INVALID_OPTION");
  }
}


export function registerOrganizationCommands(program: Command): void {
  const org = program.command("org").description("organizations you belong to: members, invitations, teams");

  example(
    org
      .command("create")
      .description("create an organization; you become its owner and it becomes active")
      .requiredOption("--name <name>", "display name")
      .option("--slug <slug>", "URL name (default: from the name)")
      .option("--logo <url>", "logo URL")
      .option("--metadata <json>", "JSON object of extra data")
      .option("--keep-active", "do not make it the active organization"),
    "auth org create --name 'Acme Corp' --slug acme",
  ).action(
    handler<{ name: string; slug?: string; logo?: string; metadata?: string; keepActive?: boolean }>(async (flags) => {
      const { client } = await connect(flags);
      const slug = flags.slug ?? slugify(flags.name);
      if (!slug) throw new CliError(messages().failures.slugRequired, EXIT.USAGE, "INVALID_OPTION");
      const created = await client.createOrganization({ name: flags.name, slug, logo: flags.logo, metadata: parseMetadata(flags.metadata), keepCurrentActiveOrganization: flags.keepActive });
      await emit(flags, { organization: created }, () => info(text("changes", "organizationCreated", { name: created.name, slug: created.slug, id: created.id })));
    }),
  );

  example(org.command("list").description("organizations you belong to"), "auth org list", "auth org list --json | jq -r '.[].slug'").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const orgs = await withSpinner(flags, text("lists", "loadingOrganizations"), () => client.listOrganizations({ limit: 1000 }));
      await emitList(flags, { document: orgs, items: orgs, columns: ORG_COLUMNS, empty: text("lists", "noOrganizations") });
    }),
  );

  example(orgOption(org.command("get").argument("[org]", "id or slug").description("an organization with its members, invitations and teams")), "auth org get acme", "auth org get --json").action(
    handler<{ org?: string }>(async (flags, ref?: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = await targetOrg(flags, client, profile?.organizationId, ref);
      const full = await client.getFullOrganization({ organizationId });
      if (!full) throw new CliError(messages().failures.noActiveOrganization, EXIT.NOT_FOUND, "ORGANIZATION_NOT_FOUND");
      await emit(flags, { organization: full }, () =>
        renderDetails({ id: full.id, name: full.name, slug: full.slug, logo: full.logo, createdAt: full.createdAt, members: full.members.length, invitations: full.invitations.filter((i) => i.status === "pending").length, teams: full.teams.map((t) => t.name).join(", ") }),
      );
    }),
  );

  example(
    orgOption(
      org
        .command("update")
        .argument("[org]", "id or slug")
        .description("change name, slug, logo or metadata")
        .option("--name <name>", "new name")
        .option("--slug <slug>", "new slug")
        .option("--logo <url>", "new logo URL")
        .option("--metadata <json>", "replace metadata with this JSON object"),
    ),
    "auth org update acme --name 'Acme Inc'",
  ).action(
    handler<{ org?: string; name?: string; slug?: string; logo?: string; metadata?: string }>(async (flags, ref?: string) => {
      const { client, profile } = await connect(flags);
      const data = { name: flags.name, slug: flags.slug, logo: flags.logo, metadata: parseMetadata(flags.metadata) };
      if (Object.values(data).every((v) => v === undefined)) throw new CliError(messages().failures.nothingToChangeOrganization, EXIT.USAGE, "NOTHING_TO_DO");
      const organizationId = await targetOrg(flags, client, profile?.organizationId, ref);
      const updated = await client.updateOrganization({ organizationId, data });
      await emit(flags, { organization: updated }, () => info(text("changes", "organizationUpdated", { name: updated.name, slug: updated.slug })));
    }),
  );

  example(org.command("delete").argument("<org>", "id or slug").description("delete an organization with its members, invitations and teams"), "auth org delete acme --yes").action(
    handler(async (flags, ref: string) => {
      const { client, profileName, profile } = await connect(flags);
      const organizationId = await orgIdOf(client, ref);
      await requireOrganizationPermission(client, organizationId, { organization: ["delete"] }, "deleteOrganization");
      await confirm(flags, say("confirm", "deleteOrganization", { ref }));
      const deleted = await client.deleteOrganization({ organizationId });
      if (profile?.organizationId === organizationId) updateProfile(profileName, (p) => (p ? { ...p, organizationId: undefined } : p));
      await emit(flags, { organization: deleted }, () => info(text("changes", "organizationDeleted", { name: deleted.name, slug: deleted.slug })));
    }),
  );

  example(org.command("use").argument("<org>", "id or slug").description("make an organization active for your session and this profile"), "auth org use acme").action(
    handler(async (flags, ref: string) => {
      const { client, profileName } = await connect(flags);
      const organizationId = await orgIdOf(client, ref);
      const active = await client.setActiveOrganization({ organizationId });
      if (!active) throw new CliError(fill(messages().failures.noOrganization, { ref }), EXIT.NOT_FOUND, "ORGANIZATION_NOT_FOUND");
      updateProfile(profileName, (p) => (p ? { ...p, organizationId: active.id } : p));
      await emit(flags, { organization: active }, () => info(text("changes", "organizationActive", { name: active.name, slug: active.slug })));
    }),
  );

  example(
    orgOption(
      org
        .command("invite")
        .argument("<email>", "who to invite")
        .description("invite someone by email (an invitation mail is sent)")
        // member unless told, as the console's invite dialog does.
        .option("--role <role>", "role(s) on joining: member, admin, owner (comma separated for several)", "member")
        .option("--team <team...>", "team id(s) or name(s) to join")
        .option("--resend", "send again if already invited"),
    ),
    "auth org invite ada@example.com",
    "auth org invite lin@example.com --role admin",
    "auth org invite bob@example.com --role member --team Support --org acme",
  ).action(
    handler<{ org?: string; role: string; team?: string[]; resend?: boolean }>(async (flags, email: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = flags.team ? await requireOrg(flags, client, profile?.organizationId) : await targetOrg(flags, client, profile?.organizationId);
      const teamIds = flags.team ? await Promise.all(flags.team.map(async (t) => (await teamOf(client, organizationId!, t)).id)) : undefined;
      const invitation = await client.inviteOrganizationMember({
        email,
        role: parseRoles(flags.role),
        organizationId,
        resend: flags.resend,
        teamId: teamIds ? (teamIds.length === 1 ? teamIds[0] : teamIds) : undefined,
      });
      await emit(flags, { invitation }, () => info(text("changes", "invited", { email: invitation.email, role: roleName(invitation.role), id: invitation.id, expires: longDate(invitation.expiresAt) })));
    }),
  );

  const invitations = org.command("invitations").description("invitations sent by an organization");
  example(orgOption(invitations.command("list").description("an organization's invitations, newest first")), "auth org invitations list --org acme").action(
    handler<{ org?: string }>(async (flags) => {
      const { client, profile } = await connect(flags);
      const organizationId = await targetOrg(flags, client, profile?.organizationId);
      const list = await client.listInvitations({ organizationId, limit: 1000 });
      await emitList(flags, { document: list, items: list, columns: INVITATION_COLUMNS, empty: text("lists", "noInvitations") });
    }),
  );
  example(invitations.command("cancel").argument("<invitation>", "invitation id").description("cancel an invitation"), "auth org invitations cancel inv_123 --yes").action(
    handler(async (flags, id: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "cancelInvitation", { id }));
      const invitation = await client.cancelInvitation({ invitationId: id });
      await emit(flags, { invitation }, () => info(text("changes", "invitationCanceled", { email: invitation.email })));
    }),
  );

  const members = org.command("members").description("members of an organization");
  example(
    orgOption(members.command("list").description("members with their roles").option("--search <text>", "search name or email").option("--limit <n>", "at most this many", "100")),
    "auth org members list --org acme",
    "auth org members list --search ada --json",
  ).action(
    handler<{ org?: string; search?: string; limit: string }>(async (flags) => {
      const { client, profile } = await connect(flags);
      const organizationId = await targetOrg(flags, client, profile?.organizationId);
      const limit = parsePositiveInt(flags.limit, "--limit", { max: 1000 });
      const answer = await client.listOrganizationMembers({ organizationId, limit, searchValue: flags.search, searchField: flags.search ? "email" : undefined, searchOperator: flags.search ? "contains" : undefined });
      const rows = answer.members.map((m) => ({ ...m, email: m.user.email, name: m.user.name }));
      await emitList(flags, { document: answer, items: rows, columns: MEMBER_COLUMNS, empty: text("lists", "noMembersMatch"), footer: await countedText("lists", "membersPage", { shown: answer.members.length, total: answer.total }) });
    }),
  );
  example(orgOption(members.command("remove").argument("<member>", "member id, user id or email").description("remove a member")), "auth org members remove ada@example.com --org acme --yes").action(
    handler<{ org?: string }>(async (flags, ref: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      await requireOrganizationPermission(client, organizationId, { member: ["delete"] }, "removeMembers");
      const member = await memberOf(client, organizationId, ref);
      await confirm(flags, say("confirm", "removeMember", { email: member.user.email }));
      const answer = await client.removeOrganizationMember({ memberIdOrEmail: member.id, organizationId });
      await emit(flags, answer, () => info(text("changes", "memberRemoved", { email: member.user.email })));
    }),
  );
  example(
    orgOption(members.command("set-role").argument("<member>", "member id, user id or email").argument("<role>", "role, or several comma separated").description("change a member's role")),
    "auth org members set-role ada@example.com admin --org acme",
  ).action(
    handler<{ org?: string }>(async (flags, ref: string, role: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      const member = await memberOf(client, organizationId, ref);
      const updated = await client.updateOrganizationMemberRole({ memberId: member.id, role: parseRoles(role), organizationId });
      await emit(flags, { member: updated }, () => info(text("changes", "memberRole", { email: member.user.email, roleName: roleName(updated.role, true) })));
    }),
  );

  example(orgOption(org.command("leave").argument("[org]", "id or slug").description("leave an organization (an only owner cannot)")), "auth org leave acme --yes").action(
    handler<{ org?: string }>(async (flags, ref?: string) => {
      const { client, profileName, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId, ref);
      await confirm(flags, say("confirm", "leaveOrganization", { ref: ref ?? organizationId }));
      const member = await client.leaveOrganization({ organizationId });
      if (profile?.organizationId === organizationId) updateProfile(profileName, (p) => (p ? { ...p, organizationId: undefined } : p));
      await emit(flags, { member }, () => info(say("done", "leftOrganization")));
    }),
  );

  registerTeamCommands(org);
  registerScimCommands(org);
  registerSsoCommands(org);
  registerOwnInvitationCommands(program);
}
