/**
 * The audit log writer. Recording never waits for the database and never throws into the action
 * it records: events queue in memory and are written in one batched insert on the next turn of
 * the event loop. A failed write is logged (without secrets) and dropped.
 *
 * Webhooks (issue 38): each batch's deliveries are queued in the same transaction as its audit
 * rows (server/webhook/outbox.ts), so a delivery exists exactly when its audit event does.
 */
import type { AuditAction } from "../../shared/audit-actions.js";
import type { Clock } from "../clock.js";
import type { DB } from "../db/database.js";
import { newId } from "../crypto/tokens.js";
import { enqueueAuditDeliveries } from "../webhook/outbox.js";

export interface AuditEvent {
  /** One of shared/audit-actions.ts: a new action is added there (and labelled in the console) first. */
  action: AuditAction;
  actorId?: string | null;
  targetId?: string | null;
  targetType?: "user" | "session" | "organization" | "member" | "invitation" | "team" | null;
  organizationId?: string | null;
  reason?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  metadata?: Record<string, unknown> | null;
  success?: boolean;
}

export interface AuditRecorder {
  record(event: AuditEvent): void;
  /** Resolves once everything recorded so far is written (tests, shutdown). */
  flush(): Promise<void>;
  /** Told after a batch queued webhook deliveries (the sender wakes instead of waiting for its poll). */
  watchDeliveries(listener: (count: number) => void): void;
}

const MAX_QUEUE = 10_000;
const BATCH = 500;

export function createAuditRecorder(db: DB, clock: Clock, onError: (error: unknown) => void): AuditRecorder {
  const queue: Array<Parameters<typeof toRow>[0]> = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;
  let deliveriesQueued: (count: number) => void = () => {};

  function toRow(event: AuditEvent & { at: number }) {
    return {
      id: newId(),
      action: event.action,
      actorId: event.actorId ?? null,
      targetId: event.targetId ?? null,
      targetType: event.targetType ?? null,
      organizationId: event.organizationId ?? null,
      reason: event.reason ?? null,
      ipAddress: event.ipAddress ?? null,
      userAgent: event.userAgent ? event.userAgent.slice(0, 512) : null,
      metadata: event.metadata ? JSON.stringify(event.metadata) : null,
      success: event.success === false ? 0 : 1,
      createdAt: event.at,
    };
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH);
      try {
        const rows = batch.map(toRow);
        const queued = await db.transaction().execute(async (trx) => {
          await trx.insertInto("auditEvent").values(rows).execute();
          return enqueueAuditDeliveries(trx, rows, clock.now());
        });
        if (queued > 0) deliveriesQueued(queued);
      } catch (error) {
        onError(error);
      }
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (!writing) writing = drain().finally(() => (writing = null));
    });
  }

  return {
    watchDeliveries(listener) {
      deliveriesQueued = listener;
    },
    record(event) {
      if (queue.length >= MAX_QUEUE) {
        onError(new Error(`audit queue full; dropping ${event.action}`));
        return;
      }
      queue.push({ ...event, at: clock.now() });
      schedule();
    },
    async flush() {
      while (queue.length > 0 || writing || scheduled) {
        if (writing) await writing;
        else if (queue.length > 0) {
          writing = drain().finally(() => (writing = null));
          await writing;
        } else await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
