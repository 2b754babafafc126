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

export function registerMetrics(server: FastifyInstance, context: AppContext): void {
  const { metrics, config } = context;
  metrics.collectProcessMetrics();
  const { httpRequests, httpDuration } = metrics;

  server.addHook("onResponse", async (request, reply) => {
    // The route pattern, not the URL: one time series per endpoint, whatever ids a path carries.
    const route = request.routeOptions.url ?? "unmatched";
    const method = request.method;
    httpRequests.inc({ method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
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

/** Compare digests, so the comparison is constant-time whatever the token's length. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? "";
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}
