/** Foundation endpoints: health, error page, email/password sign-up and sign-in, sessions. */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { orTwoFactorRedirect } from "./two-factor.js";
import {
  booleanQuery,
  callbackField,
  emailField,
  languageField,
  passwordField,
  sessionWithUserSchema,
  successSchema,
  userSchema,
} from "./schemas.js";
import { imageField, nameField } from "./text-fields.js";

export const coreEndpoints = {
  ok: endpoint({
    method: "GET",
    path: "/ok",
    summary: "Health check",
    tags: ["health"],
    access: "public",
    response: z.object({ ok: z.literal(true) }),
  }),
  errorPage: endpoint({
    method: "GET",
    path: "/error",
    summary: "Human-readable page for an authentication error code (HTML)",
    tags: ["health"],
    access: "public",
    query: z.object({ error: z.string().max(512).optional(), error_description: z.string().max(1024).optional() }),
    response: z.string().describe("text/html page titled 'Authentication Error'"),
  }),
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
  signOut: endpoint({
    method: "POST",
    path: "/sign-out",
    summary: "End the current session (and every session held by this browser)",
    tags: ["session"],
    access: "optional-session",
    body: z.object({}).strict(),
    response: successSchema,
  }),
  getSession: endpoint({
    method: "GET",
    path: "/get-session",
    summary: "The current session and its user, or null",
    tags: ["session"],
    access: "optional-session",
    cookieCache: true,
    answerCache: true,
    query: z.object({
      disableCookieCache: booleanQuery.optional(),
      disableRefresh: booleanQuery.optional(),
    }).strict(),
    response: sessionWithUserSchema.nullable(),
  }),
} as const;
