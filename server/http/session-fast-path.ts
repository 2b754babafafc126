/**
 * get-session by bearer token answered from the answer cache before Fastify sees the request
 * (issue 41). A cached check is a SHA-256 and a map lookup; taking it through Fastify's router,
 * request/reply objects, four onRequest hooks and the send pipeline cost more than the check itself.
 *
 * Only the plainest request is taken here; anything else goes to Fastify untouched, where the
 * full pipeline decides (and the answer cache still answers it):
 * - `GET {basePath}/get-session` exactly: no query string (its validation stays with the route);
 * - an `Authorization: Bearer` header, no cookie (cookie cache, signed cookies, refresh stay
 *   with the route), no `Origin` (CORS answers stay with @fastify/cors), no body;
 * - no other credential claims the request (an API key is never answered from the cache);
 * - the server is not draining and not at `maxInFlight` (their 503s stay as they are);
 * - with the rate limiter on, the request is counted here under the same key the plugin would
 *   use, and one over the limit goes to Fastify, which refuses it (a refused request is counted
 *   twice: harmless, the window ends when it would have); behind a trusted proxy the client's
 *   address is the plugin's to work out, so nothing is taken here.
 * A miss goes to Fastify too, which reads the database and remembers the answer.
 *
 * The answer is byte for byte the route's: same status, the same headers (`vary: Origin` from
 * CORS, content type and length) and the same body. tests/server/http/session-fast-path.test.ts
 * proves both that, and that every rule skipped here still holds.
 */
import type { IncomingMessage, OutgoingHttpHeader, Server, ServerResponse } from "node:http";
import type { AppContext } from "../context.js";
import { hashSecret } from "../crypto/tokens.js";
import type { CredentialStage } from "./route-hooks.js";

export interface FastPathGuards {
  /** Graceful shutdown under way: Fastify answers 503 SHUTTING_DOWN. */
  draining(): boolean;
  /** At `maxInFlight`: Fastify answers 503 SERVER_BUSY. */
  busy(): boolean;
  /** Counts one get-session request from `ip`; false once over the limit. Absent: limiter off. */
  countRequest?(ip: string): boolean;
  /** The limiter needs Fastify's view of the client address (trusted proxies). */
  needsProxyAddress: boolean;
}

export interface FastPathRoute {
  /** `{basePath}/get-session`. */
  url: string;
  /** Other credentials the route accepts (API keys): a request one of them claims is not ours. */
  credential: readonly CredentialStage[];
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

const CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Puts the fast path in front of Fastify's own request listener on `raw` (the Fastify instance's
 * `server.server`): Fastify's server options (timeouts, keep-alive) and its handling of
 * everything else stay exactly as they were.
 */
export function installSessionFastPath(raw: Server, app: AppContext, route: FastPathRoute, guards: FastPathGuards): FastPath | undefined {
  const listeners = raw.listeners("request") as Listener[];
  if (listeners.length !== 1 || guards.needsProxyAddress) return undefined;
  const fastify = listeners[0]!;
  const answer = createFastAnswer(app, route, guards);
  let answered = 0;
  raw.removeListener("request", fastify);
  raw.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (answer(request, response)) answered++;
    else fastify(request, response);
  });
  return { answered: () => answered };
}

export interface FastPath {
  /** Requests answered before Fastify since start (tests tell the two paths apart by it). */
  answered(): number;
}

/** Answers `request` from the cache and returns true, or returns false having written nothing. */
function createFastAnswer(app: AppContext, route: FastPathRoute, guards: FastPathGuards): (request: IncomingMessage, response: ServerResponse) => boolean {
  const hits = batchedCount(app.metrics.sessionCacheLookups.labels({ result: "hit" }));
  const timed = app.config.metrics.enabled;
  const httpRequests = app.metrics.httpRequests.labels({ method: "GET", route: route.url, status: "200" });
  const httpDuration = app.metrics.httpDuration.labels({ method: "GET", route: route.url });
  // One array for every answer, its length filled in just before writeHead copies it out
  // (synchronously): no headers object per answer.
  const answerHeaders: OutgoingHttpHeader[] = ["vary", "Origin", "content-type", CONTENT_TYPE, "content-length", 0];
  return (request, response) => {
    if (request.method !== "GET" || request.url !== route.url) return false;
    const headers = request.headers;
    const authorization = headers.authorization;
    if (authorization === undefined || headers.cookie !== undefined || headers.origin !== undefined) return false;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
    const cache = app.sessionAnswers;
    if (!cache || guards.draining() || guards.busy()) return false;
    for (const stage of route.credential) if (stage.read(headers) !== undefined) return false;
    const token = bearerToken(authorization);
    if (token === undefined) return false;
    const started = timed ? performance.now() : 0;
    // A request pipelined behind an unanswered one on its connection has no socket yet; it may
    // have been read after this turn's poll for other connections' writes, so it polls afresh
    // (core/session/sqlite-answer-cache.ts says why every other request may share the turn's).
    const tokenHash = hashSecret(token);
    const now = app.clock.now();
    const hit = response.socket !== null && cache.lookupInTurn ? cache.lookupInTurn(tokenHash, token, now) : cache.lookup(tokenHash, token, now);
    if (hit === undefined) return false;
    if (guards.countRequest && !guards.countRequest(request.socket.remoteAddress ?? "")) return false;
    hits.inc();
    answerHeaders[5] = Buffer.byteLength(hit);
    response.writeHead(200, answerHeaders).end(hit);
    if (timed) {
      httpRequests.inc();
      httpDuration.observe((performance.now() - started) / 1000);
    }
    return true;
  };
}

/**
 * A prom-client counter's increments gathered and added once per event-loop turn: `inc()` on a
 * labelled child hashes its labels each time, a cost per answer the fast path exists to avoid.
 * The count is added in the turn's check phase, before any later request (a `/metrics` scrape
 * among them) is read.
 */
function batchedCount(counter: { inc(value?: number): void }): { inc(): void } {
  let pending = 0;
  const flush = () => {
    counter.inc(pending);
    pending = 0;
  };
  return {
    inc() {
      if (pending++ === 0) setImmediate(flush);
    },
  };
}

/**
 * The session token an `Authorization: Bearer` header names, or undefined. better-auth clients
 * may send the signed cookie form `token.signature`; the token is the first part. Malformed
 * percent-encoding (`Bearer %`, `%E0%A4%A`) names no token we issued (#19).
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || !header.startsWith("Bearer ")) return undefined;
  const value = header.slice(7).trim();
  let decoded = value;
  if (value.includes("%")) {
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  const dot = decoded.indexOf(".");
  const token = dot === -1 ? decoded : decoded.slice(0, dot);
  return token || undefined;
}
