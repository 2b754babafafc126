/**
 * Prometheus metrics for one server (prom-client). Each app gets its own registry, so several
 * apps in one process (tests, the bench) never share or double-register counters. Counters are
 * always there and cheap to bump; only the HTTP request hook and the default process metrics
 * cost anything, and those are installed only when `metrics.enabled` is on (http.ts).
 *
 * Names are stable: dashboards and alerts depend on them. Other features bump counters through
 * `ctx.metrics` (AppContext):
 *   ctx.metrics.rateLimitRefusals.inc({ store: "memory" })
 *   ctx.metrics.lockoutRefusals.inc()   ctx.metrics.accountLocks.inc()
 * Sign-ins by outcome are counted by the HTTP hook (http.ts) from each sign-in route's answer,
 * so services need not (and must not, or they count twice) bump `signIns`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/** Sign-in outcomes; keep this list small (labels are time series). */
export type SignInOutcome = "success" | "invalid_credentials" | "locked" | "rate_limited" | "banned" | "unverified" | "refused";

export interface PoolStats {
  /** Connections open (PostgreSQL pool) or 1 for SQLite's single handle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface WebhookQueueStats {
  /** Deliveries waiting to be sent or retried. */
  pending: number;
  /** Age in seconds of the oldest pending delivery (0 when none). */
  oldestPendingSeconds: number;
}

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route">;
  /** Sign-in attempts by method (email, username, social, passkey, …) and outcome. */
  signIns: Counter<"method" | "outcome">;
  /** SCIM protocol requests (features/scim) by resource (User, Group, discovery) and outcome (ok, client_error, unauthorized, not_found, conflict, server_error). */
  scimRequests: Counter<"resource" | "outcome">;
  /** Requests refused by the rate limiter (429), by store (memory, postgres, redis). */
  rateLimitRefusals: Counter<"store">;
  /** Sign-in attempts refused because the account is locked. */
  lockoutRefusals: Counter<string>;
  /** Accounts that became locked. */
  accountLocks: Counter<string>;
  /** Time a password-hash job waited for a free worker. */
  hashWait: Histogram<"op">;
  /** Password-hash jobs refused because `maxHashQueue` jobs were already waiting (answered 503 SERVER_BUSY). */
  hashRejections: Counter<"op">;
  /** Rows the periodic sweep deleted, by kind (sessions, tokens, auditEvents). */
  sweepDeleted: Counter<"kind">;
  sweepRuns: Counter<"outcome">;
  /** get-session lookups answered from memory (hit) or the database (miss). */
  sessionCacheLookups: Counter<"result">;
  /** PostgreSQL change notices handled by the answer cache: scope=users (named users), all (a flush), reset (listener lost or regained). */
  sessionCacheInvalidations: Counter<"scope">;
  /** Change-channel messages dropped (docs/scale-out.md): unsigned, signature, replayed (Redis relay), heartbeat (a forged or malformed heartbeat). */
  sessionChangeRejections: Counter<"reason">;
  /** Answers that mean "try again later" (issue 44), by code: SERVER_BUSY, SERVER_TIMEOUT, DATABASE_UNAVAILABLE, DATABASE_FULL. */
  unavailableAnswers: Counter<"code">;
  /** Captcha checks on protected endpoints (features/captcha) by provider and outcome: passed, missing, failed, unavailable. */
  captchaChecks: Counter<"provider" | "outcome">;
  /** Requests refused by a sign-up throttle (http/signup-throttle.ts), by the rule that refused: perIp, perIpv6Prefix64, verificationMail. */
  signUpThrottled: Counter<"kind">;
  /** Webhook delivery tries by outcome: delivered, retry (failed, tried again later), failed (out of retries). */
  webhookDeliveries: Counter<"outcome">;
  /** Where the webhook queue's depth and oldest pending delivery come from (set by createApp). */
  watchWebhookQueue(stats: () => Promise<WebhookQueueStats>): void;
  /** Where the number of requests being handled comes from (set by the load limits, http/load-limits.ts). */
  watchInFlight(inFlight: () => number): void;
  /** Where the change listener's state comes from (PostgreSQL; set by createApp), its channel, and (Redis channel) whether this server is the relay. */
  watchChangeListener(listener: { state(): string; channel: string; relaying?(): boolean }): void;
  /** Where the hash pool's queue depth comes from (set by createContext). */
  watchHashQueue(depth: () => { queued: number; busy: number; size: number }): void;
  /** Where the database pool's use comes from (set by whoever opened the database). */
  watchDatabasePool(stats: () => PoolStats): void;
  /** Process metrics (CPU, memory, event-loop lag): only when /metrics is served. */
  collectProcessMetrics(): void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const HASH_WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  let hashQueue: () => { queued: number; busy: number; size: number } = () => ({ queued: 0, busy: 0, size: 0 });
  let pool: (() => PoolStats) | null = null;
  let listener: { state(): string; channel: string; relaying?(): boolean } | null = null;
  let processMetrics = false;
  let inFlight: () => number = () => 0;
  let webhookQueue: (() => Promise<WebhookQueueStats>) | null = null;

  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: "latchkey_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "latchkey_http_request_duration_seconds",
      help: "Time from request received to response sent, by method and route pattern.",
      labelNames: ["method", "route"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    signIns: new Counter({
      name: "latchkey_sign_ins_total",
      help: "Sign-in attempts by method and outcome.",
      labelNames: ["method", "outcome"] as const,
      registers,
    }),
    scimRequests: new Counter({
      name: "latchkey_scim_requests_total",
      help: "SCIM provisioning requests by resource and outcome.",
      labelNames: ["resource", "outcome"] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "latchkey_rate_limit_refusals_total",
      help: "Requests refused with 429 by the rate limiter, by counter store.",
      labelNames: ["store"] as const,
      registers,
    }),
    lockoutRefusals: new Counter({
      name: "latchkey_lockout_refusals_total",
      help: "Sign-in attempts refused because the account is locked.",
      registers,
    }),
    accountLocks: new Counter({
      name: "latchkey_account_locks_total",
      help: "Accounts locked after repeated failed sign-ins.",
      registers,
    }),
    hashWait: new Histogram({
      name: "latchkey_password_hash_wait_seconds",
      help: "Time a password hash or verification waited for a free worker.",
      labelNames: ["op"] as const,
      buckets: HASH_WAIT_BUCKETS,
      registers,
    }),
    hashRejections: new Counter({
      name: "latchkey_password_hash_rejections_total",
      help: "Password hashes or verifications refused because maxHashQueue jobs were already waiting (answered 503 SERVER_BUSY).",
      labelNames: ["op"] as const,
      registers,
    }),
    sweepDeleted: new Counter({
      name: "latchkey_sweep_deleted_total",
      help: "Rows deleted by the periodic sweep, by kind.",
      labelNames: ["kind"] as const,
      registers,
    }),
    sweepRuns: new Counter({
      name: "latchkey_sweep_runs_total",
      help: "Periodic sweep runs by outcome (ok, failed).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    sessionChangeRejections: new Counter({
      name: "latchkey_session_change_rejected_total",
      help: "Change-channel messages dropped: reason=unsigned or signature (not signed by this deployment's relay), replayed (a relay message seen already), heartbeat (a heartbeat naming this server with a send time it never used, or malformed).",
      labelNames: ["reason"] as const,
      registers,
    }),
    unavailableAnswers: new Counter({
      name: "latchkey_unavailable_answers_total",
      help: "Answers that mean try again later, by code: SERVER_BUSY (load shed), SERVER_TIMEOUT, DATABASE_UNAVAILABLE, DATABASE_FULL.",
      labelNames: ["code"] as const,
      registers,
    }),
    captchaChecks: new Counter({
      name: "latchkey_captcha_checks_total",
      help: "Captcha checks on sign-up, sign-in and mail-sending endpoints, by provider and outcome (passed, missing, failed, unavailable).",
      labelNames: ["provider", "outcome"] as const,
      registers,
    }),
    signUpThrottled: new Counter({
      name: "latchkey_signup_throttled_total",
      help: "Sign-ups and verification mails refused with 429 by a sign-up throttle, by the rule that refused (perIp, perIpv6Prefix64, verificationMail).",
      labelNames: ["kind"] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "latchkey_webhook_deliveries_total",
      help: "Webhook delivery tries by outcome: delivered, retry (failed, to be tried again), failed (out of retries).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    watchWebhookQueue(stats) {
      webhookQueue = stats;
    },
    watchInFlight(next) {
      inFlight = next;
    },
    sessionCacheLookups: new Counter({
      name: "latchkey_session_cache_lookups_total",
      help: "get-session lookups answered from the in-memory answer cache (result=hit) or the database (result=miss).",
      labelNames: ["result"] as const,
      registers,
    }),
    sessionCacheInvalidations: new Counter({
      name: "latchkey_session_cache_invalidations_total",
      help: "Change notices the session answer cache handled (PostgreSQL): scope=users names users, all drops everything, reset = listening connection lost or regained.",
      labelNames: ["scope"] as const,
      registers,
    }),
    watchChangeListener(watched) {
      listener = watched;
    },
    watchHashQueue(depth) {
      hashQueue = depth;
    },
    watchDatabasePool(stats) {
      pool = stats;
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, prefix: "latchkey_" });
    },
  };

  new Gauge({
    name: "latchkey_password_hash_queue_depth",
    help: "Password-hash jobs waiting for a worker (state=queued) or running (state=busy).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const { queued, busy } = hashQueue();
      this.set({ state: "queued" }, queued);
      this.set({ state: "busy" }, busy);
    },
  });
  new Gauge({
    name: "latchkey_password_hash_workers",
    help: "Password-hash worker threads in the pool.",
    registers,
    collect() {
      this.set(hashQueue().size);
    },
  });
  new Gauge({
    name: "latchkey_db_pool_connections",
    help: "Database connections by state (total, idle, waiting = queries queued for a connection, max).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      if (!pool) return;
      const stats = pool();
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
      this.set({ state: "max" }, stats.max);
    },
  });
  new Gauge({
    name: "latchkey_http_requests_in_flight",
    help: "Requests being handled now (what maxInFlight bounds; /ok, /ready and /metrics are not counted).",
    registers,
    collect() {
      this.set(inFlight());
    },
  });
  new Gauge({
    name: "latchkey_session_cache_hit_ratio",
    help: "Share of get-session lookups answered from the in-memory answer cache since the server started.",
    registers,
    async collect() {
      const { values } = await metrics.sessionCacheLookups.get();
      const count = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
      const total = count("hit") + count("miss");
      this.set(total === 0 ? 0 : count("hit") / total);
    },
  });
  new Gauge({
    name: "latchkey_session_cache_listener_state",
    help: "Change channel of the session answer cache (PostgreSQL): 1 for its current state (listening, lagging, connecting, down); channel=postgres (this server LISTENs) or redis (a relay feeds it, redisUrl); absent on SQLite.",
    labelNames: ["state", "channel"] as const,
    registers,
    collect() {
      if (!listener) return;
      const current = listener.state();
      for (const state of LISTENER_STATES) this.set({ state, channel: listener.channel }, state === current ? 1 : 0);
    },
  });
  new Gauge({
    name: "latchkey_session_cache_relay",
    help: "Redis change channel: 1 while this server holds the relay lease and LISTENs on PostgreSQL for every server; 0 otherwise, and always 0 without redisUrl or on SQLite.",
    registers,
    collect() {
      if (listener?.relaying) this.set(listener.relaying() ? 1 : 0);
    },
  });
  // One query per scrape, shared by both gauges (the queue is in the database, seen by every server alike).
  let queueRead: Promise<WebhookQueueStats> | null = null;
  const readQueue = () => {
    if (!webhookQueue) return null;
    queueRead ??= webhookQueue().finally(() => setImmediate(() => (queueRead = null)));
    return queueRead;
  };
  new Gauge({
    name: "latchkey_webhook_queue_depth",
    help: "Webhook deliveries waiting to be sent or retried (the whole queue, every server's).",
    registers,
    async collect() {
      const stats = await readQueue();
      if (stats) this.set(stats.pending);
    },
  });
  new Gauge({
    name: "latchkey_webhook_oldest_pending_seconds",
    help: "Age of the oldest webhook delivery still waiting (0 when none waits).",
    registers,
    async collect() {
      const stats = await readQueue();
      if (stats) this.set(stats.oldestPendingSeconds);
    },
  });
  return metrics;
}

const LISTENER_STATES = ["listening", "lagging", "connecting", "down"] as const;
