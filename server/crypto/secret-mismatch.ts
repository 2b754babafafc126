/**
 * A sealed value that opens under no configured secret (issue 26): the database came from a
 * server with another AUTH_SECRET. That is the operator's problem, not the user's, so it answers
 * the typed SECRET_MISMATCH (never a misleading "not enabled") and says so in the error log.
 */
import { ApiError, apiError } from "../../shared/errors.js";
import type { Logger } from "../context.js";

export function secretMismatch(log: Logger, what: string, details: Record<string, unknown> = {}): ApiError {
  log.error({ ...details, sealed: what }, `${what} does not open under AUTH_SECRET or AUTH_PREVIOUS_SECRETS: the database was sealed with another secret`);
  return apiError("SECRET_MISMATCH");
}

export function isSecretMismatch(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "SECRET_MISMATCH";
}
