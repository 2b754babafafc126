/** The audit log (Latchkey; better-auth has none): security events, newest first, paged by cursor. */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate } from "./schemas.js";

export const auditEventSchema = z.object({
  /** Position in the log; pass the last one back as `cursor` (nextCursor does it for you). */
  seq: z.number(),
  id: z.string(),
  /** `area.verb`, e.g. user.sign-in, user.ban, session.revoke, organization.member-add. */
  action: z.string(),
  actorId: z.string().nullable(),
  targetId: z.string().nullable(),
  targetType: z.string().nullable(),
  organizationId: z.string().nullable(),
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  success: z.boolean(),
  createdAt: isoDate,
  /**
   * Latchkey (#33): who actorId and targetId are, so an audit log names people rather than ids.
   * Part of the record for every caller who may read the log (`audit:list`): an auditor sees who
   * did what without also holding `user:list` (as a refused sign-in's metadata already names the
   * address tried). null when the id is no user's (any more: a removed user's events keep only the id).
   */
  actor: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  target: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type AuditEventWire = z.infer<typeof auditEventSchema>;

/** A point in time: ISO-8601 or epoch milliseconds (as a query string). */
const timeQuery = z.string().max(64).refine((v) => (/^\d+$/.test(v) ? true : !Number.isNaN(Date.parse(v))), { message: "expected an ISO date or epoch milliseconds" });

const tableCountsSchema = z.object({
  read: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  /** Rows that could not be carried. */
  skipped: z.number(),
  /** Rows changed in Latchkey since the previous import, left as they are. */
  kept: z.number(),
});

/**
 * The last `auth server import-better-auth` (issue 22), read from its audit event. The source is
 * named by its kind and a display name that never holds a URL's user or password.
 */
export const betterAuthImportSchema = z.object({
  /** When the import finished (the audit event's time). */
  at: isoDate,
  startedAt: isoDate,
  durationMs: z.number(),
  /** Who ran it: null for the `auth server` command, which runs on the database without a session. */
  actor: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  sourceKind: z.enum(["sqlite", "postgres"]),
  /** The SQLite file, or the PostgreSQL host and database (no credentials). */
  source: z.string(),
  dryRun: z.boolean(),
  totals: tableCountsSchema.omit({ read: true }),
  /** Per better-auth table (user, session, account, organization …), in import order. */
  tables: z.array(tableCountsSchema.extend({ table: z.string() })),
});
export type BetterAuthImportWire = z.infer<typeof betterAuthImportSchema>;

/** What `adminVerifyAuditChain` found (server/audit/chain.ts). */
export const auditChainVerdictSchema = z.object({
  ok: z.boolean(),
  /** Rows whose link was recomputed. */
  checked: z.number(),
  /** The chain position the sealer last wrote. */
  headIndex: z.number(),
  /** The last row retention pruned: checking starts after it. null before any pruning. */
  checkpoint: z.object({ chainIndex: z.number(), seq: z.number() }).nullable(),
  firstBreak: z
    .object({
      /** altered: the row's fields or hash changed (or rows swapped places); missing: rows before it were deleted; truncated: the newest rows were deleted. */
      problem: z.enum(["altered", "missing", "truncated"]),
      chainIndex: z.number(),
      /** The row named; null for `truncated`, which has none. */
      seq: z.number().nullable(),
      id: z.string().nullable(),
      /** The named row's action and time as they read now (an altered row may have had them changed), so a person can find it; null for `truncated` (and a time no date has). */
      action: z.string().nullable(),
      createdAt: isoDate.nullable(),
    })
    .nullable(),
});
export type AuditChainVerdictWire = z.infer<typeof auditChainVerdictSchema>;

export const auditEndpoints = {
  adminListAuditEvents: endpoint({
    method: "GET",
    path: "/admin/list-audit-events",
    summary:
      "Audit events, newest first, filtered by actor, target, action (exact, or a prefix ending in `*`) and time range [from, to); page with nextCursor (default 50, at most 500); poll for new ones with after=<newest seq seen>",
    tags: ["admin", "audit"],
    access: "session",
    requires: "audit:list",
    query: z
      .object({
        actorId: z.string().max(256).optional(),
        targetId: z.string().max(256).optional(),
        action: z.string().max(128).optional(),
        from: timeQuery.optional(),
        to: timeQuery.optional(),
        cursor: z.string().regex(/^\d{1,18}$/).optional(),
        /** Live tail: only events with seq > after (the newest seq already shown), still newest first. */
        after: z.string().regex(/^\d{1,18}$/).optional(),
        limit: z.coerce.number().int().min(1).max(500).optional(),
      })
      .strict(),
    response: z.object({ events: z.array(auditEventSchema), nextCursor: z.string().nullable() }),
  }),
  adminGetLastBetterAuthImport: endpoint({
    method: "GET",
    path: "/admin/get-last-better-auth-import",
    summary:
      "The last import from better-auth (`auth server import-better-auth`): when it ran, who ran it, its source (never its credentials) and its per-table counts; null when none has run",
    tags: ["admin", "audit"],
    access: "session",
    requires: "audit:list",
    response: z.object({ lastImport: betterAuthImportSchema.nullable() }),
  }),
  adminVerifyAuditChain: endpoint({
    method: "GET",
    path: "/admin/verify-audit-chain",
    summary:
      "Tamper evidence (issue 38): seals new audit rows onto the hash chain, then recomputes it from the retention checkpoint to the head; `firstBreak` names the first row that was altered, follows deleted rows, or the position where the newest rows went missing",
    tags: ["admin", "audit"],
    access: "session",
    requires: "audit:verify",
    response: auditChainVerdictSchema,
  }),
  adminExportAuditLog: endpoint({
    method: "GET",
    path: "/admin/export-audit-log",
    summary:
      "The sealed audit rows created in [from, to), in chain order, as JSON lines (`jsonl`, each line ending in a newline) with `signature`: a JWS with a detached payload over exactly those bytes, signed by the server's JWKS key (`kid`), so anyone holding the published /jwks can check it",
    tags: ["admin", "audit"],
    access: "session",
    requires: "audit:export",
    query: z.object({ from: timeQuery, to: timeQuery }).strict(),
    response: z.object({ jsonl: z.string(), signature: z.string(), kid: z.string(), alg: z.string(), count: z.number() }),
  }),
} as const;
