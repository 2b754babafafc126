/** Username rules: configurable length and pattern, unique case-insensitively (stored lowercased). */
import { apiError } from "../../../shared/errors.js";
import type { Config } from "../../config.js";

export interface NormalizedUsername {
  username: string;
  displayUsername: string;
}

/** Validates and returns the stored (lowercased) and displayed forms. */
export function normalizeUsername(config: Config, input: string, display?: string): NormalizedUsername {
  const typed = input.trim();
  if (typed.length < config.username.minLength) throw apiError("USERNAME_TOO_SHORT");
  if (typed.length > config.username.maxLength) throw apiError("USERNAME_TOO_LONG");
  if (!new RegExp(config.username.pattern).test(typed)) throw apiError("INVALID_USERNAME");
  return { username: typed.toLowerCase(), displayUsername: display?.trim() || typed };
}
