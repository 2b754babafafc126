/** `auth admin sessions …`: other users' sessions. */
import type { Command } from "commander";
import { runBulk } from "../bulk.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, withSpinner } from "../output.js";
import { fill, messages, say, text } from "../i18n/index.js";
import { confirm } from "../prompt.js";
import { requireAdminPermission } from "../preflight.js";
import { resolveUser } from "../resolve.js";

export const SESSION_COLUMNS = ["token", "ipAddress", "userAgent", "createdAt", "expiresAt", "impersonatedBy"];
/** Narrow terminals keep these first (#25); the token is the handle to revoke with, never cut. */
export const SESSION_IMPORTANCE = ["token", "createdAt", "ipAddress", "expiresAt", "userAgent", "impersonatedBy"];

export function registerAdminSessionCommands(admin: Command): void {
  const sessions = admin.command("sessions").description("list and end other users' sessions");

  example(sessions.command("list").argument("<user>", "id or email").description("a user's live sessions (token = revocation handle)"), "auth admin sessions list ada@example.com").action(
    handler(async (flags, ref: string) => {
      const { client } = await connect(flags);
      const user = await resolveUser(client, ref);
      const answer = await withSpinner(flags, text("adminSessions", "loading"), () => client.adminListUserSessions({ userId: user.id }));
      await emitList(flags, { document: { user: { id: user.id, email: user.email }, sessions: answer.sessions }, items: answer.sessions, columns: SESSION_COLUMNS, importance: SESSION_IMPORTANCE, empty: text("adminSessions", "none", { email: user.email }) });
    }),
  );

  example(
    sessions.command("revoke").argument("<token>", "session handle from `sessions list`").description("end one session"),
    "auth admin sessions revoke 9f86d08188… --yes",
  ).action(
    handler(async (flags, token: string) => {
      const { client } = await connect(flags);
      await requireAdminPermission(client, { session: ["revoke"] }, "revokeSessions");
      await confirm(flags, say("confirm", "endSession", { id: token.slice(0, 12) }));
      const answer = await client.adminRevokeUserSession({ sessionToken: token });
      // The server answers success for an unknown handle too (better-auth's answer); `revoked` says which.
      if (answer.revoked === false) throw new CliError(text("adminSessions", "noHandle", { token }), EXIT.NOT_FOUND, "SESSION_NOT_FOUND");
      await emit(flags, answer, () => info(say("done", "sessionEnded")));
    }),
  );

  const revokeAll = handler<{ fromFile?: string; dryRun?: boolean }>(async (flags, ref?: string) => {
    if (ref && flags.fromFile) throw new CliError(text("adminSessions", "oneOrFile"), EXIT.USAGE, "INVALID_OPTION");
    if (!ref && !flags.fromFile) throw new CliError(text("adminSessions", "nameUser"), EXIT.USAGE, "MISSING_ARGUMENT");
    const { client } = await connect(flags);
    await requireAdminPermission(client, { session: ["revoke"] }, "revokeSessions");
    if (flags.fromFile) {
      await runBulk(flags, flags.fromFile, {
        verb: "Revoke all sessions of",
        done: "signed out",
        action: "revokeSessions",
        destructive: true,
        resolve: (line) => resolveUser(client, line),
        act: async (user) => {
          await client.adminRevokeUserSessions({ userId: user.id });
        },
        describe: (user) => user.id,
      });
      return;
    }
    const user = await resolveUser(client, ref!);
    if (flags.dryRun) {
      await emit(flags, { dryRun: true, action: "signed out", user }, () => info(fill(messages().users.wouldEndSessions, { email: user.email })));
      return;
    }
    await confirm(flags, say("confirm", "endAllSessions", { email: user.email }));
    const answer = await client.adminRevokeUserSessions({ userId: user.id });
    await emit(flags, { ...answer, userId: user.id }, () => info(say("done", "allSessionsEnded", { email: user.email })));
  });

  // `auth admin sessions revoke-all` and its short form `auth admin revoke-sessions` (#25): one
  // handler, registered twice.
  for (const [command, path, short] of [
    [sessions.command("revoke-all"), "auth admin sessions revoke-all", ""],
    [admin.command("revoke-sessions"), "auth admin revoke-sessions", " (short for `auth admin sessions revoke-all`)"],
  ] as const) {
    example(
      command
        .argument("[user]", "id or email (or use --from-file)")
        .description(`end every session of users${short}`)
        .option("--from-file <file>", "one id or email per line; - for standard input")
        .option("--dry-run", "with --from-file: check every line, change nothing"),
      `${path} ada@example.com --yes`,
      `${path} --from-file compromised.txt --yes`,
    ).action(revokeAll);
  }
}
