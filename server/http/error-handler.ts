/**
 * Every failure leaves as JSON `{ code, message }` with the catalogue's status — including the
 * ones that never reach a route: Node's HTTP parser (`clientError`: malformed requests, 431,
 * timeouts), Fastify's router (`frameworkErrors`: bad URL encoding, overlong path parameters),
 * unknown paths (404) and known paths called with the wrong method (405 with `Allow`).
 */
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import { ApiError, apiError, type ErrorCode } from "../../shared/errors.js";
import type { Logger } from "../context.js";
import { trackRouteMethods } from "./method-index.js";
import { DatabaseFullError, DatabaseUnavailableError } from "../db/failures.js";
import { HashQueueFullError } from "../crypto/hash-pool.js";

/**
 * Call before any route is declared: the 405 answers learn the routes as they are added. The
 * 404/405 handler is installed by the returned function once the rate limiter exists (Fastify
 * takes one not-found handler), so unknown paths are counted too.
 */
export function installErrorHandling(
  server: FastifyInstance,
  log: Logger,
  /** Called for each "try again later" answer (SERVER_BUSY, SERVER_TIMEOUT, DATABASE_UNAVAILABLE, DATABASE_FULL): metrics. */
  onUnavailable: (code: string) => void = () => {},
): { installNotFound(preHandler?: preHandlerHookHandler): void } {
  const allowedMethods = trackRouteMethods(server);
  server.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const mapped = toApiError(error);
    const retryAfter = (error as RetryAfterMarked)[RETRY_AFTER_SECONDS]?.toString() ?? RETRY_AFTER[mapped.code];
    if (retryAfter && !reply.hasHeader("retry-after")) reply.header("retry-after", retryAfter);
    if (retryAfter && mapped.code !== "TOO_MANY_REQUESTS") onUnavailable(mapped.code);
    if (mapped.code === "DATABASE_UNAVAILABLE" || mapped.code === "DATABASE_FULL") {
      // Expected under a database fault: one line naming the cause, no stack (issue 44).
      const cause = (error as Error & { reason?: string }).reason ?? error.message;
      log.warn({ err: { message: error.message, cause }, method: request.method, route: request.routeOptions.url ?? "(no route)" }, "database unavailable");
    } else if (mapped.code === "SERVER_TIMEOUT") {
      log.warn({ method: request.method, route: request.routeOptions.url ?? "(no route)" }, "request timed out (requestTimeoutMs)");
    } else if (mapped.status >= 500 && mapped.code !== "SERVER_BUSY") {
      // The route pattern, not the URL: paths (/reset-password/{token}) and queries carry tokens.
      log.error({ err: { message: error.message, stack: error.stack }, method: request.method, route: request.routeOptions.url ?? "(no route)" }, "request failed");
    }
    sendError(reply, mapped);
  });

  // Node writes its own plain answer (Fastify's default writes `{error, statusCode}`) for requests
  // its parser refuses; replace that listener with one that speaks the catalogue.
  server.server.removeAllListeners("clientError");
  server.server.on("clientError", answerClientError);

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    const allowed = allowedMethods(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header("allow", allowed.join(", "));
      sendError(reply, apiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed here; use ${allowed.filter((m) => m !== "OPTIONS" && m !== "HEAD").join(" or ")}`));
      return;
    }
    sendError(reply, apiError("NOT_FOUND", `No route ${request.method} ${path.slice(0, 200)}`));
  };
  return {
    installNotFound(preHandler) {
      if (preHandler) server.setNotFoundHandler({ preHandler }, notFound);
      else server.setNotFoundHandler(notFound);
    },
  };
}

/** Fastify's `frameworkErrors` option: router failures before any route or hook runs. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode =
    error.code === "FST_ERR_BAD_URL" ? "INVALID_URL" : error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "URI_TOO_LONG" : error.statusCode && error.statusCode < 500 ? "BAD_REQUEST" : "INTERNAL_SERVER_ERROR";
  sendError(reply, apiError(code));
}

function sendError(reply: FastifyReply, error: ApiError): void {
  reply.code(error.status).type("application/json; charset=utf-8").send(JSON.stringify(error.toBody()));
}

/** Answers a request Node's parser refused, then closes: the connection's framing is unknown now. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const code: ErrorCode =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "REQUEST_HEADERS_TOO_LARGE"
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "REQUEST_TIMEOUT"
        : // The client stopped sending (half-closed) before the body its Content-Length promised.
          error.code === "HPE_INVALID_EOF_STATE"
          ? "REQUEST_ABORTED"
          : "BAD_REQUEST";
  const apiErr = apiError(code);
  const body = JSON.stringify(apiErr.toBody());
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${apiErr.status} ${REASONS[apiErr.status] ?? "Bad Request"}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

/** Seconds a client should wait before trying again, for the answers that mean "later". */
const RETRY_AFTER_SECONDS = Symbol("latchkey.retryAfter");
type RetryAfterMarked = { [RETRY_AFTER_SECONDS]?: number };

/** The error, answered with `Retry-After: seconds` instead of its code's usual wait (a limit whose window ends then). */
export function withRetryAfter(error: ApiError, seconds: number): ApiError {
  (error as ApiError & RetryAfterMarked)[RETRY_AFTER_SECONDS] = Math.max(1, Math.ceil(seconds));
  return error;
}

const RETRY_AFTER: Readonly<Partial<Record<string, string>>> = { TOO_MANY_REQUESTS: "60", DATABASE_UNAVAILABLE: "2", DATABASE_FULL: "60", SERVER_BUSY: "1", SERVER_TIMEOUT: "2" };

const REASONS: Readonly<Record<number, string>> = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" };

function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  // Typed where every query passes (db/guarded-dialect.ts): a database's ECONNRESET is not the client's.
  if (error instanceof DatabaseUnavailableError) return apiError("DATABASE_UNAVAILABLE");
  if (error instanceof DatabaseFullError) return apiError("DATABASE_FULL");
  // Admission control in front of the hashing workers (crypto/hash-pool.ts, issue 41).
  if (error instanceof HashQueueFullError) return apiError("SERVER_BUSY");
  const code = (error as FastifyError).code;
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return apiError("PAYLOAD_TOO_LARGE");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return apiError("UNSUPPORTED_MEDIA_TYPE");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return apiError("INVALID_CONTENT_LENGTH");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return apiError("INVALID_JSON");
    // The client went away while sending the body (Node's "aborted" stream error).
    case "ECONNRESET":
    case "ECONNABORTED":
    case "ERR_STREAM_PREMATURE_CLOSE":
      return apiError("REQUEST_ABORTED");
  }
  if (error.message === "aborted") return apiError("REQUEST_ABORTED");
  const status = (error as FastifyError).statusCode;
  if (status === 405) return apiError("METHOD_NOT_ALLOWED");
  if (status === 404) return apiError("NOT_FOUND");
  if (status && status >= 400 && status < 500) return apiError("BAD_REQUEST");
  return apiError("INTERNAL_SERVER_ERROR");
}
