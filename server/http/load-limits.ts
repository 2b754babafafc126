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
 *
 * Why one sweeping interval rather than a timer per request: a `setTimeout` and a closure per
 * request tripled the garbage collector's share on the get-session fast path (−15 % req/s, bench
 * core, issue 43's check). Requests in flight sit in one insertion-ordered map, oldest first; a
 * sweep every quarter of the timeout (at most 1 s) answers those past it, so a timeout fires
 * between `requestTimeoutMs` and 1.25 × it (or + 1 s).
 */
import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import { apiError } from "../../shared/errors.js";

export interface LoadLimits {
  inFlight(): number;
  /** At `maxInFlight`: the next request would be refused (the session fast path leaves it to the hook). */
  busy(): boolean;
}

interface InFlight {
  reply: FastifyReply;
  startedAt: number;
}

export function installLoadLimits(server: FastifyInstance, options: { maxInFlight: number; requestTimeoutMs: number; basePath: string }): LoadLimits {
  const exempt = new Set([`${options.basePath}/ok`, `${options.basePath}/ready`, "/metrics"]);
  const inFlight = new Map<ServerResponse, InFlight>();
  // 'close' comes once the answer is sent or the caller went away, whichever is first. One shared
  // function (`this` is the response) so that a request allocates no closure for it.
  function settled(this: ServerResponse): void {
    inFlight.delete(this);
  }

  server.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf("?");
    if (exempt.has(query === -1 ? url : url.slice(0, query))) return done();
    if (options.maxInFlight > 0 && inFlight.size >= options.maxInFlight) {
      reply.header("retry-after", "1");
      return done(apiError("SERVER_BUSY"));
    }
    inFlight.set(reply.raw, { reply, startedAt: Date.now() });
    reply.raw.on("close", settled);
    done();
  });

  if (options.requestTimeoutMs > 0) {
    const sweep = setInterval(() => timeOut(inFlight, Date.now() - options.requestTimeoutMs), Math.max(10, Math.min(1_000, options.requestTimeoutMs / 4)));
    sweep.unref();
    server.addHook("onClose", (_instance, done) => {
      clearInterval(sweep);
      done();
    });
  }
  return { inFlight: () => inFlight.size, busy: () => options.maxInFlight > 0 && inFlight.size >= options.maxInFlight };
}

/** Answers every request that started before `startedBefore` (the map is oldest first). */
function timeOut(inFlight: Map<ServerResponse, InFlight>, startedBefore: number): void {
  for (const [raw, { reply, startedAt }] of inFlight) {
    if (startedAt > startedBefore) return;
    // Answered once: it leaves the map now, and its 'close' later finds nothing to remove.
    inFlight.delete(raw);
    if (reply.sent) continue;
    // An answer already under way cannot be replaced: cut it.
    if (raw.headersSent) raw.destroy();
    else reply.send(apiError("SERVER_TIMEOUT"));
  }
}
