/** Configured additional user fields (`user.additionalFields`): codes and texts as better-auth's. */
export const userFieldErrors = {
  FIELD_NOT_ALLOWED: { status: 400, message: "Field not allowed to be set" },
  MISSING_FIELD: { status: 400, message: "Field is required" },
} as const;
