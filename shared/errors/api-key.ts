/**
 * API-key and JWT errors. The API-key codes, statuses and texts are better-auth 1.7's api-key
 * plugin's, so its client's `$ERROR_CODES` match; the last few are Latchkey's own.
 */
export const apiKeyErrors = {
  INVALID_API_KEY: { status: 401, message: "Invalid API key." },
  KEY_NOT_FOUND: { status: 404, message: "API Key not found" },
  KEY_DISABLED: { status: 401, message: "API Key is disabled" },
  KEY_EXPIRED: { status: 401, message: "API Key has expired" },
  USAGE_EXCEEDED: { status: 429, message: "API Key has reached its usage limit" },
  RATE_LIMIT_EXCEEDED: { status: 429, message: "Rate limit exceeded." },
  USER_BANNED: { status: 401, message: "User is banned" },
  UNAUTHORIZED_SESSION: { status: 401, message: "Unauthorized or invalid session" },
  INVALID_METADATA_TYPE: { status: 400, message: "metadata must be an object or undefined" },
  METADATA_DISABLED: { status: 400, message: "Metadata is disabled." },
  EXPIRES_IN_IS_TOO_SMALL: { status: 400, message: "The expiresIn is smaller than the predefined minimum value." },
  EXPIRES_IN_IS_TOO_LARGE: { status: 400, message: "The expiresIn is larger than the predefined maximum value." },
  INVALID_REMAINING: { status: 400, message: "The remaining count is either too large or too small." },
  INVALID_PREFIX_LENGTH: { status: 400, message: "The prefix length is either too large or too small." },
  INVALID_NAME_LENGTH: { status: 400, message: "The name length is either too large or too small." },
  NO_VALUES_TO_UPDATE: { status: 400, message: "No values to update." },
  REFILL_AMOUNT_AND_INTERVAL_REQUIRED: { status: 400, message: "refillAmount is required when refillInterval is provided" },
  REFILL_INTERVAL_AND_AMOUNT_REQUIRED: { status: 400, message: "refillInterval is required when refillAmount is provided" },
  SERVER_ONLY_PROPERTY: { status: 400, message: "The property you're trying to set can only be set from the server auth instance only." },
  // Latchkey's own.
  INVALID_API_KEY_PERMISSIONS: { status: 400, message: "The permissions name a resource or action that does not exist." },
  API_KEY_NOT_ALLOWED: { status: 403, message: "This API key is not allowed to do that." },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_API_KEYS: { status: 403, message: "You are not allowed to list users' API keys" },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_API_KEYS: { status: 403, message: "You are not allowed to revoke users' API keys" },
  JWT_DISABLED: { status: 404, message: "JSON Web Tokens are not enabled on this server." },
} as const;
