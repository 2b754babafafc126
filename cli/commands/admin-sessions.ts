/** `auth admin sessions …` and `auth admin audit list | tail`. */
import type { Command } from "commander";
import type { AuditEventWire } from "../../shared/contract/audit.js";
import { runBulk } from "../bulk.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { parseDuration, parsePositiveInt, parseSince } from "../duration.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, printJsonLine, wantsJson, withSpinner } from "../output.js";
import { fill, messages, say } from "../i18n/index.js";
import { confirm } from "../prompt.js";
import { requireAdminPermission } from "../preflight.js";
import { resolveUser } from "../resolve.js";

export const SESSION_COLUMNS = ["token", "ipAddress", "userAgent", "createdAt", "expiresAt", "impersonatedBy"];
/** Narrow terminals keep these first (#25); the token is the handle to revoke with, never cut. */
export const SESSION_IMPORTANCE = ["token", "createdAt", "ipAddress", "expiresAt", "userAgent", "impersonatedBy"];
const AUDIT_COLUMNS = ["createdAt", "action", "actorId", "targetId", "success", "reason", "ipAddress"];
const AUDIT_IMPORTANCE = ["action", "createdAt", "success", "actorId", "targetId", "reason", "ipAddress"];

export function registerAdminSessionCommands(admin: Command): void {
  const sessions = admin.command("sessions").description("list and end other users' sessions");

  example(sessions.command("list").argument("<user>", "id or email").description("a user's live sessions (token = revocation handle)"), "auth admin sessions list ada@example.com").action(
    handler(async (flags, ref: string) => {
      const { client } = await connect(flags);
      const user = await resolveUser(client, ref);
      const answer = await withSpinner(flags, "Loading sessions…", () => client.adminListUserSessions({ userId: user.id }));
      await emitList(flags, { document: { user: { id: user.id, email: user.email }, sessions: answer.sessions }, items: answer.sessions, columns: SESSION_COLUMNS, importance: SESSION_IMPORTANCE, empty: `${user.email} has no live sessions.` });
    }),
  );

  example(
    sessions.command("revoke").argument("<token>", "session handle from `sessions list`").description("end one session"),
    "auth admin sessions revoke 9f86d08188… --yes",
  ).action(
    handler(async (flags, token: string) => {
      const { client } = await connect(flags);
      await requireAdminPermission(client, { session: ["revoke"] }, "revoke sessions");
      await confirm(flags, say("confirm", "endSession", { id: token.slice(0, 12) }));
      const answer = await client.adminRevokeUserSession({ sessionToken: token });
      // The server answers success for an unknown handle too (better-auth's answer); `revoked` says which.
      if (answer.revoked === false) throw new CliError(`No session has the handle ${token}: see \`auth admin sessions list USER\`.`, EXIT.NOT_FOUND, "SESSION_NOT_FOUND");
      await emit(flags, answer, () => info(say("done", "sessionEnded")));
    }),
  );

  const revokeAll = handler<{ fromFile?: string; dryRun?: boolean }>(async (flags, ref?: string) => {
    if (ref && flags.fromFile) throw new CliError("Name one user or pass --from-file, not both.", EXIT.USAGE, "INVALID_OPTION");
    if (!ref && !flags.fromFile) throw new CliError("Name a user (id or email) or pass --from-file FILE.", EXIT.USAGE, "MISSING_ARGUMENT");
    const { client } = await connect(flags);
    await requireAdminPermission(client, { session: ["revoke"] }, "revoke sessions");
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

  const audit = admin.command("audit").description("the security audit log");
  const filters = (command: Command) =>
    command
      .option("--actor <user>", "who did it (id or email)")
      .option("--target <user>", "who it was done to (id or email; other ids as-is)")
      .option("--action <action>", "exact action, or a prefix ending in * (user.*)");

  example(
    filters(audit.command("list").description("audit events, newest first"))
      .option("--since <when>", "from this time: ISO date, epoch ms, or a duration ago (1h, 7d)")
      .option("--until <when>", "before this time")
      .option("--limit <n>", "at most this many events (1-500 per page)", "50")
      .option("--all", "page through every match"),
    "auth admin audit list --action 'user.*' --since 24h",
    "auth admin audit list --actor ops@example.com --json",
  ).action(
    handler<{ actor?: string; target?: string; action?: string; since?: string; until?: string; limit: string; all?: boolean }>(async (flags) => {
      const { client } = await connect(flags);
      const query = await auditQuery(client, flags);
      const limit = parsePositiveInt(flags.limit, "--limit", { max: 500 });
      const events: AuditEventWire[] = [];
      let cursor: string | undefined;
      let nextCursor: string | null = null;
      do {
        const page = await withSpinner(flags, "Loading events…", () => client.adminListAuditEvents({ ...query, limit, cursor }));
        if (flags.jsonl) for (const event of page.events) printJsonLine(event);
        else events.push(...page.events);
        nextCursor = page.nextCursor;
        cursor = nextCursor ?? undefined;
      } while (flags.all && cursor);
      if (flags.jsonl) return;
      await emitList(flags, { document: { events, nextCursor }, items: events, columns: AUDIT_COLUMNS, importance: AUDIT_IMPORTANCE, empty: "No events match.", footer: nextCursor && !flags.all ? "More events: pass --all." : undefined });
    }),
  );

  example(
    filters(audit.command("tail").description("print new events as they happen (Ctrl-C stops)"))
      .option("--interval <duration>", "how often to look", "2s")
      .option("--backlog <n>", "also print this many recent events first (default 10; 0 with --count)")
      .option("--count <n>", "stop after this many new events"),
    "auth admin audit tail --action 'user.ban'",
    "auth admin audit tail --jsonl | jq -c 'select(.success == false)'",
  ).action(
    handler<{ actor?: string; target?: string; action?: string; interval: string; backlog?: string; count?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const query = await auditQuery(client, flags);
      const intervalMs = parseDuration(flags.interval, "--interval") * 1000;
      // `--count 1` waits for the next event: earlier matches only when --backlog asks (#25).
      const backlog = parsePositiveInt(flags.backlog ?? (flags.count ? "0" : "10"), "--backlog", { min: 0, max: 500 });
      const stopAfter = flags.count ? parsePositiveInt(flags.count, "--count") : Infinity;
      const json = wantsJson(flags);
      const print = (event: AuditEventWire) => {
        if (json) printJsonLine(event);
        else info(`${event.createdAt}  ${event.success ? " " : "✗"} ${event.action.padEnd(28)} actor=${event.actorId ?? "-"} target=${event.targetId ?? "-"}${event.reason ? ` reason=${JSON.stringify(event.reason)}` : ""}`);
      };
      const first = await client.adminListAuditEvents({ ...query, limit: Math.max(backlog, 1) });
      let lastSeq = first.events[0]?.seq ?? 0;
      for (const event of first.events.slice(0, backlog).reverse()) print(event);
      let printed = 0;
      let stopped = false;
      process.once("SIGINT", () => {
        stopped = true;
      });
      while (!stopped && printed < stopAfter) {
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
        const fresh: AuditEventWire[] = [];
        let cursor: string | undefined;
        // Newest first: page back until we reach what we already printed.
        for (;;) {
          const page = await client.adminListAuditEvents({ ...query, limit: 200, cursor });
          const newer = page.events.filter((event) => event.seq > lastSeq);
          fresh.push(...newer);
          if (newer.length < page.events.length || !page.nextCursor) break;
          cursor = page.nextCursor;
        }
        fresh.sort((a, b) => a.seq - b.seq);
        for (const event of fresh) {
          if (printed >= stopAfter) break;
          print(event);
          printed++;
          lastSeq = Math.max(lastSeq, event.seq);
        }
      }
    }),
  );
}

async function auditQuery(client: Awaited<ReturnType<typeof connect>>["client"], flags: { actor?: string; target?: string; action?: string; since?: string; until?: string }) {
  const idOf = async (ref: string | undefined) => (ref === undefined ? undefined : ref.includes("@") ? (await resolveUser(client, ref)).id : ref);
  return {
    actorId: await idOf(flags.actor),
    targetId: await idOf(flags.target),
    action: flags.action,
    from: flags.since ? parseSince(flags.since) : undefined,
    to: flags.until ? parseSince(flags.until) : undefined,
  };
}
