/**
 * Sends queued deliveries (issue 38). Every server runs one sender; they share the queue through
 * the database, so no Redis is needed:
 *
 * - A sender leases a batch of due rows by setting `leaseUntil`/`leasedBy` in one statement. On
 *   PostgreSQL the rows are picked `FOR UPDATE SKIP LOCKED`, so two servers never pick the same
 *   row; SQLite runs one write at a time, so the update alone is the claim.
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
import { Agent, fetch as undiciFetch } from "undici";
import { NotPublicAddressError, publicOnlyLookup, systemResolveHost, type ResolveHost } from "../core/net/public-address.js";
import { Webhook } from "standardwebhooks";
import type { DB } from "../db/database.js";
import type { Clock } from "../clock.js";
import type { Logger } from "../context.js";
import type { Metrics } from "../metrics/metrics.js";
import type { AuditRecorder } from "../audit/recorder.js";
import type { WebhookDeliveryRow } from "../db/types.js";
import { newId } from "../crypto/tokens.js";
import { openWebhookSecret } from "./secret.js";
import { FLAG_AFTER, nextAttemptAt } from "./schedule.js";

export const SEND_TIMEOUT_MS = 10_000;
/** Longer than one try, so a live sender never loses its lease mid-send. */
export const LEASE_MS = SEND_TIMEOUT_MS + 5_000;
const RESPONSE_KEPT = 1024;
const BATCH = 16;
const POLL_MS = 1_000;

export interface SenderContext {
  db: DB;
  clock: Clock;
  secret: string;
  metrics: Metrics;
  log: Logger;
  /** Queues the deliveries of events written in their change's transaction (audit/recorder.ts). */
  audit: Pick<AuditRecorder, "fanOut">;
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

async function readSome(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_KEPT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    // The rest is never read: a receiver answering megabytes costs us 1 KiB.
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_KEPT).toString("utf8");
}

/** `through`: the public-only agent for endpoints an API key registered; otherwise any address. */
async function post(url: string, headers: Record<string, string>, body: string, stopping: AbortSignal, through?: Agent): Promise<Outcome> {
  try {
    const signal = AbortSignal.any([AbortSignal.timeout(SEND_TIMEOUT_MS), stopping]);
    const init = { method: "POST", headers, body, redirect: "manual" as const, signal };
    const response = (through ? await undiciFetch(url, { ...init, dispatcher: through }) : await fetch(url, init)) as Response;
    const text = await readSome(response).catch(() => "");
    const ok = response.status >= 200 && response.status < 300;
    const error = ok ? null : response.status >= 300 && response.status < 400 ? "redirect not followed" : `HTTP ${response.status}`;
    return { httpStatus: response.status, error, response: text || null, ok };
  } catch (failure) {
    const error = failure as Error & { cause?: { code?: string; message?: string } };
    if (error.cause instanceof NotPublicAddressError) return { httpStatus: null, error: `refused: ${error.cause.message} (an API key's endpoint reaches public addresses only)`.slice(0, 200), response: null, ok: false };
    const reason = error.name === "TimeoutError" ? `timed out after ${SEND_TIMEOUT_MS / 1000} s` : (error.cause?.code ?? error.cause?.message ?? error.message);
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
  // One pool for every public-only endpoint; each new connection resolves and checks again.
  const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup(ctx.resolveHost ?? systemResolveHost) } });

  async function lease(): Promise<WebhookDeliveryRow[]> {
    const now = ctx.clock.now();
    let due = ctx.db
      .selectFrom("webhookDelivery")
      .select("webhookDelivery.id")
      .where("status", "=", "pending")
      .where("nextAttemptAt", "<=", now)
      .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
      .where("endpointId", "in", ctx.db.selectFrom("webhookEndpoint").select("id").where("disabled", "=", 0))
      .orderBy("nextAttemptAt")
      .limit(BATCH);
    if (postgres) due = due.forUpdate().skipLocked();
    return ctx.db
      .updateTable("webhookDelivery")
      .set({ leaseUntil: now + LEASE_MS, leasedBy: me })
      .where("id", "in", due)
      .returningAll()
      .execute();
  }

  async function sendOne(delivery: WebhookDeliveryRow): Promise<void> {
    const endpoint = await ctx.db.selectFrom("webhookEndpoint").selectAll().where("id", "=", delivery.endpointId).executeTakeFirst();
    if (!endpoint) return;
    const started = ctx.clock.now();
    const secrets = [endpoint.secretSealed, ...(endpoint.previousSecretSealed && (endpoint.previousUntil ?? 0) > started ? [endpoint.previousSecretSealed] : [])]
      .map((sealed) => openWebhookSecret(sealed, ctx.secret))
      .filter((secret): secret is string => secret !== null);
    let outcome: Outcome;
    const wallStart = performance.now();
    if (secrets.length === 0) {
      outcome = { httpStatus: null, error: "signing secret unreadable (server secret changed?)", response: null, ok: false };
    } else {
      // Seconds, as the scheme says; the same instant for every signature of this try.
      const at = new Date(Math.floor(started / 1000) * 1000);
      const signature = secrets.map((secret) => new Webhook(secret).sign(delivery.id, at, delivery.payload)).join(" ");
      const headers = {
        "content-type": "application/json",
        "user-agent": "Latchkey-Webhooks/1",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      };
      outcome = await post(endpoint.url, headers, delivery.payload, stopping.signal, endpoint.publicOnly ? publicOnly : undefined);
    }
    if (stopping.signal.aborted) {
      await ctx.db.updateTable("webhookDelivery").set({ leaseUntil: null, leasedBy: null }).where("id", "=", delivery.id).where("leasedBy", "=", me).execute();
      return;
    }
    const durationMs = Math.round(performance.now() - wallStart);
    const now = ctx.clock.now();
    const attempts = delivery.attempts + 1;
    const next = outcome.ok ? null : nextAttemptAt(delivery.createdAt, attempts, now);
    const status = outcome.ok ? "delivered" : next === null ? "failed" : "pending";
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("webhookAttempt")
        .values({ id: newId(), deliveryId: delivery.id, at: started, httpStatus: outcome.httpStatus, durationMs, error: outcome.error, response: outcome.response })
        .execute();
      await trx
        .updateTable("webhookDelivery")
        .set({ status, attempts, nextAttemptAt: next ?? delivery.nextAttemptAt, leaseUntil: null, leasedBy: null, updatedAt: now })
        .where("id", "=", delivery.id)
        .execute();
      if (status === "delivered") await trx.updateTable("webhookEndpoint").set({ failedInARow: 0 }).where("id", "=", endpoint.id).where("failedInARow", ">", 0).execute();
      if (status === "failed") await trx.updateTable("webhookEndpoint").set((eb) => ({ failedInARow: eb("failedInARow", "+", 1) })).where("id", "=", endpoint.id).execute();
    });
    ctx.metrics.webhookDeliveries.inc({ outcome: status === "pending" ? "retry" : status });
    if (status === "failed" && endpoint.failedInARow + 1 === FLAG_AFTER) ctx.log.warn({ endpointId: endpoint.id }, "webhook endpoint failing: deliveries ran out of retries repeatedly");
  }

  async function drain(): Promise<number> {
    let tries = 0;
    // Events a change wrote in its own transaction (one that committed just before a crash too) join the queue first.
    await ctx.audit.fanOut().catch((error: Error) => ctx.log.warn({ err: { message: error.message } }, "webhook fan-out failed"));
    for (;;) {
      const batch = await lease();
      if (batch.length === 0) return tries;
      await Promise.all(batch.map((delivery) => sendOne(delivery).catch((error: Error) => ctx.log.error({ err: { message: error.message } }, "webhook send failed"))));
      tries += batch.length;
      if (stopped) return tries;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again && !stopped);
      return total;
    })().finally(() => (running = null));
    return running;
  }

  function poll() {
    if (stopped) return;
    runOnce()
      .catch((error: Error) => ctx.log.warn({ err: { message: error.message } }, "webhook queue poll failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(poll, POLL_MS).unref();
      });
  }
  timer = setTimeout(poll, POLL_MS).unref();

  return {
    runOnce,
    nudge() {
      if (!stopped) void runOnce().catch((error: Error) => ctx.log.warn({ err: { message: error.message } }, "webhook send failed"));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopping.abort();
      await running?.catch(() => undefined);
      await publicOnly.close().catch(() => undefined);
    },
  };
}
