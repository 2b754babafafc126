/**
 * The bot check (features/captcha, docs/security.md "Captcha"). With `captcha.provider: "altcha"`
 * the sign-in pages fetch a proof-of-work challenge here, solve it, and send the solution as the
 * `x-captcha-response` header (better-auth's captcha header) on the protected endpoints.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";

/** altcha-lib's `createChallenge` answer, which the `altcha` widget and altcha-lib's solvers read as it is. */
export const altchaChallengeSchema = z.object({
  algorithm: z.enum(["SHA-1", "SHA-256", "SHA-512"]),
  challenge: z.string(),
  maxnumber: z.number().int().positive(),
  salt: z.string(),
  signature: z.string(),
});

export const captchaEndpoints = {
  captchaChallenge: endpoint({
    method: "GET",
    path: "/captcha/challenge",
    summary:
      "Latchkey extension: a fresh HMAC-signed ALTCHA challenge (captcha.provider altcha); its solution, base64 JSON, goes in the x-captcha-response header of sign-up, sign-in, password-reset, verification-mail and passwordless-send requests, once",
    tags: ["captcha"],
    access: "public",
    response: altchaChallengeSchema,
  }),
  captchaSettings: endpoint({
    method: "GET",
    path: "/captcha/settings",
    summary:
      "Latchkey extension: which bot check the sign-in pages must pass (none, altcha, or a service and its public site key), and the endpoints that require it",
    tags: ["captcha"],
    access: "public",
    response: z.object({
      provider: z.enum(["altcha", "turnstile", "hcaptcha", "recaptcha"]).nullable(),
      siteKey: z.string().nullable(),
      /** ALTCHA's difficulty and challenge lifetime (seconds); null for a service or none. */
      maxNumber: z.number().int().nullable(),
      expiresIn: z.number().int().nullable(),
      endpoints: z.array(z.string()),
    }),
  }),
} as const;
