/** `auth sessions …` and `auth account …`: the signed-in user's own sessions and profile. */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler, interactive } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, renderDetails, withSpinner } from "../output.js";
import { fill, messages, say, text } from "../i18n/index.js";
import { updateProfile } from "../profiles.js";
import { confirm, promptHidden, readStdin } from "../prompt.js";
import { registerTwoFactorCommands } from "./two-factor.js";

// impersonatedBy: an administrator signed in as you (issue 27); only they can end it.
const SESSION_COLUMNS = ["token", "current", "ipAddress", "userAgent", "createdAt", "expiresAt", "impersonatedBy"];
const SESSION_IMPORTANCE = ["token", "current", "createdAt", "ipAddress", "expiresAt", "userAgent", "impersonatedBy"];

export function registerAccountCommands(program: Command): void {
  const sessions = program.command("sessions").description("your own sessions");
  example(sessions.command("list").description("your live sessions; token is a revocation handle, current marks this one"), "auth sessions list", "auth sessions list --jsonl").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const [list, current] = await withSpinner(flags, text("lists", "loadingSessions"), () => Promise.all([client.listSessions(), client.getSession({ disableRefresh: true })]));
      const items = list.map((session) => ({ ...session, current: session.id === current?.session.id }));
      await emitList(flags, { document: items, items, columns: SESSION_COLUMNS, importance: SESSION_IMPORTANCE, empty: text("lists", "noLiveSessions") });
    }),
  );
  example(sessions.command("revoke").argument("<token>", "handle from `auth sessions list`").description("end one of your sessions"), "auth sessions revoke 9f86d081… --yes").action(
    handler(async (flags, token: string) => {
      const { client } = await connect(flags);
      // The server answers success for a handle it does not know (better-auth's answer): look first.
      const { createHash } = await import("node:crypto");
      const digest = createHash("sha256").update(token).digest("base64url");
      const sessions = await client.listSessions();
      if (!sessions.some((session) => session.token === token || session.token === digest)) {
        throw new CliError(fill(messages().failures.sessionHandleUnknown, { token }), EXIT.NOT_FOUND, "SESSION_NOT_FOUND");
      }
      await confirm(flags, say("confirm", "endSession", { id: token.slice(0, 12) }));
      const answer = await client.revokeSession({ token });
      await emit(flags, answer, () => info(say("done", "sessionEnded")));
    }),
  );
  example(sessions.command("revoke-others").description("end every session except this one (sign out other devices)"), "auth sessions revoke-others --yes").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "endOtherSessions"));
      const answer = await client.revokeOtherSessions({});
      await emit(flags, answer, () => info(say("done", "otherSessionsEnded")));
    }),
  );

  const account = program.command("account").description("your own account");
  registerTwoFactorCommands(account);
  example(account.command("show").description("your profile and linked accounts"), "auth account show", "auth account show --json | jq .user").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const [current, accounts] = await withSpinner(flags, text("lists", "loadingAccount"), () => Promise.all([client.getSession({ disableRefresh: true }), client.listAccounts()]));
      if (!current) throw new CliError(messages().failures.sessionExpired, EXIT.NOT_SIGNED_IN, "NOT_SIGNED_IN");
      await emit(flags, { user: current.user, accounts }, () =>
        renderDetails({ ...current.user, accounts: accounts.map((a) => a.providerId).join(", ") }, ["id", "email", "name", "emailVerified", "username", "displayUsername", "image", "role", "createdAt", "accounts"]),
      );
    }),
  );
  example(
    account
      .command("update")
      .description("change your name, image, username or display username")
      .option("--name <name>", "display name")
      .option("--image <url>", "avatar URL (empty string clears it)")
      .option("--username <username>", "username")
      .option("--display-username <name>", "username as displayed"),
    "auth account update --name 'Ada Lovelace'",
  ).action(
    handler<{ name?: string; image?: string; username?: string; displayUsername?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const body = { name: flags.name, image: flags.image === "" ? null : flags.image, username: flags.username, displayUsername: flags.displayUsername };
      if (Object.values(body).every((v) => v === undefined)) throw new CliError(messages().failures.nothingToChangeAccount, EXIT.USAGE, "NOTHING_TO_DO");
      const answer = await client.updateUser(body);
      const current = await client.getSession({ disableRefresh: true });
      await emit(flags, { ...answer, user: current?.user ?? null }, () => info(say("done", "accountUpdated")));
    }),
  );
  example(
    account
      .command("change-password")
      .description("change your password (current and new from masked prompts, or two lines on standard input)")
      .option("--password-stdin", "read the current password, then the new one, one per line, from standard input")
      .option("--revoke-other-sessions", "also sign out every other session"),
    "auth account change-password --revoke-other-sessions",
    "printf '%s\\n%s\\n' \"$OLD\" \"$NEW\" | auth account change-password --password-stdin",
  ).action(
    handler<{ passwordStdin?: boolean; revokeOtherSessions?: boolean }>(async (flags) => {
      const { client, profileName, profile, url } = await connect(flags);
      let currentPassword: string;
      let newPassword: string;
      if (flags.passwordStdin) {
        const [first, second] = (await readStdin()).split(/\r?\n/);
        if (!first || !second) throw new CliError(messages().failures.twoPasswordLines, EXIT.USAGE, "PASSWORD_REQUIRED");
        currentPassword = first;
        newPassword = second;
      } else {
        if (!interactive(flags)) throw new CliError(messages().failures.noTerminalPassword, EXIT.USAGE, "PASSWORD_REQUIRED");
        currentPassword = await promptHidden("Current password: ");
        newPassword = await promptHidden("New password: ");
        const again = await promptHidden("New password again: ");
        if (again !== newPassword) throw new CliError(messages().failures.newPasswordsDiffer, EXIT.USAGE, "PASSWORD_MISMATCH");
      }
      const answer = await client.changePassword({ currentPassword, newPassword, revokeOtherSessions: flags.revokeOtherSessions });
      // Revoking other sessions issues a fresh token for this one: keep the profile working.
      const token = answer.token ?? client.token;
      if (token && profile && profile.token !== token && profile.url === url) updateProfile(profileName, (p) => (p ? { ...p, token } : p));
      await emit(flags, { status: true, user: answer.user }, () => info(text("changes", flags.revokeOtherSessions ? "passwordChangedOthers" : "passwordChanged")));
    }),
  );
  example(
    account.command("change-email").argument("<email>", "the new address").description("change your email (verified accounts confirm by mail first)"),
    "auth account change-email ada@new.example.com",
  ).action(
    handler(async (flags, email: string) => {
      const { client } = await connect(flags);
      const answer = await client.changeEmail({ newEmail: email });
      await emit(flags, { ...answer, newEmail: email }, () => info(text("changes", "emailChangeRequested", { email })));
    }),
  );
}
