/**
 * The body of a delivery: Standard Webhooks' `{type, timestamp, data}`, where data is the audit
 * event's actor, target and metadata. Audit metadata never holds secrets by design, but a payload
 * leaves the server, so keys that could name one are dropped here as well (belt and braces).
 */
import type { AuditEventTable } from "../db/types.js";

/** An audit row as the audit writer inserts it (the database's sequence not yet given). */
export type AuditSource = Omit<AuditEventTable, "seq" | "userAgent" | "fannedOut" | "chainIndex" | "chainHash">;

const SECRET_LIKE = /secret|token|password|hash|api.?key|private|otp|code|cookie|authorization/i;

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 5) return null;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (!SECRET_LIKE.test(key)) out[key] = scrub(inner, depth + 1);
    return out;
  }
  return value;
}

function metadataOf(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (scrub(value) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function auditPayload(event: AuditSource): string {
  return JSON.stringify({
    type: event.action,
    timestamp: new Date(event.createdAt).toISOString(),
    data: {
      eventId: event.id,
      actor: event.actorId ? { id: event.actorId } : null,
      target: event.targetId ? { id: event.targetId, type: event.targetType } : null,
      organizationId: event.organizationId,
      reason: event.reason,
      success: event.success !== 0,
      ipAddress: event.ipAddress,
      metadata: metadataOf(event.metadata),
    },
  });
}

export function testPayload(endpointId: string, at: number): string {
  return JSON.stringify({ type: "webhook.test", timestamp: new Date(at).toISOString(), data: { endpointId } });
}
