/** Email and password: sign up, sign in (or the two-factor redirect). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { orTwoFactorRedirect } from "./two-factor.js";
import { callbackField, emailField, languageField, passwordField, userSchema } from "./schemas.js";
import { imageField, nameField } from "./text-fields.js";

export const emailPasswordEndpoints = {
  signUpEmail: endpoint({
    method: "POST",
    path: "/sign-up/email",
    summary: "Create a user with email and password and sign them in",
    tags: ["email-password"],
    access: "public",
    startsSession: "sign-in",
    body: z.object({
      email: emailField,
      password: passwordField,
      name: nameField(),
      image: imageField.optional(),
      username: z.string().max(256).optional(),
      displayUsername: z.string().max(256).optional(),
      language: languageField.optional(),
      callbackURL: callbackField.optional(),
      rememberMe: z.boolean().optional(),
    }).strict(),
    response: z.object({ token: z.string().nullable(), user: userSchema }),
  }),
  signInEmail: endpoint({
    method: "POST",
    path: "/sign-in/email",
    summary: "Sign in with email and password",
    tags: ["email-password"],
    access: "public",
    startsSession: "sign-in",
    body: z.object({
      email: emailField,
      password: passwordField,
      callbackURL: callbackField.optional(),
      rememberMe: z.boolean().optional(),
    }).strict(),
    // Or, for a user with two-factor on, no session yet: {twoFactorRedirect, twoFactorMethods}.
    response: orTwoFactorRedirect(
      z.object({
        redirect: z.boolean(),
        token: z.string(),
        url: z.string().optional(),
        user: userSchema,
      }),
    ),
  }),
} as const;
