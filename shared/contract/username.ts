/** Username sign-in and availability (better-auth's username plugin paths and answers). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { orTwoFactorRedirect } from "./two-factor.js";
import { callbackField, passwordField, userSchema } from "./schemas.js";

export const usernameEndpoints = {
  signInUsername: endpoint({
    method: "POST",
    path: "/sign-in/username",
    summary: "Sign in with username and password",
    tags: ["username"],
    access: "public",
    startsSession: "sign-in",
    body: z
      .object({
        username: z.string().max(256),
        password: passwordField,
        rememberMe: z.boolean().optional(),
        callbackURL: callbackField.optional(),
      })
      .strict(),
    // Or, for a user with two-factor on, no session yet: {twoFactorRedirect, twoFactorMethods}.
    response: orTwoFactorRedirect(z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: userSchema })),
  }),
  isUsernameAvailable: endpoint({
    method: "POST",
    path: "/is-username-available",
    summary: "Whether a username is valid and free",
    tags: ["username"],
    access: "public",
    body: z.object({ username: z.string().max(256) }).strict(),
    response: z.object({ available: z.boolean() }),
  }),
} as const;
