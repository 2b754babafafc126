/** `auth admin audit list | tail | verify | export`: the security audit log. */
import type { Command } from "commander";
import { registerAuditChainCommands } from "./audit-chain.js";
import type { AuditEventWire } from "../../shared/contract/audit.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { parseDuration, parsePositiveInt, parseSince } from "../duration.js";
import { emitList, info, printJsonLine, wantsJson, withSpinner } from "../output.js";
import { resolveUser } from "../resolve.js";
import { text } from "../i18n/index.js";

// actorId and targetId show the person's email when the server names them (auditRow); their
// names come last, for terminals wide enough.
const AUDIT_COLUMNS = ["createdAt", "action", "actorId", "actorName", "targetId", "targetName", "success", "reason", "ipAddress"];
// Who did what to whom, and when, before whether it succeeded: at 80 columns the two emails stay.
const AUDIT_IMPORTANCE = ["action", "createdAt", "actorId", "targetId", "success", "reason", "ipAddress", "targetName", "actorName"];

export function registerAuditCommands(admin: Command): void {
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
        const page = await withSpinner(flags, text("audit", "loading"), () => client.adminListAuditEvents({ ...query, limit, cursor }));
        if (flags.jsonl) for (const event of page.events) printJsonLine(event);
        else events.push(...page.events);
        nextCursor = page.nextCursor;
        cursor = nextCursor ?? undefined;
      } while (flags.all && cursor);
      if (flags.jsonl) return;
      const { auditRow } = await import("../audit-reason-text.js");
      const items = wantsJson(flags) ? events : events.map(auditRow);
      await emitList(flags, { document: { events, nextCursor }, items, columns: AUDIT_COLUMNS, importance: AUDIT_IMPORTANCE, empty: text("audit", "none"), footer: nextCursor && !flags.all ? text("audit", "more") : undefined });
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
      const { auditLine } = await import("../audit-reason-text.js");
      const print = (event: AuditEventWire) => {
        if (json) printJsonLine(event);
        else info(auditLine(event));
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

  registerAuditChainCommands(audit);
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
