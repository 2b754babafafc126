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

export function isValidEmail(email: string): boolean {
  return emailFormat.safeParse(email.trim().toLowerCase()).success;
}

/** Throws PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG against the configured limits. */
export function assertPasswordLength(config: Config, password: string): void {
  if (password.length < config.password.minLength) throw apiError("PASSWORD_TOO_SHORT", `Password too short: at least ${config.password.minLength} characters`);
  if (password.length > config.password.maxLength) throw apiError("PASSWORD_TOO_LONG", `Password too long: at most ${config.password.maxLength} characters`);
}
