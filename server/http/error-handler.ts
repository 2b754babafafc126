/** Every failure leaves as JSON `{ code, message }` with the catalogue's status. */
import type { FastifyError, FastifyInstance } from "fastify";
import { ApiError, apiError } from "../../shared/errors.js";
import type { Logger } from "../context.js";

export function installErrorHandling(server: FastifyInstance, log: Logger): void {
  server.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const mapped = toApiError(error);
    if (mapped.status >= 500) {
      // The route pattern, not the URL: paths (/reset-password/{token}) and queries carry tokens.
      log.error({ err: { message: error.message, stack: error.stack }, method: request.method, route: request.routeOptions.url ?? "(no route)" }, "request failed");
    }
    if (mapped.code === "TOO_MANY_REQUESTS" && !reply.hasHeader("retry-after")) reply.header("retry-after", "60");
    reply.code(mapped.status).type("application/json; charset=utf-8").send(JSON.stringify(mapped.toBody()));
  });

  server.setNotFoundHandler((request, reply) => {
    const error = apiError("NOT_FOUND", `No route ${request.method} ${request.url.split("?")[0]?.slice(0, 200)}`);
    reply.code(404).type("application/json; charset=utf-8").send(JSON.stringify(error.toBody()));
  });
}

function toApiError(error: FastifyError | ApiError | Error): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as FastifyError).code;
  switch (code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return apiError("PAYLOAD_TOO_LARGE");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return apiError("UNSUPPORTED_MEDIA_TYPE");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return apiError("INVALID_JSON");
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return new ApiError(status, "BAD_REQUEST", error.message || "Bad request");
  }
  return apiError("INTERNAL_SERVER_ERROR");
}
