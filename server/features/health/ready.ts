/**
 * Readiness and draining. `/ok` says the process is alive; `GET {basePath}/ready` says it can
 * serve: the database answers a query within a bound (and every extra check, such as a shared
 * rate-limit store, is healthy), and the server is not shutting down. Load balancers and
 * orchestrators route by readiness and restart by liveness.
 *
 * Draining: once close begins (SIGTERM), requests already being handled finish, and any new
 * request that still arrives on an open connection is refused at once with a typed 503
 * SHUTTING_DOWN and `Connection: close`, before its body is read or any handler runs.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";

/** One extra dependency to check (e.g. Redis for shared rate limits). */
export interface ReadinessCheck {
  name: string;
  /** Resolves true when healthy; a throw or false fails readiness. */
  check(): Promise<boolean> | boolean;
}

const DATABASE_TIMEOUT_MS = 2000;

export interface Readiness {
  /** Add a dependency that readiness should report on (call before the server listens). */
  addCheck(check: ReadinessCheck): void;
  readonly draining: boolean;
  /**
   * Liveness: false once the database has failed to answer for longer than `livenessTimeout`
   * seconds in a row (GET /ok then answers 503 NOT_LIVE, so an orchestrator restarts a server
   * that cannot recover by itself). Probed every few seconds in the background.
   */
  live(): boolean;
  /** Stops the background probe (close). */
  stop(): void;
}

/** How often the liveness probe asks the database (when livenessTimeout is on). */
const LIVENESS_PROBE_MS = 5_000;

export function installReadiness(server: FastifyInstance, context: AppContext): Readiness {
  const checks: ReadinessCheck[] = [];
  let draining = false;

  // First onRequest hook: nothing else (rate limits, sessions) runs for a refused request.
  // Callback style, not async: it runs on every request, and a promise per request shows in
  // get-session's profile for no gain.
  server.addHook("onRequest", (_request, reply, done) => {
    if (!draining) return done();
    reply.header("connection", "close");
    done(apiError("SHUTTING_DOWN"));
  });
  server.addHook("preClose", async () => {
    draining = true;
  });

  server.get(`${context.config.basePath}/ready`, async (_request, reply) => {
    const results: Record<string, "ok" | "failing" | "degraded"> = { database: (await databaseAnswers(context)) ? "ok" : "failing" };
    for (const { name, check } of checks) {
      results[name] = (await Promise.resolve().then(check).catch(() => false)) ? "ok" : "failing";
    }
    // A shared rate-limit store (Redis, PostgreSQL) that went away is reported, not failed: the
    // server keeps serving with per-process counts, and failing readiness on every server at
    // once would take the whole service down over a limiter.
    const limiter = context.limiterHealth();
    if (limiter.enabled && limiter.store !== "memory") results.rateLimitStore = limiter.degraded ? "degraded" : "ok";
    reply.header("cache-control", "no-store");
    if (Object.values(results).includes("failing")) {
      const error = apiError("NOT_READY", `Not ready: ${Object.entries(results).filter(([, state]) => state === "failing").map(([name]) => name).join(", ")} failing`);
      reply.code(error.status);
      return { ...error.toBody(), checks: results };
    }
    return { ok: true, checks: results };
  });

  // Liveness: the time the database started failing (undefined while it answers).
  const livenessMs = context.config.livenessTimeout * 1000;
  let failingSince: number | undefined;
  const noteDatabase = (answers: boolean) => {
    if (answers) failingSince = undefined;
    else failingSince ??= performance.now();
  };
  let probing = false;
  const probe = setInterval(() => {
    if (probing || draining) return;
    probing = true;
    void databaseAnswers(context)
      .then(noteDatabase)
      .finally(() => (probing = false));
  }, Math.min(LIVENESS_PROBE_MS, Math.max(100, livenessMs / 4)));
  probe.unref();
  if (livenessMs === 0) clearInterval(probe);

  return {
    addCheck: (check) => void checks.push(check),
    get draining() {
      return draining;
    },
    live: () => livenessMs === 0 || failingSince === undefined || performance.now() - failingSince < livenessMs,
    stop: () => clearInterval(probe),
  };
}

async function databaseAnswers(context: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database timeout")), DATABASE_TIMEOUT_MS);
    });
    await Promise.race([sql`select 1`.execute(context.db), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
