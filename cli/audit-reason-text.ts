/**
 * An audit event's reason in the operator's language (#25): the reasons the server writes itself
 * (shared/audit-reasons.ts) from the catalogue, an error code (a failed desktop hand-off) through
 * the error texts; anything else — what an administrator typed when banning — as written.
 */
import type { AuditEventWire } from "../shared/contract/audit.js";
import { auditReasonKey } from "../shared/audit-reasons.js";
import { apiErrorText } from "./api-error-text.js";
import { text } from "./i18n/index.js";

export function auditReasonText(reason: string): string {
  const key = auditReasonKey(reason);
  if (key) return text("auditReasons", key);
  return /^[A-Z][A-Z0-9_]{2,}$/.test(reason) ? apiErrorText(reason, reason) : reason;
}

/**
 * The event as the table shows it: the reason in words, and people by email rather than by id
 * (#33; the server names them to callers who may list users), with their names in columns of
 * their own that a wide terminal shows. --json and --jsonl keep the stored event.
 */
export function auditRow(event: AuditEventWire): Record<string, unknown> {
  return {
    ...event,
    reason: event.reason === null ? null : auditReasonText(event.reason),
    actorId: event.actor?.email ?? event.actorId,
    targetId: event.target?.email ?? event.targetId,
    actorName: event.actor?.name ?? null,
    targetName: event.target?.name ?? null,
  };
}

/** One event as a line of `audit tail`: people by email where the server named them. */
export function auditLine(event: AuditEventWire): string {
  const actor = event.actor?.email ?? event.actorId ?? "-";
  const target = event.target?.email ?? event.targetId ?? "-";
  return `${event.createdAt}  ${event.success ? " " : "✗"} ${event.action.padEnd(28)} actor=${actor} target=${target}${event.reason ? ` reason=${JSON.stringify(auditReasonText(event.reason))}` : ""}`;
}
