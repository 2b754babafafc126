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
    // Fresh only: the app's session is new, so a stale browser session handing itself over would
    // come out fresh and could then manage credentials (docs/desktop.md, "Stale sessions").
    access: "fresh-session",
    query: z.object({ client_id: z.string().max(128), state: handOffParam, code_challenge: handOffParam }),
    body: z.object({ callbackURL: callbackField.optional() }),
    response: z.object({ url: z.string().nullable(), redirect: z.boolean(), electron_authorization_code: z.string() }),
  }),
};
