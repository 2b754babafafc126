/** Input rules shared by every feature that takes an email or a password. */
import { z } from "zod";
import { apiError } from "../../../shared/errors.js";
import type { Config } from "../../config.js";

const emailFormat = z.email();

/** Trimmed, lowercased, checked; throws INVALID_EMAIL. */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!emailFormat.safeParse(trimmed).success) throw apiError("INVALID_EMAIL");
  return trimmed;
}

/**
 * Throws PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG against the configured limits. The message stays
 * the specification's (better-auth clients show it); the limit travels as a field issue, which
 * the CLI and the console print beside it.
 */
export function assertPasswordLength(config: Config, password: string): void {
  const { minLength, maxLength } = config.password;
  if (password.length < minLength) throw apiError("PASSWORD_TOO_SHORT", undefined, [{ path: "password", message: `at least ${minLength} characters` }]);
  if (password.length > maxLength) throw apiError("PASSWORD_TOO_LONG", undefined, [{ path: "password", message: `at most ${maxLength} characters` }]);
}
