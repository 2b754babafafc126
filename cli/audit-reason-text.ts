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

/** The event as the table shows it: the reason in words (--json and --jsonl keep the stored one). */
export function withReasonInWords(event: AuditEventWire): AuditEventWire {
  return event.reason === null ? event : { ...event, reason: auditReasonText(event.reason) };
}
