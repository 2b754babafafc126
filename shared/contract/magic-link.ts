/** Sign-in by a mailed one-time link: better-auth 1.7's magic-link plugin paths, bodies and answers (docs/passwordless.md). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { callbackField, emailField, sessionSchema, statusSchema, userSchema } from "./schemas.js";
import { orTwoFactorRedirect } from "./two-factor.js";

export const magicLinkEndpoints = {
  signInMagicLink: endpoint({
    method: "POST",
    path: "/sign-in/magic-link",
    summary: "Mail a one-time sign-in link (answers the same whether or not the address has an account; rate-limited per address and per IP)",
    tags: ["magic-link"],
    access: "public",
    // The desktop app's hand-off (docs/desktop.md), asked for on the page that sends the link: carried into the link.
    query: z.object({ client_id: z.string().max(128).optional(), state: z.string().max(512).optional(), code_challenge: z.string().max(512).optional() }).strict(),
    body: z
      .object({
        email: emailField,
        /** Only used when the link creates the account. */
        name: z.string().max(256).optional(),
        callbackURL: callbackField.optional(),
        newUserCallbackURL: callbackField.optional(),
        errorCallbackURL: callbackField.optional(),
        /** better-auth hands it to its sendMagicLink hook; Latchkey mails the link itself and keeps none of it. */
        metadata: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    response: statusSchema,
  }),
  magicLinkVerify: endpoint({
    method: "GET",
    path: "/magic-link/verify",
    summary:
      "Open a mailed sign-in link (single use). With callbackURL: a redirect there (newUserCallbackURL for a new account; errors to errorCallbackURL or callbackURL with ?error=). Without: the session as JSON",
    tags: ["magic-link"],
    access: "optional-session",
    startsSession: "sign-in",
    query: z
      .object({
        token: z.string().max(128),
        callbackURL: callbackField.optional(),
        newUserCallbackURL: callbackField.optional(),
        errorCallbackURL: callbackField.optional(),
      })
      .strict(),
    // Or, for a user with two-factor on, no session yet: {twoFactorRedirect, twoFactorMethods}.
    response: orTwoFactorRedirect(z.object({ token: z.string(), user: userSchema, session: sessionSchema })),
    redirects: true,
  }),
} as const;
