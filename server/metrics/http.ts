/**
 * GET /metrics (Prometheus text) and the per-request counters behind it. Installed only when
 * `metrics.enabled` is on, so a server without metrics pays nothing per request.
 *
 * Access: with `metrics.token` set, only `Authorization: Bearer <token>`; without one, only
 * connections from this machine (the socket's address, never X-Forwarded-For, which a caller
 * can write). Metrics name routes and counts, not users, but they still say how busy a server
 * is and which failures it sees: not for the world.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiError } from "../../shared/errors.js";
import type { AppContext } from "../context.js";
import { isLoopbackHost } from "../core/loopback.js";
import type { SignInOutcome } from "./metrics.js";

export function registerMetrics(server: FastifyInstance, context: AppContext): void {
  const { metrics, config } = context;
  metrics.collectProcessMetrics();
  const { httpRequests, httpDuration } = metrics;

  const signInPrefix = `${config.basePath}/sign-in/`;
  // The catalogue code of a failed request, for the sign-in outcome below.
  const errorCodes = new WeakMap<FastifyRequest, string>();
  server.addHook("onError", async (request, _reply, error) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") errorCodes.set(request, code);
  });
  server.addHook("onResponse", async (request, reply) => {
    // The route pattern, not the URL: one time series per endpoint, whatever ids a path carries.
    const route = request.routeOptions.url ?? "unmatched";
    const method = request.method;
    const status = reply.statusCode;
    httpRequests.inc({ method, route, status: String(status) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (method === "POST" && route.startsWith(signInPrefix)) {
      metrics.signIns.inc({ method: route.slice(signInPrefix.length), outcome: signInOutcome(status, errorCodes.get(request)) });
    }
  });

  const token = config.metrics.token ? digest(config.metrics.token) : null;
  server.get("/metrics", async (request, reply) => {
    if (token) {
      const header = request.headers.authorization ?? "";
      const given = header.startsWith("Bearer ") ? header.slice(7) : "";
      if (!timingSafeEqual(digest(given), token)) throw apiError("METRICS_TOKEN_REQUIRED");
    } else if (!fromLoopback(request)) {
      throw apiError("METRICS_LOOPBACK_ONLY");
    }
    reply.header("cache-control", "no-store").type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

const OUTCOMES = new Map<string, SignInOutcome>([
  ["INVALID_EMAIL_OR_PASSWORD", "invalid_credentials"],
  ["INVALID_USERNAME_OR_PASSWORD", "invalid_credentials"],
  ["INVALID_PASSWORD", "invalid_credentials"],
  ["TOO_MANY_SIGN_IN_ATTEMPTS", "locked"],
  ["TOO_MANY_REQUESTS", "rate_limited"],
  ["BANNED_USER", "banned"],
  ["EMAIL_NOT_VERIFIED", "unverified"],
  ["USERNAME_EMAIL_NOT_VERIFIED", "unverified"],
]);

/** A sign-in's outcome from its answer: the catalogue code names the reason. */
function signInOutcome(status: number, code: string | undefined): SignInOutcome {
  if (status < 300) return "success";
  if (status === 429 && code === undefined) return "rate_limited";
  return (code !== undefined && OUTCOMES.get(code)) || "refused";
}

/** Compare digests, so the comparison is constant-time whatever the token's length. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function fromLoopback(request: FastifyRequest): boolean {
  return isLoopbackHost(request.socket.remoteAddress ?? "");
}
