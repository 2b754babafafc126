/** JWTs for other services (better-auth 1.7's jwt plugin paths and answers). */
import { z } from "zod";
import { endpoint } from "./endpoint.js";

/** A public JWK as /jwks serves it: the key's own members plus kid and alg. */
export const publicJwkSchema = z.looseObject({ kid: z.string(), kty: z.string(), alg: z.string(), crv: z.string().optional() });

export const jwtEndpoints = {
  getToken: endpoint({
    method: "GET",
    path: "/token",
    summary: "A signed JWT for the signed-in user (sub = user id), for other services to verify against /jwks",
    tags: ["jwt"],
    access: "session",
    response: z.object({ token: z.string() }),
  }),
  getJwks: endpoint({
    method: "GET",
    path: "/jwks",
    summary: "The public keys that verify Latchkey's JWTs, including rotated keys still in their grace period",
    tags: ["jwt"],
    access: "public",
    response: z.object({ keys: z.array(publicJwkSchema) }),
  }),
} as const;
