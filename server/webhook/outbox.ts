/**
 * The transactional outbox (issue 38): deliveries are queued inside the transaction that inserts
 * (or, for rows a change wrote in its own transaction, marks fanned out) their audit rows, so a
 * delivery exists exactly when its audit row does — a crash loses both or neither, and the queue
 * lives in the database, surviving kill -9 and restarts.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, WebhookDeliveryRow } from "../db/types.js";
import { newId } from "../crypto/tokens.js";
import { auditPayload, type AuditSource } from "./payload.js";
import { selects } from "./selectors.js";

type Writer = Kysely<Database> | Transaction<Database>;

/** How many deliveries a sender takes in one round (one read or lease, one recording transaction). */
export const SEND_BATCH = 16;

/**
 * A delivery waiting for its first try now. Its id, `msg_` + a random id, is the `webhook-id`
 * every try carries.
 */
export function pendingDelivery(what: Pick<WebhookDeliveryRow, "endpointId" | "eventType" | "auditEventId" | "payload">, now: number): WebhookDeliveryRow {
  return { id: `msg_${newId()}`, ...what, status: "pending", attempts: 0, nextAttemptAt: now, leaseUntil: null, leasedBy: null, createdAt: now, updatedAt: now };
}

/** An enabled endpoint and what it selects (server/webhook/endpoint-cache.ts keeps the list). */
export interface Subscriber {
  id: string;
  selectors: readonly string[];
}

/** A sender that takes the rows it is given at once: they are written leased to it, so it sends them without a lease statement. */
export interface LeaseHolder {
  id: string;
  until: number;
}

/** Queues a delivery of each event to every endpoint given that selects it; returns how many. */
export async function enqueueAuditDeliveries(trx: Writer, events: readonly AuditSource[], endpoints: readonly Subscriber[], now: number, holder?: LeaseHolder): Promise<number> {
  if (events.length === 0 || endpoints.length === 0) return 0;
  const rows = [];
  for (const endpoint of endpoints) {
    for (const event of events) {
      if (!selects(endpoint.selectors, event.action)) continue;
      const row = pendingDelivery({ endpointId: endpoint.id, eventType: event.action, auditEventId: event.id, payload: auditPayload(event) }, now);
      rows.push(holder ? { ...row, leasedBy: holder.id, leaseUntil: holder.until } : row);
    }
  }
  for (let i = 0; i < rows.length; i += 200) await trx.insertInto("webhookDelivery").values(rows.slice(i, i + 200)).execute();
  return rows.length;
}

/** For the metrics: how many deliveries wait, and since when the oldest. */
export async function queueStats(db: Kysely<Database>, now: number): Promise<{ pending: number; oldestPendingSeconds: number }> {
  const row = await db
    .selectFrom("webhookDelivery")
    .select((eb) => [eb.fn.countAll<string | number>().as("pending"), eb.fn.min("createdAt").as("oldest")])
    .where("status", "=", "pending")
    .executeTakeFirst();
  const oldest = row?.oldest == null ? null : Number(row.oldest);
  return { pending: Number(row?.pending ?? 0), oldestPendingSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000) };
}
