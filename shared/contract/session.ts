/** The current session: read it (cookie cache included), end it. */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { booleanQuery, sessionWithUserSchema, successSchema } from "./schemas.js";

export const sessionEndpoints = {
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
