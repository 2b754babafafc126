/** Username sign-in and availability (better-auth's username plugin paths and answers). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { callbackField, passwordField, userSchema } from "./schemas.js";

export const usernameEndpoints = {
  signInUsername: endpoint({
    method: "POST",
    path: "/sign-in/username",
    summary: "Sign in with username and password",
    tags: ["username"],
    access: "public",
    body: z
      .object({
        username: z.string().max(256),
        password: passwordField,
        rememberMe: z.boolean().optional(),
        callbackURL: callbackField.optional(),
      })
      .strict(),
    response: z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: userSchema }),
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
