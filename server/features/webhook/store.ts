/** Kysely queries for webhook endpoints, deliveries and their tries (tables of migration 0020). */
import type { DB } from "../../db/database.js";
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow, WebhookEndpointTable } from "../../db/types.js";
import type { Insertable, Updateable } from "kysely";

export function listEndpoints(db: DB): Promise<WebhookEndpointRow[]> {
  return db.selectFrom("webhookEndpoint").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").execute();
}

export function findEndpoint(db: DB, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom("webhookEndpoint").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertEndpoint(db: DB, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto("webhookEndpoint").values(row).execute();
}

export async function updateEndpoint(db: DB, id: string, changes: Updateable<WebhookEndpointTable>): Promise<WebhookEndpointRow | undefined> {
  return db.updateTable("webhookEndpoint").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteEndpoint(db: DB, id: string): Promise<boolean> {
  // Tries and deliveries go with it (foreign keys cascade; SQLite has them on).
  await db.deleteFrom("webhookAttempt").where("deliveryId", "in", db.selectFrom("webhookDelivery").select("id").where("endpointId", "=", id)).execute();
  await db.deleteFrom("webhookDelivery").where("endpointId", "=", id).execute();
  const result = await db.deleteFrom("webhookEndpoint").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface DeliveryFilter {
  endpointId?: string;
  status?: WebhookDeliveryRow["status"];
  eventType?: { exact: string } | { prefix: string };
  before?: { createdAt: number; id: string };
  limit: number;
}

export function listDeliveries(db: DB, filter: DeliveryFilter): Promise<WebhookDeliveryRow[]> {
  let query = db.selectFrom("webhookDelivery").selectAll();
  if (filter.endpointId) query = query.where("endpointId", "=", filter.endpointId);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.eventType && "exact" in filter.eventType) query = query.where("eventType", "=", filter.eventType.exact);
  if (filter.eventType && "prefix" in filter.eventType) {
    // Action names hold no LIKE wildcards except `_`/`%`, which the contract's names never contain; escape anyway.
    const prefix = filter.eventType.prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where((eb) => eb("eventType", "like", `${prefix}%`));
  }
  const before = filter.before;
  if (before) query = query.where((eb) => eb.or([eb("createdAt", "<", before.createdAt), eb.and([eb("createdAt", "=", before.createdAt), eb("id", "<", before.id)])]));
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(filter.limit).execute();
}

export function findDelivery(db: DB, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom("webhookDelivery").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function attemptsOf(db: DB, deliveryIds: readonly string[]): Promise<Map<string, WebhookAttemptRow[]>> {
  const out = new Map<string, WebhookAttemptRow[]>();
  if (deliveryIds.length === 0) return out;
  const rows = await db.selectFrom("webhookAttempt").selectAll().where("deliveryId", "in", deliveryIds).orderBy("at").orderBy("id").execute();
  for (const row of rows) out.set(row.deliveryId, [...(out.get(row.deliveryId) ?? []), row]);
  return out;
}

/**
 * Back in the queue for one try now, same id and payload. The retry schedule still counts from the
 * event: a failed delivery older than 24 h gets this one try, and is failed again if it fails.
 */
export async function requeue(db: DB, id: string, now: number): Promise<WebhookDeliveryRow | undefined> {
  return db.updateTable("webhookDelivery").set({ status: "pending", nextAttemptAt: now, leaseUntil: null, leasedBy: null, updatedAt: now }).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function insertDelivery(db: DB, row: WebhookDeliveryRow): Promise<void> {
  await db.insertInto("webhookDelivery").values(row).execute();
}
