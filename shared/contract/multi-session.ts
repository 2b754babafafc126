/**
 * Several signed-in users in one browser (better-auth's multi-session plugin paths). The
 * browser's device sessions are its `latchkey.session_token_multi-*` cookies; lists show each
 * session's revocation handle as `token`, and set-active / revoke accept that handle.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { sessionWithUserSchema, statusSchema } from "./schemas.js";

export const multiSessionEndpoints = {
  listDeviceSessions: endpoint({
    method: "GET",
    path: "/multi-session/list-device-sessions",
    summary: "Every live session this browser holds, one per user",
    tags: ["multi-session"],
    access: "public",
    response: z.array(sessionWithUserSchema),
  }),
  setActiveSession: endpoint({
    method: "POST",
    path: "/multi-session/set-active",
    summary: "Make one of this browser's sessions the active one",
    tags: ["multi-session"],
    access: "public",
    startsSession: "switch",
    body: z.object({ sessionToken: z.string().max(512) }).strict(),
    response: sessionWithUserSchema,
  }),
  revokeDeviceSession: endpoint({
    method: "POST",
    path: "/multi-session/revoke",
    summary: "End one of this browser's sessions; the next one becomes active",
    tags: ["multi-session"],
    access: "session",
    startsSession: "switch",
    body: z.object({ sessionToken: z.string().max(512) }).strict(),
    response: statusSchema,
  }),
} as const;
