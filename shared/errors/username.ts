/** Username module errors (better-auth's username plugin codes). */
export const usernameErrors = {
  INVALID_USERNAME_OR_PASSWORD: { status: 401, message: "invalid username or password" },
  USERNAME_EMAIL_NOT_VERIFIED: { status: 403, message: "email not verified" },
  USERNAME_IS_ALREADY_TAKEN: { status: 422, message: "username is already taken. please try another." },
  USERNAME_TOO_SHORT: { status: 422, message: "username is too short" },
  USERNAME_TOO_LONG: { status: 422, message: "username is too long" },
  INVALID_USERNAME: { status: 422, message: "username is invalid" },
  INVALID_DISPLAY_USERNAME: { status: 422, message: "display username is invalid" },
} as const;
