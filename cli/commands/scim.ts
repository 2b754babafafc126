/**
 * `auth org scim create-token|list|revoke`: SCIM provisioning from an organization's directory
 * (docs/scim.md). The token is printed once, at creation; the server keeps only its digest. Only
 * an owner of the organization, from their own session (never an API key).
 */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { emit, emitList, info, warn } from "../output.js";
import { say, text } from "../i18n/index.js";
import { confirm } from "../prompt.js";
import { orgOption, requireOrg } from "./organization-scope.js";

const COLUMNS = ["id", "name", "configured", "users", "lastActivityAt", "tokens"];

export function registerScimCommands(org: Command): void {
  const scim = org.command("scim").description("SCIM provisioning from the organization's directory (Okta, Entra ID)");
  example(
    orgOption(
      scim
        .command("create-token")
        .description("a new bearer token for the directory's connection (made when new); printed once")
        .requiredOption("--name <name>", "connection name, e.g. okta"),
    ),
    "auth org scim create-token --name okta --org acme",
  ).action(
    handler<{ org?: string; name: string }>(async (flags) => {
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      const created = await client.scimCreateToken({ organizationId, name: flags.name });
      await emit(flags, created, () => {
        info(created.token);
        warn(text("changes", "scimTokenCreated", { id: created.tokenId, name: created.connection.name, url: created.scimBaseURL }));
      });
    }),
  );
  example(orgOption(scim.command("list").description("the organization's SCIM connections, their tokens and last activity")), "auth org scim list --org acme").action(
    handler<{ org?: string }>(async (flags) => {
      const { client, profile } = await connect(flags);
      const organizationId = await requireOrg(flags, client, profile?.organizationId);
      const answer = await client.scimListConnections({ organizationId });
      const rows = answer.connections.map((connection) => ({ ...connection, tokens: connection.tokens.map((token) => `${token.id} (${token.start}…)`).join(", ") }));
      await emitList(flags, { document: answer, items: rows, columns: COLUMNS, empty: text("lists", "noScimConnections") });
    }),
  );
  example(scim.command("revoke").argument("<token>", "token id from `auth org scim list`").description("revoke a SCIM token; the directory using it is refused at once"), "auth org scim revoke 3kX9… --yes").action(
    handler<Record<string, never>>(async (flags, id: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "revokeScimToken", { id }));
      const answer = await client.scimRevokeToken({ tokenId: id });
      await emit(flags, { ...answer, id }, () => info(say("done", "scimTokenRevoked")));
    }),
  );
}
