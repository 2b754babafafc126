/** The audit log, read by administrators holding `audit:list`. */
import type { AuditEventWire } from "../../../shared/contract/audit.js";
import type { AuditAction } from "../../../shared/audit-actions.js";
import { defineHandlers, type AuthState } from "../../http/handler.js";
import type { AuditEventRow } from "../../db/types.js";
import { requirePermission } from "../../core/admin-access.js";
import { iso } from "../../core/user/wire.js";
import { findActor, findPeople, listAuditEvents } from "./store.js";
import { toBetterAuthImport } from "./better-auth-import.js";
import { exportAuditChain, verifyAuditChain } from "../../audit/chain.js";
import { apiError } from "../../../shared/errors.js";
import { assertJwksPublished, signDetached } from "./signed-export.js";

/** Rows one export may hold: the answer is one JSON document, so a longer range is split by the caller. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** The action `auth server import-better-auth` records (server/maintenance/better-auth-import/import.ts). */
const BETTER_AUTH_IMPORT = "server.import-better-auth" satisfies AuditAction;

export const AUDIT_DEFAULT_LIMIT = 50;

const toMillis = (value: string) => (/^\d+$/.test(value) ? Number(value) : Date.parse(value));

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { raw: text };
  }
}

type Person = { id: string; email: string | null; name: string | null };

export function toAuditEvent(row: AuditEventRow, people: ReadonlyMap<string, Person> = new Map()): AuditEventWire {
  return {
    seq: Number(row.seq),
    id: row.id,
    action: row.action,
    actorId: row.actorId,
    targetId: row.targetId,
    targetType: row.targetType,
    organizationId: row.organizationId,
    reason: row.reason,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    metadata: parseMetadata(row.metadata),
    success: Boolean(row.success),
    createdAt: iso(row.createdAt),
    actor: row.actorId ? (people.get(row.actorId) ?? null) : null,
    // A target is a person when it is a user (or names one: a session's target is its user).
    target: row.targetId && (row.targetType === "user" || row.targetType === null) ? (people.get(row.targetId) ?? null) : null,
  };
}

/**
 * Verify and export are the log's integrity checks (issue 38): an administrator's own session, or
 * an API key whose permissions name that very action (a full-rights key is not enough: a leaked
 * key should not sign whole exports of the log), never an impersonation.
 */
function assertChainAccess(auth: AuthState, action: "verify" | "export"): void {
  if (auth.kind === "impersonation") throw apiError("NOT_ALLOWED_WHILE_IMPERSONATING");
  if (auth.kind === "api-key" && !(auth.apiKey?.permissions?.audit ?? []).includes(action)) throw apiError("API_KEY_NOT_ALLOWED");
}

export const auditHandlers = defineHandlers({
  adminListAuditEvents: async (ctx) => {
    requirePermission(ctx.app.config, ctx.auth.user, { audit: ["list"] }, "YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS");
    const q = ctx.query;
    const limit = q.limit ?? AUDIT_DEFAULT_LIMIT;
    const action = q.action === undefined ? undefined : q.action.endsWith("*") ? { prefix: q.action.slice(0, -1) } : { exact: q.action };
    const rows = await listAuditEvents(ctx.app.db, {
      actorId: q.actorId,
      targetId: q.targetId,
      action,
      from: q.from !== undefined ? toMillis(q.from) : undefined,
      to: q.to !== undefined ? toMillis(q.to) : undefined,
      before: q.cursor !== undefined ? Number(q.cursor) : undefined,
      after: q.after !== undefined ? Number(q.after) : undefined,
      limit,
    });
    const last = rows[rows.length - 1];
    // Who did what is part of the record: every reader of the log gets the people (see auditEventSchema.actor).
    const people = await findPeople(ctx.app.db, rows.flatMap((row) => [row.actorId, row.targetId]));
    return { events: rows.map((row) => toAuditEvent(row, people)), nextCursor: rows.length === limit && last ? String(last.seq) : null };
  },
  adminGetLastBetterAuthImport: async (ctx) => {
    // Read-only and part of the audit log: the same right as listing it, and an API key whose
    // scope grants `audit:list` may read it too (requirePermission checks the key's scope).
    requirePermission(ctx.app.config, ctx.auth.user, { audit: ["list"] }, "YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS");
    const [row] = await listAuditEvents(ctx.app.db, { action: { exact: BETTER_AUTH_IMPORT }, limit: 1 });
    if (!row) return { lastImport: null };
    const actor = row.actorId ? await findActor(ctx.app.db, row.actorId) : null;
    return { lastImport: toBetterAuthImport(row, actor) };
  },
  adminVerifyAuditChain: async (ctx) => {
    assertChainAccess(ctx.auth, "verify");
    requirePermission(ctx.app.config, ctx.auth.user, { audit: ["verify"] }, "YOU_ARE_NOT_ALLOWED_TO_VERIFY_AUDIT_LOG");
    return verifyAuditChain(ctx.app.db);
  },
  adminExportAuditLog: async (ctx) => {
    assertChainAccess(ctx.auth, "export");
    requirePermission(ctx.app.config, ctx.auth.user, { audit: ["export"] }, "YOU_ARE_NOT_ALLOWED_TO_EXPORT_AUDIT_LOG");
    const from = toMillis(ctx.query.from);
    const to = toMillis(ctx.query.to);
    if (!(from < to)) throw apiError("INVALID_AUDIT_EXPORT_RANGE");
    assertJwksPublished(ctx.app);
    const { lines, complete } = await exportAuditChain(ctx.app.db, { from, to }, AUDIT_EXPORT_MAX_ROWS);
    if (!complete) throw apiError("AUDIT_EXPORT_TOO_LARGE");
    const jsonl = lines.map((line) => line + "\n").join("");
    return { jsonl, count: lines.length, ...(await signDetached(ctx.app, jsonl)) };
  },
});
