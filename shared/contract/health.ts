/** Health: the liveness answer and the human-readable page for an authentication error code. */
import { z } from "zod";
import { endpoint } from "./endpoint.js";

export const healthEndpoints = {
  ok: endpoint({
    method: "GET",
    path: "/ok",
    summary: "Health check; on a server whose clock was moved (`--clock-offset`, `auth dev clock advance`) also how far, for the console's banner",
    tags: ["health"],
    access: "public",
    response: z.object({ ok: z.literal(true), clockOffsetMs: z.number().int().optional() }),
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
} as const;
