/** Email verification: mail a link, follow it. Paths and answers as better-auth's core routes. */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { callbackField, emailField, statusSchema, userSchema } from "./schemas.js";

export const verificationEndpoints = {
  sendVerificationEmail: endpoint({
    method: "POST",
    path: "/send-verification-email",
    summary: "Mail a verification link (answers the same whether or not the address is known)",
    tags: ["verification"],
    access: "optional-session",
    body: z.object({ email: emailField, callbackURL: callbackField.optional() }).strict(),
    response: statusSchema,
  }),
  verifyEmail: endpoint({
    method: "GET",
    path: "/verify-email",
    summary: "Follow a verification (or email-change confirmation) link",
    tags: ["verification"],
    access: "optional-session",
    startsSession: "sign-in",
    query: z.object({ token: z.string().max(512), callbackURL: callbackField.optional() }).strict(),
    response: z.object({ status: z.literal(true), user: userSchema.optional() }),
    redirects: true,
  }),
} as const;
