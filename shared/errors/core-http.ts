/**
 * Errors raised before a request reaches a route handler: by Node's HTTP parser (malformed
 * request, oversized headers, timeouts), by Fastify's router (bad URL encoding, wrong method) or
 * while reading the body. They share the catalogue so every answer is `{ code, message }`.
 */
export const httpErrors = {
  BAD_REQUEST: { status: 400, message: "Bad request" },
  INVALID_URL: { status: 400, message: "The request URL is not valid" },
  URI_TOO_LONG: { status: 414, message: "A part of the request path is too long" },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: "Request headers (or the URL) are too large" },
  REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive" },
  REQUEST_ABORTED: { status: 400, message: "The request body was cut off before it was complete" },
  INVALID_CONTENT_LENGTH: { status: 400, message: "The request body does not match its Content-Length" },
} as const;
