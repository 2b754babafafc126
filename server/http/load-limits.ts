/**
 * Load shedding (issue 44): at most `maxInFlight` requests are handled at once; one more is
 * refused at once with `503 SERVER_BUSY` and `Retry-After: 1`, before its body is read or any
 * handler runs, so that when the database stalls or slows, latency stays bounded for the requests
 * admitted and callers (or a load balancer) retry elsewhere instead of queueing without bound.
 * Liveness, readiness and metrics are never refused: an orchestrator must still see the server.
 *
 * Request timeout: a request still unanswered after `requestTimeoutMs` gets `503 SERVER_TIMEOUT`
 * (its handler may still finish, and its work may or may not take effect: the answer says so).
 * Query timeouts (PostgreSQL) and the busy timeout (SQLite) fail first; this bounds the rest.
 */
import type { FastifyInstance } from "fastify";
import { apiError } from "../../shared/errors.js";

export interface LoadLimits {
  inFlight(): number;
}

export function installLoadLimits(server: FastifyInstance, options: { maxInFlight: number; requestTimeoutMs: number; basePath: string }): LoadLimits {
  let inFlight = 0;
  const exempt = new Set([`${options.basePath}/ok`, `${options.basePath}/ready`, "/metrics"]);
  server.addHook("onRequest", (request, reply, done) => {
    if (exempt.has(request.url.split("?")[0] ?? "")) return done();
    if (options.maxInFlight > 0 && inFlight >= options.maxInFlight) {
      reply.header("retry-after", "1");
      return done(apiError("SERVER_BUSY"));
    }
    inFlight++;
    const timer =
      options.requestTimeoutMs > 0
        ? setTimeout(() => {
            if (reply.sent) return;
            // An answer already under way cannot be replaced: cut it.
            if (reply.raw.headersSent) reply.raw.destroy();
            else reply.send(apiError("SERVER_TIMEOUT"));
          }, options.requestTimeoutMs)
        : undefined;
    // 'close' comes once the answer is sent or the caller went away, whichever is first.
    reply.raw.once("close", () => {
      inFlight--;
      clearTimeout(timer);
    });
    done();
  });
  return { inFlight: () => inFlight };
}
