/**
 * The desktop app's browser sign-in hand-off, in @better-auth/electron 1.7's wire format
 * (docs/desktop.md). Sign-in and sign-up routes also take `?client_id&state&code_challenge`
 * and then answer `electron_authorization_code` beside their usual fields; these are the rest.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { callbackField, userSchema } from "./schemas.js";

/** A state or S256 challenge from the app (better-auth's are 16 and 43 characters). */
export const handOffParam = z.string().max(512);

export const electronEndpoints = {
  electronToken: endpoint({
    method: "POST",
    path: "/electron/token",
    summary: "Exchange a desktop hand-off code (with its state and PKCE verifier) for a new session of the app's own",
    tags: ["electron"],
    access: "public",
    startsSession: "hand-off",
    body: z.object({
      token: z.string().min(1).max(256),
      state: handOffParam.min(1),
      code_verifier: z.string().min(1).max(256),
    }),
    response: z.object({ token: z.string(), user: userSchema }),
  }),
  electronTransferUser: endpoint({
    method: "POST",
    path: "/electron/transfer-user",
    summary: "Hand the account signed in in this browser to the desktop app (a code for /electron/token)",
    tags: ["electron"],
    access: "session",
    query: z.object({ client_id: z.string().max(128), state: handOffParam, code_challenge: handOffParam }),
    body: z.object({ callbackURL: callbackField.optional() }),
    response: z.object({ url: z.string().nullable(), redirect: z.boolean(), electron_authorization_code: z.string() }),
  }),
};

/**
 * What a sign-in, sign-up or second-step answer gains when the request carried the hand-off
 * parameters (the http layer adds it to any such answer, so the routes' own schemas stay
 * better-auth's). For the console's sign-in page: `(answer as WithHandOff<typeof answer>).electron_authorization_code`.
 */
export const handOffAnswerSchema = z.object({ electron_authorization_code: z.string().optional() });
export type WithHandOff<T> = T & z.infer<typeof handOffAnswerSchema>;

/** The hand-off query a sign-in page forwards to the API (better-auth's names). */
export const handOffQuerySchema = z.object({ client_id: z.string().max(128), state: handOffParam.min(1), code_challenge: handOffParam.min(1) });
export type HandOffQuery = z.infer<typeof handOffQuerySchema>;
