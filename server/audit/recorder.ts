/**
 * The audit log writer. Recording never waits for the database and never throws into the action
 * it records: events queue in memory and are written in one batched insert on the next turn of
 * the event loop. A failed write is logged (without secrets) and dropped.
 *
 * Webhooks (issue 38): each batch's deliveries are queued in the same transaction as its audit
 * rows (server/webhook/outbox.ts), so a delivery exists exactly when its audit event does. That
 * alone would lose an event whose change committed just before a crash, so a change made in a
 * transaction records with `recordIn`: when an endpoint selects the action, the audit row and its
 * deliveries are written in the change's own transaction, and `committed()` wakes the sender.
 * When no endpoint wants it, the event takes the asynchronous path, so a sign-in pays nothing for
 * webhooks nobody subscribed to (docs/architecture.md, "Events out"). Servers before this one
 * wrote such rows with `fannedOut = 0` and queued their deliveries later; `fanOut` still queues
 * any left (the sender runs it at start and on its poll).
 */
import { PostgresAdapter, type Kysely } from "kysely";
import type { AuditAction } from "../../shared/audit-actions.js";
import type { Clock } from "../clock.js";
import type { DB } from "../db/database.js";
import type { Database } from "../db/types.js";
import { outsideChange } from "../db/pool-guard.js";
import { newId } from "../crypto/tokens.js";
import { enqueueAuditDeliveries, SEND_BATCH } from "../webhook/outbox.js";
import { selects } from "../webhook/selectors.js";
import { createEndpointCache, type EndpointCache } from "../webhook/endpoint-cache.js";

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
  /**
   * Records an event of a change made in `trx`: written in that transaction, with its deliveries,
   * when a webhook endpoint selects it (they then survive a crash right after the commit),
   * otherwise as `record` does. Call `committed()` once the transaction has committed.
   */
  recordIn(trx: Kysely<Database>, event: AuditEvent): Promise<void>;
  /**
   * recordIn without the fallback: writes the event and its deliveries in `trx` when an endpoint
   * selects it and answers true; otherwise writes nothing and answers false (the caller records it
   * once its change committed, audit/change.ts).
   */
  writeIn(trx: Kysely<Database>, event: AuditEvent): Promise<boolean>;
  /** After a transaction that used recordIn committed: the sender sends its deliveries soon, not at the next poll. */
  committed(): void;
  /** Queues the deliveries of audit rows older servers left with `fannedOut = 0`; answers how many. */
  fanOut(): Promise<number>;
  /** The enabled endpoints this recorder selects by (the sender reads URLs and secrets from the same copy). */
  readonly endpoints: Pick<EndpointCache, "endpoint" | "invalidate">;
  /** An endpoint was created, changed or deleted on this server: read the list again. */
  endpointsChanged(): void;
  /** Resolves once everything recorded so far is written (tests, shutdown). */
  flush(): Promise<void>;
  /** Told after a batch queued webhook deliveries (the sender wakes instead of waiting for its poll). */
  watchDeliveries(listener: (count: number) => void): void;
  /**
   * The running sender (null: none, or stopping): deliveries recordIn writes are leased to it for
   * `leaseMs` from their insert, so it sends them without a lease statement of its own (one
   * commit less per event). Should it die, the lease runs out and any sender takes them.
   */
  leaseTo(holder: { id: string; leaseMs: number } | null): void;
}

const MAX_QUEUE = 10_000;
const BATCH = 500;
/**
 * How long committed() gathers commits before waking the sender, or how many deliveries (the
 * sender's batch) wake it at once: one read, one round of sends and one recording transaction
 * serve them all. The wake is most of a delivery's CPU (issue 38's bench: at 20 ms a production
 * sign-in, ~15 ms apart, woke the sender for every one or two events); the deliveries are
 * durable already, so gathering only delays the first try by up to this much.
 */
const WAKE_AFTER_MS = 100;

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

export function createAuditRecorder(db: DB, clock: Clock, onError: (error: unknown) => void): AuditRecorder {
  const queue: Array<Parameters<typeof toRow>[0]> = [];
  let writing: Promise<void> | null = null;
  let scheduled = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  /** Deliveries recordIn queued since the sender was last woken (a rolled-back one counts too: one needless wake). */
  let queuedInChanges = 0;
  let deliveriesQueued: (count: number) => void = () => {};
  let holder: { id: string; leaseMs: number } | null = null;
  const endpoints = createEndpointCache(db);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH);
      try {
        const rows = batch.map(toRow);
        const subscribers = await endpoints.subscribers();
        const queued = await db.transaction().execute(async (trx) => {
          await trx.insertInto("auditEvent").values(rows).execute();
          return enqueueAuditDeliveries(trx, rows, subscribers, clock.now());
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
    // The batch is every request's, not the change that happened to record first: it runs in the
    // root context, where the pool does not refuse it while that change's transaction is open (db/pool-guard.ts).
    outsideChange(() =>
      setImmediate(() => {
        scheduled = false;
        if (!writing) writing = drain().finally(() => (writing = null));
      }),
    );
  }

  function record(event: AuditEvent): void {
    if (queue.length >= MAX_QUEUE) {
      onError(new Error(`audit queue full; dropping ${event.action}`));
      return;
    }
    queue.push({ ...event, at: clock.now() });
    schedule();
  }

  async function fanOut(): Promise<number> {
    const subscribers = await endpoints.subscribers();
    const queued = await db.transaction().execute(async (trx) => {
      // Oldest first; on PostgreSQL two servers sweeping at once take different rows.
      let pick = trx.selectFrom("auditEvent").selectAll().where("fannedOut", "=", 0).orderBy("createdAt").limit(BATCH);
      if (postgres) pick = pick.forUpdate().skipLocked();
      const rows = await pick.execute();
      if (rows.length === 0) return 0;
      const count = await enqueueAuditDeliveries(trx, rows, subscribers, clock.now());
      await trx.updateTable("auditEvent").set({ fannedOut: 1 }).where("id", "in", rows.map((row) => row.id)).execute();
      return count;
    });
    if (queued > 0) deliveriesQueued(queued);
    return queued;
  }

  async function writeIn(trx: Kysely<Database>, event: AuditEvent): Promise<boolean> {
    const subscribers = await endpoints.subscribers(trx);
    if (!subscribers.some((endpoint) => selects(endpoint.selectors, event.action))) return false;
    const row = toRow({ ...event, at: clock.now() });
    // The deliveries go in with the row (fannedOut 1, the default): no sweep after the commit.
    await trx.insertInto("auditEvent").values(row).execute();
    const lease = holder ? { id: holder.id, until: row.createdAt + holder.leaseMs } : undefined;
    queuedInChanges += await enqueueAuditDeliveries(trx, [row], subscribers, row.createdAt, lease);
    return true;
  }

  function wake() {
    wakeTimer = undefined;
    const count = queuedInChanges;
    queuedInChanges = 0;
    if (count > 0) deliveriesQueued(count);
  }

  return {
    endpoints,
    watchDeliveries(listener) {
      deliveriesQueued = listener;
    },
    leaseTo(next) {
      holder = next;
    },
    async recordIn(trx, event) {
      if (!(await writeIn(trx, event))) record(event);
    },
    writeIn,
    committed() {
      // One wake for the commits of the next few milliseconds, after their answers are sent: the
      // sender's work per wake competed with the sign-ins themselves for SQLite's one connection
      // (issue 38's bench). The deliveries are durable already; the delay only batches.
      if (queuedInChanges === 0) return;
      if (queuedInChanges >= SEND_BATCH) {
        clearTimeout(wakeTimer);
        wake();
        return;
      }
      if (wakeTimer) return;
      wakeTimer = setTimeout(wake, WAKE_AFTER_MS);
      wakeTimer.unref();
    },
    fanOut,
    endpointsChanged() {
      endpoints.invalidate();
    },
    record,
    async flush() {
      while (queue.length > 0 || writing || scheduled) {
        if (writing) await writing;
        else if (queue.length > 0) {
          writing = drain().finally(() => (writing = null));
          await writing;
        } else await new Promise((resolve) => setImmediate(resolve));
      }
      // A gathered wake goes now: the sender need not wait for it.
      if (wakeTimer) {
        clearTimeout(wakeTimer);
        wake();
      }
    },
  };
}
