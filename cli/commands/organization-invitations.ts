/** `auth invitations …`: invitations addressed to the signed-in user. */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { emit, emitList, info } from "../output.js";
import { roleName, say, text } from "../i18n/index.js";
import { updateProfile } from "../profiles.js";

export function registerOwnInvitationCommands(program: Command): void {
  const mine = program.command("invitations").description("invitations addressed to you");
  example(mine.command("list").description("your pending invitations"), "auth invitations list").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const list = await client.listUserInvitations({ limit: 1000 });
      await emitList(flags, { document: list, items: list, columns: ["id", "organizationName", "role", "status", "expiresAt"], empty: text("lists", "noPendingInvitations") });
    }),
  );
  example(mine.command("accept").argument("<invitation>", "invitation id").description("join the organization (it becomes active)"), "auth invitations accept inv_123").action(
    handler(async (flags, id: string) => {
      const { client, profileName } = await connect(flags);
      // The organization's name for the notice, read while the invitation is still pending (the
      // answer to accepting carries only its id). Not found here: accepting gives the real error.
      const pending = await client.getInvitation({ id }).catch(() => undefined);
      const answer = await client.acceptInvitation({ invitationId: id });
      updateProfile(profileName, (p) => (p ? { ...p, organizationId: answer.member.organizationId } : p));
      await emit(flags, answer, () => info(text("changes", "invitationAccepted", { organization: pending?.organizationName ?? answer.invitation.organizationId, role: roleName(answer.member.role) })));
    }),
  );
  example(mine.command("reject").argument("<invitation>", "invitation id").description("decline an invitation"), "auth invitations reject inv_123").action(
    handler(async (flags, id: string) => {
      const { client } = await connect(flags);
      const answer = await client.rejectInvitation({ invitationId: id });
      await emit(flags, answer, () => info(say("done", "invitationRejected")));
    }),
  );
}
