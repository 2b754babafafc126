/** `auth org teams …`: teams inside an organization. */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { emit, emitList, info } from "../output.js";
import { say, text } from "../i18n/index.js";
import { requireOrganizationPermission } from "../preflight.js";
import { confirm } from "../prompt.js";
import { memberOf, orgOption, requireOrg, targetOrg, teamOf } from "./organization-scope.js";

const TEAM_COLUMNS = ["id", "name", "createdAt", "updatedAt"];

export function registerTeamCommands(org: Command): void {
  const teams = org.command("teams").description("teams inside an organization");
  example(orgOption(teams.command("create").argument("<name>", "team name").description("create a team")), "auth org teams create Support --org acme").action(
    handler<{ org?: string }>(async (flags, name: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = await targetOrg(flags, client, profile?.organizationId);
      const team = await client.createTeam({ name, organizationId });
      await emit(flags, { team }, () => info(text("changes", "teamCreated", { name: team.name, id: team.id })));
    }),
  );
  example(orgOption(teams.command("list").description("teams of an organization")), "auth org teams list --org acme").action(
    handler<{ org?: string }>(async (flags) => {
      const { client, profile } = await connect(flags);
      const organizationId = await targetOrg(flags, client, profile?.organizationId);
      const list = await client.listTeams({ organizationId, limit: 1000 });
      await emitList(flags, { document: list, items: list, columns: TEAM_COLUMNS, empty: text("lists", "noTeams") });
    }),
  );
  example(
    orgOption(teams.command("update").argument("<team>", "team id or name").description("rename a team").requiredOption("--name <name>", "new name")),
    "auth org teams update Support --name 'Customer Support'",
  ).action(
    handler<{ org?: string; name: string }>(async (flags, ref: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      const team = await teamOf(client, organizationId, ref);
      const updated = await client.updateTeam({ teamId: team.id, data: { name: flags.name, organizationId } });
      await emit(flags, { team: updated }, () => info(text("changes", "teamRenamed", { from: team.name, to: updated.name })));
    }),
  );
  example(orgOption(teams.command("remove").argument("<team>", "team id or name").description("remove a team")), "auth org teams remove Support --yes").action(
    handler<{ org?: string }>(async (flags, ref: string) => {
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      const team = await teamOf(client, organizationId, ref);
      await requireOrganizationPermission(client, organizationId, { team: ["delete"] }, "removeTeams");
      await confirm(flags, say("confirm", "removeTeam", { name: team.name }));
      const answer = await client.removeTeam({ teamId: team.id, organizationId });
      await emit(flags, { ...answer, teamId: team.id }, () => info(text("changes", "teamRemoved", { name: team.name })));
    }),
  );
  for (const [name, adding] of [
    ["add-member", true],
    ["remove-member", false],
  ] as const) {
    example(
      orgOption(teams.command(name).argument("<team>", "team id or name").argument("<member>", "member id, user id or email").description(adding ? "put an organization member in a team" : "take a member out of a team")),
      `auth org teams ${name} Support ada@example.com${adding ? "" : " --yes"}`,
    ).action(
      handler<{ org?: string }>(async (flags, teamRef: string, memberRef: string) => {
        const { client, profile } = await connect(flags);
        const organizationId = await requireOrg(flags, client, profile?.organizationId);
        const team = await teamOf(client, organizationId, teamRef);
        const member = await memberOf(client, organizationId, memberRef);
        if (adding) {
          const teamMember = await client.addTeamMember({ teamId: team.id, userId: member.userId, organizationId });
          await emit(flags, { teamMember }, () => info(text("changes", "teamMemberAdded", { email: member.user.email, team: team.name })));
        } else {
          await confirm(flags, say("confirm", "takeOutOfTeam", { email: member.user.email, team: team.name }));
          const answer = await client.removeTeamMember({ teamId: team.id, userId: member.userId, organizationId });
          await emit(flags, { ...answer, teamId: team.id, userId: member.userId }, () => info(text("changes", "teamMemberRemoved", { email: member.user.email, team: team.name })));
        }
      }),
    );
  }
}

