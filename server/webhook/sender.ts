/**
 * Sends queued deliveries (issue 38). Every server runs one sender; they share the queue through
 * the database, so no Redis is needed:
 *
 * - A sender leases a batch of due rows by setting `leaseUntil`/`leasedBy` in one statement. On
 *   PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so two servers never pick the same
 *   row; SQLite runs one write at a time, so the update alone is the claim.
 * - The batch is sent at once, and its outcomes are recorded together: one transaction inserts
 *   every try and updates every delivery (and the failing counts of their endpoints), so a batch
 *   costs one lease statement and one commit however many deliveries it holds.
 * - Endpoint URLs and sealed secrets come from the recorder's copy of the enabled endpoints
 *   (endpoint-cache.ts: dropped at once on this server's changes, at most TTL_MS old otherwise);
 *   opened secrets are kept by their sealed text, so a rotation (a new sealed text) opens afresh.
 * - Deliveries a change writes in its own transaction are written already leased to this server's
 *   sender (audit/recorder.ts `leaseTo`): it finds them with a read and sends them, with no lease
 *   statement (and commit) of its own. A row whose lease has less than one try's time left is
 *   left to the leasing path.
 * - The lease outlives one try (10 s timeout + margin). A sender killed mid-send (kill -9) leaves
 *   its lease to run out, and the row is sent again, by any server, with the same `webhook-id`:
 *   at-least-once, never twice under different ids.
 * - Each try is signed with the Standard Webhooks scheme (`standardwebhooks`), by the current
 *   secret and, for 24 h after a rotation, by the previous one too (both in `webhook-signature`).
 * - Redirects are not followed, and only the first 1 KiB of an answer is kept.
 * - An endpoint an API key registered (`publicOnly`) is sent to through a connection whose lookup
 *   resolves the name again and refuses any private or loopback address, and connects to the
 *   address it checked: a name that turned to 127.0.0.1 after registration (DNS rebinding) gets a
 *   try recorded as refused, never a request. Administrators' endpoints may point anywhere.
 */
import { PostgresAdapter } from "kysely";
import { Agent, request, type Dispatcher } from "undici";
import { NotPublicAddressError, publicOnlyLookup, systemResolveHost, type ResolveHost } from "../core/net/public-address.js";
import { Webhook } from "standardwebhooks";
import type { DB } from "../db/database.js";
import type { Clock } from "../clock.js";
import type { Logger } from "../context.js";
import type { Metrics } from "../metrics/metrics.js";
import type { AuditRecorder } from "../audit/recorder.js";
import type { WebhookDeliveryRow } from "../db/types.js";
import type { CachedEndpoint } from "./endpoint-cache.js";
import { newId } from "../crypto/tokens.js";
import { openWebhookSecret } from "./secret.js";
import { SEND_BATCH } from "./outbox.js";
import { FLAG_AFTER, nextAttemptAt } from "./schedule.js";

export const SEND_TIMEOUT_MS = 10_000;
/** Longer than one try, so a live sender never loses its lease mid-send. */
export const LEASE_MS = SEND_TIMEOUT_MS + 5_000;
const RESPONSE_KEPT = 1024;
const BATCH = SEND_BATCH;
const POLL_MS = 1_000;

export interface SenderContext {
  db: DB;
  clock: Clock;
  secret: string;
  metrics: Metrics;
  log: Logger;
  /** Queues deliveries older servers left to a sweep, and holds the enabled endpoints (audit/recorder.ts). */
  audit: Pick<AuditRecorder, "fanOut" | "endpoints" | "leaseTo">;
  /** The resolver for public-only endpoints (tests give their own). */
  resolveHost?: ResolveHost;
}

export interface WebhookSender {
  /** Sends everything due now, until nothing is left; resolves with how many tries were made. */
  runOnce(): Promise<number>;
  /** Something was queued: send soon rather than at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
}

type Outcome = { httpStatus: number | null; error: string | null; response: string | null; ok: boolean };

/** One try, sent, waiting to be recorded with the rest of its batch. */
interface Tried {
  delivery: WebhookDeliveryRow;
  endpoint: CachedEndpoint;
  started: number;
  durationMs: number;
  outcome: Outcome;
}

/** How many opened secrets (and their signers) are kept; past it the map starts again. */
const SIGNERS_KEPT = 256;

/**
 * Reads at most RESPONSE_KEPT bytes of an answer. A body read to its end leaves the connection
 * to the pool (the usual empty 2xx); a longer one is cut, closing its connection: a receiver
 * answering megabytes costs us 1 KiB.
 */
async function readSome(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_KEPT) break;
    }
  } finally {
    if (size >= RESPONSE_KEPT) body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_KEPT).toString("utf8");
}

/**
 * One POST through undici's `request`: headers and body go out in one write and the answer is a
 * plain stream, where `fetch` built web streams, a Request and a Response per try (the bench's
 * profile: the largest share of a delivery's CPU). `request` follows no redirects (no redirect
 * interceptor is installed), so a 3xx comes back as itself.
 */
async function post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal, through: Dispatcher): Promise<Outcome> {
  try {
    const response = await request(url, { method: "POST", headers, body, signal, dispatcher: through });
    const status = response.statusCode;
    const text = await readSome(response.body).catch(() => "");
    const ok = status >= 200 && status < 300;
    const error = ok ? null : status >= 300 && status < 400 ? "redirect not followed" : `HTTP ${status}`;
    return { httpStatus: status, error, response: text || null, ok };
  } catch (failure) {
    const error = failure as Error & { code?: string; cause?: { code?: string; message?: string } };
    const notPublic = failure instanceof NotPublicAddressError ? failure : error.cause instanceof NotPublicAddressError ? error.cause : null;
    if (notPublic) return { httpStatus: null, error: `refused: ${notPublic.message} (an API key's endpoint reaches public addresses only)`.slice(0, 200), response: null, ok: false };
    const reason = error.name === "TimeoutError" ? `timed out after ${SEND_TIMEOUT_MS / 1000} s` : (error.code ?? error.cause?.code ?? error.cause?.message ?? error.message);
    return { httpStatus: null, error: String(reason).slice(0, 200), response: null, ok: false };
  }
}

export function createWebhookSender(ctx: SenderContext): WebhookSender {
  const me = `sender_${newId()}`;
  const postgres = ctx.db.getExecutor().adapter instanceof PostgresAdapter;
  let stopped = false;
  // Stopping cuts tries in flight; their rows are handed back untried (below), not counted as failures.
  const stopping = new AbortController();
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  // Kept-alive connections, one pool for administrators' endpoints (any address) and one for
  // public-only endpoints, where each new connection resolves and checks again.
  const anyAddress = new Agent();
  const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup(ctx.resolveHost ?? systemResolveHost) } });

  /** Rows written already leased to this sender (recordIn), with time left for a try: a read, no write. */
  async function ours(): Promise<WebhookDeliveryRow[]> {
    const now = ctx.clock.now();
    return ctx.db
      .selectFrom("webhookDelivery")
      .selectAll()
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", now)
      .where("leasedBy", "=", me)
      .where("leaseUntil", ">", now + SEND_TIMEOUT_MS)
      .where("endpointId", "in", ctx.db.selectFrom("webhookEndpoint").select("id").where("disabled", "=", 0))
      .orderBy("nextAttemptAt")
      .limit(BATCH)
      .execute();
  }

  async function lease(limit: number): Promise<WebhookDeliveryRow[]> {
    const now = ctx.clock.now();
    let due = ctx.db
      .selectFrom("webhookDelivery")
      .select("webhookDelivery.id")
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", now)
      .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
      .where("endpointId", "in", ctx.db.selectFrom("webhookEndpoint").select("id").where("disabled", "=", 0))
      .orderBy("nextAttemptAt")
      .limit(limit);
    if (postgres) due = due.forUpdate().skipLocked();
    return ctx.db
      .updateTable("webhookDelivery")
      .set({ leaseUntil: now + LEASE_MS, leasedBy: me })
      .where("id", "in", due)
      .returningAll()
      .execute();
  }

  // Sealed text → its signer (null: it does not open). A rotation seals a new text, so a stale
  // entry is never used for the new secret; the old one simply stops being asked for.
  const signers = new Map<string, Webhook | null>();
  function signerFor(sealed: string): Webhook | null {
    let signer = signers.get(sealed);
    if (signer === undefined) {
      const secret = openWebhookSecret(sealed, ctx.secret);
      signer = secret === null ? null : new Webhook(secret);
      if (signers.size >= SIGNERS_KEPT) signers.clear();
      signers.set(sealed, signer);
    }
    return signer;
  }

  /** Sends one leased delivery; the outcome is recorded by the caller with the rest of the batch. */
  async function attempt(delivery: WebhookDeliveryRow, endpoint: CachedEndpoint, signal: AbortSignal): Promise<Tried> {
    const started = ctx.clock.now();
    const sealed = [endpoint.secretSealed, ...(endpoint.previousSecretSealed && (endpoint.previousUntil ?? 0) > started ? [endpoint.previousSecretSealed] : [])];
    const usable = sealed.map(signerFor).filter((signer): signer is Webhook => signer !== null);
    let outcome: Outcome;
    const wallStart = performance.now();
    if (usable.length === 0) {
      outcome = { httpStatus: null, error: "signing secret unreadable (server secret changed?)", response: null, ok: false };
    } else {
      // Seconds, as the scheme says; the same instant for every signature of this try.
      const at = new Date(Math.floor(started / 1000) * 1000);
      const signature = usable.map((signer) => signer.sign(delivery.id, at, delivery.payload)).join(" ");
      const headers = {
        "content-type": "application/json",
        "user-agent": "Latchkey-Webhooks/1",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      };
      outcome = await post(endpoint.url, headers, delivery.payload, signal, endpoint.publicOnly ? publicOnly : anyAddress);
    }
    return { delivery, endpoint, started, durationMs: Math.round(performance.now() - wallStart), outcome };
  }

  /** Leases back rows this sender will not try now (stopping, or its endpoint gone from the copy). */
  async function handBack(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await ctx.db.updateTable("webhookDelivery").set({ leaseUntil: null, leasedBy: null }).where("id", "in", ids).where("leasedBy", "=", me).execute();
  }

  /**
   * Every outcome of a batch in one transaction: the tries inserted in one statement, the delivered
   * rows updated in one, each retried or failed row on its own (their next times differ; rare), and
   * the endpoints' failing counts. Crashing before it commits leaves every row leased and untried
   * on record, so each is sent again under its id once the lease runs out: at-least-once.
   */
  async function record(tried: Tried[]): Promise<void> {
    if (tried.length === 0) return;
    const now = ctx.clock.now();
    const settled = tried.map((t) => {
      const attempts = t.delivery.attempts + 1;
      const next = t.outcome.ok ? null : nextAttemptAt(t.delivery.createdAt, attempts, now);
      const status: WebhookDeliveryRow["status"] = t.outcome.ok ? "delivered" : next === null ? "failed" : "pending";
      return { ...t, attempts, next, status };
    });
    const delivered = settled.filter((t) => t.status === "delivered");
    const failedEndpoints = new Map<string, number>();
    for (const t of settled) if (t.status === "failed") failedEndpoints.set(t.endpoint.id, (failedEndpoints.get(t.endpoint.id) ?? 0) + 1);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("webhookAttempt")
        .values(settled.map((t) => ({ id: newId(), deliveryId: t.delivery.id, at: t.started, httpStatus: t.outcome.httpStatus, durationMs: t.durationMs, error: t.outcome.error, response: t.outcome.response })))
        .execute();
      if (delivered.length > 0) {
        await trx
          .updateTable("webhookDelivery")
          .set((eb) => ({ status: "delivered", attempts: eb("attempts", "+", 1), leaseUntil: null, leasedBy: null, updatedAt: now }))
          .where("id", "in", delivered.map((t) => t.delivery.id))
          .execute();
        const endpointIds = [...new Set(delivered.map((t) => t.endpoint.id))];
        await trx.updateTable("webhookEndpoint").set({ failedInARow: 0 }).where("id", "in", endpointIds).where("failedInARow", ">", 0).execute();
      }
      for (const t of settled) {
        if (t.status === "delivered") continue;
        await trx
          .updateTable("webhookDelivery")
          .set({ status: t.status, attempts: t.attempts, nextAttemptAt: t.next ?? t.delivery.nextAttemptAt, leaseUntil: null, leasedBy: null, updatedAt: now })
          .where("id", "=", t.delivery.id)
          .execute();
      }
      for (const [id, count] of failedEndpoints) await trx.updateTable("webhookEndpoint").set((eb) => ({ failedInARow: eb("failedInARow", "+", count) })).where("id", "=", id).execute();
    });
    for (const t of settled) ctx.metrics.webhookDeliveries.inc({ outcome: t.status === "pending" ? "retry" : t.status });
    for (const [id, count] of failedEndpoints) {
      const endpoint = settled.find((t) => t.endpoint.id === id)!.endpoint;
      // The copy's count may be up to TTL_MS old; the flag itself is in the database (the console shows it).
      if (endpoint.failedInARow < FLAG_AFTER && endpoint.failedInARow + count >= FLAG_AFTER) ctx.log.warn({ endpointId: id }, "webhook endpoint failing: deliveries ran out of retries repeatedly");
    }
  }

  /** Sends a leased batch and records it; answers how many rows went back untried (endpoint not in the copy). */
  async function sendBatch(batch: WebhookDeliveryRow[]): Promise<number> {
    const skipped: string[] = [];
    const sends: Promise<Tried>[] = [];
    let reread = false;
    // The batch's tries start together, so one deadline serves them all (SEND_TIMEOUT_MS each).
    const signal = AbortSignal.any([AbortSignal.timeout(SEND_TIMEOUT_MS), stopping.signal]);
    for (const delivery of batch) {
      let endpoint = await ctx.audit.endpoints.endpoint(delivery.endpointId);
      // Leased, so enabled in the database: a miss means the copy is older than the endpoint (made
      // or enabled on another server within TTL_MS). Read the list again, once per batch.
      if (!endpoint && !reread) {
        reread = true;
        ctx.audit.endpoints.invalidate();
        endpoint = await ctx.audit.endpoints.endpoint(delivery.endpointId);
      }
      if (endpoint) sends.push(attempt(delivery, endpoint, signal));
      else skipped.push(delivery.id);
    }
    const tried = await Promise.all(sends);
    if (stopping.signal.aborted) {
      // Tries cut by stop() are handed back untried, not counted as failures.
      await handBack([...skipped, ...tried.map((t) => t.delivery.id)]);
      return skipped.length;
    }
    await record(tried);
    // Disabled or deleted since the lease: the lease query will not pick them again while so.
    await handBack(skipped);
    return skipped.length;
  }

  /** `sweep`: also queue what older servers left to the fan-out sweep (at start and on each poll, not on every wake). */
  async function drain(sweep: boolean): Promise<number> {
    let tries = 0;
    if (sweep) await ctx.audit.fanOut().catch((error: Error) => ctx.log.warn({ err: { message: error.message } }, "webhook fan-out failed"));
    for (;;) {
      // Batches are sent and recorded before the next read, so a row of ours is never picked twice.
      const batch = await ours();
      if (batch.length < BATCH) batch.push(...(await lease(BATCH - batch.length)));
      if (batch.length === 0) return tries;
      const skipped = await sendBatch(batch).catch((error: Error) => {
        ctx.log.error({ err: { message: error.message } }, "webhook send failed");
        return 0;
      });
      tries += batch.length - skipped;
      // A short batch took everything due: what was queued since woke us (`again`), or waits for
      // the poll, as do rows handed back (no spinning on them).
      if (stopped || batch.length < BATCH || skipped > 0) return tries;
    }
  }

  let sweepNext = true;
  function run(sweep: boolean): Promise<number> {
    if (sweep) sweepNext = true;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        const sweepNow = sweepNext;
        sweepNext = false;
        total += await drain(sweepNow);
      } while (again && !stopped);
      return total;
    })().finally(() => (running = null));
    return running;
  }
  const runOnce = () => run(true);

  function poll() {
    if (stopped) return;
    run(true)
      .catch((error: Error) => ctx.log.warn({ err: { message: error.message } }, "webhook queue poll failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(poll, POLL_MS).unref();
      });
  }
  timer = setTimeout(poll, POLL_MS).unref();
  ctx.audit.leaseTo({ id: me, leaseMs: LEASE_MS });

  return {
    runOnce,
    nudge() {
      if (!stopped) void run(false).catch((error: Error) => ctx.log.warn({ err: { message: error.message } }, "webhook send failed"));
    },
    async stop() {
      ctx.audit.leaseTo(null);
      stopped = true;
      if (timer) clearTimeout(timer);
      stopping.abort();
      await running?.catch(() => undefined);
      // Rows written leased to us and not sent go back to the queue now, not after the lease.
      await ctx.db
        .updateTable("webhookDelivery")
        .set({ leaseUntil: null, leasedBy: null })
        .where("leasedBy", "=", me)
        .where("status", "=", "pending")
        .execute()
        .catch(() => undefined);
      await Promise.all([anyAddress.close().catch(() => undefined), publicOnly.close().catch(() => undefined)]);
    },
  };
}
