/**
 * Bot checks on the endpoints that create accounts, start sign-ins and send mail (features/captcha,
 * docs/security.md "Captcha"). MISSING_RESPONSE and VERIFICATION_FAILED are better-auth's captcha
 * plugin codes, with its statuses and wording.
 */
export const captchaErrors = {
  /** No `x-captcha-response` header on a protected endpoint. */
  MISSING_RESPONSE: { status: 400, message: "Missing CAPTCHA response" },
  /** The response is malformed, wrong, expired, already used, or the service said no. */
  VERIFICATION_FAILED: { status: 403, message: "Captcha verification failed" },
  /** The captcha service (Turnstile, hCaptcha, reCAPTCHA) did not answer in time or answered nonsense: nothing the person did wrong. */
  CAPTCHA_UNAVAILABLE: { status: 503, message: "The captcha service could not be reached; try again in a moment." },
  /** GET /captcha/challenge on a server whose captcha is not ALTCHA (off, or a service). */
  CAPTCHA_CHALLENGE_DISABLED: { status: 404, message: "This server issues no proof-of-work challenges (captcha.provider is not altcha)." },
} as const;
