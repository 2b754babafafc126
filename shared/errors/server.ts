/** The running server (area `server`: `auth server …`, the console's server page): readiness, draining, metrics access, the sealing secret. */
export const serverErrors = {
  /** Readiness failed: the database (or the shared rate-limit store) does not answer. */
  NOT_READY: { status: 503, message: "The server is not ready to serve requests" },
  /** SIGTERM received: requests already being read finish, new ones go to another server. */
  SHUTTING_DOWN: { status: 503, message: "The server is shutting down; retry on another server" },
  /** The database does not answer now: connection lost, refused or timed out, SQLite locked by another process (issue 44; Retry-After says when to try again). */
  DATABASE_UNAVAILABLE: { status: 503, message: "The database is unavailable; try again shortly" },
  /** The database's disk (or SQLite's size limit) is full: reads work, writes fail until space is freed. */
  DATABASE_FULL: { status: 507, message: "The database has no space left; try again later" },
  /** Load shedding: more requests are in flight than `maxInFlight` allows (Retry-After: 1). */
  SERVER_BUSY: { status: 503, message: "The server is busy; try again shortly" },
  /** The request ran longer than `requestTimeoutMs`; it may or may not have taken effect. */
  SERVER_TIMEOUT: { status: 503, message: "The server did not answer in time; the request may or may not have taken effect" },
  /** GET /ok: the server has not been ready for longer than `livenessTimeout` seconds; an orchestrator should restart it. */
  NOT_LIVE: { status: 503, message: "The server has not been ready for too long; restart it" },
  /** /metrics with a token configured and no (or a wrong) bearer token. */
  METRICS_TOKEN_REQUIRED: { status: 401, message: "Metrics need the configured bearer token" },
  /** /metrics without a token configured, asked from another machine. */
  METRICS_LOOPBACK_ONLY: { status: 403, message: "Metrics are served only to this machine unless a token is configured" },
  /** A sealed value (TOTP seed, signing key, provider token) opens under no configured secret: the operator's AUTH_SECRET is not the one that sealed it (issue 26). */
  SECRET_MISMATCH: { status: 500, message: "Stored secrets cannot be opened: the server runs with a different AUTH_SECRET than the one that sealed them" },
} as const;
