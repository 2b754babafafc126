/**
 * API keys for scripts (better-auth 1.7's api-key plugin paths, bodies and answers) and the
 * administrator's view of any user's keys (Latchkey's own). The key itself appears once, in the
 * answer to create; every other answer omits it.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate, successSchema } from "./schemas.js";

const count = z.coerce.number().int();
/** { resource: [actions] }, e.g. { user: ["ban", "list"] }; checked against the known statements by the server. */
export const apiKeyPermissionsSchema = z.record(z.string().max(64), z.array(z.string().max(64)).max(64));
export type ApiKeyPermissions = z.infer<typeof apiKeyPermissionsSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  configId: z.string(),
  name: z.string().nullable(),
  /** The first characters of the key, to recognise it in a list. */
  start: z.string().nullable(),
  prefix: z.string().nullable(),
  /** The owning user's id. */
  referenceId: z.string(),
  refillInterval: z.number().nullable(),
  refillAmount: z.number().nullable(),
  lastRefillAt: isoDate.nullable(),
  enabled: z.boolean(),
  rateLimitEnabled: z.boolean(),
  rateLimitTimeWindow: z.number().nullable(),
  rateLimitMax: z.number().nullable(),
  requestCount: z.number(),
  remaining: z.number().nullable(),
  lastRequest: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  permissions: apiKeyPermissionsSchema.nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const listAnswer = z.object({ apiKeys: z.array(apiKeySchema), total: z.number(), limit: z.number().optional(), offset: z.number().optional() });
const sortFields = ["createdAt", "name", "expiresAt", "lastRequest"] as const;

export const apiKeyEndpoints = {
  apiKeyCreate: endpoint({
    method: "POST",
    path: "/api-key/create",
    summary: "Create an API key for the signed-in user; the key is shown in this answer only",
    tags: ["api-key"],
    access: "session",
    credentials: "manage",
    body: z
      .object({
        configId: z.literal("default").optional(),
        name: z.string().max(256).optional(),
        /** Seconds. */
        expiresIn: z.number().int().min(1).nullable().optional(),
        prefix: z.string().max(64).regex(/^[a-zA-Z0-9_-]+$/, "letters, digits, _ and - only").optional(),
        remaining: z.number().int().min(0).nullable().optional(),
        metadata: z.unknown().optional(),
        refillAmount: z.number().int().min(1).optional(),
        /** Milliseconds. */
        refillInterval: z.number().int().min(1).optional(),
        /** Milliseconds. */
        rateLimitTimeWindow: z.number().int().min(1).optional(),
        rateLimitMax: z.number().int().min(1).optional(),
        rateLimitEnabled: z.boolean().optional(),
        permissions: apiKeyPermissionsSchema.optional(),
        /** better-auth's server-only field; refused from HTTP callers (UNAUTHORIZED_SESSION). */
        userId: z.string().max(256).optional(),
      })
      .strict(),
    response: apiKeySchema.extend({ key: z.string() }),
  }),
  apiKeyGet: endpoint({
    method: "GET",
    path: "/api-key/get",
    summary: "One of the signed-in user's API keys (without the key)",
    tags: ["api-key"],
    access: "session",
    query: z.object({ id: z.string().max(256), configId: z.string().max(64).optional() }).strict(),
    response: apiKeySchema,
  }),
  apiKeyUpdate: endpoint({
    method: "POST",
    path: "/api-key/update",
    summary: "Rename, enable or disable, re-limit or re-date one of the signed-in user's API keys",
    tags: ["api-key"],
    access: "session",
    credentials: "manage",
    body: z
      .object({
        configId: z.literal("default").optional(),
        keyId: z.string().max(256),
        userId: z.string().max(256).optional(),
        name: z.string().max(256).optional(),
        enabled: z.boolean().optional(),
        remaining: z.number().int().min(1).optional(),
        refillAmount: z.number().int().min(1).optional(),
        refillInterval: z.number().int().min(1).optional(),
        metadata: z.unknown().optional(),
        expiresIn: z.number().int().min(1).nullable().optional(),
        rateLimitEnabled: z.boolean().optional(),
        rateLimitTimeWindow: z.number().int().min(1).optional(),
        rateLimitMax: z.number().int().min(1).optional(),
        permissions: apiKeyPermissionsSchema.nullable().optional(),
      })
      .strict(),
    response: apiKeySchema,
  }),
  apiKeyDelete: endpoint({
    method: "POST",
    path: "/api-key/delete",
    summary: "Delete (revoke) one of the signed-in user's API keys",
    tags: ["api-key"],
    access: "session",
    body: z.object({ keyId: z.string().max(256), configId: z.string().max(64).optional() }).strict(),
    response: successSchema,
  }),
  apiKeyList: endpoint({
    method: "GET",
    path: "/api-key/list",
    summary: "The signed-in user's API keys, newest first",
    tags: ["api-key"],
    access: "session",
    query: z
      .object({
        configId: z.string().max(64).optional(),
        limit: count.min(0).max(1000).optional(),
        offset: count.min(0).optional(),
        sortBy: z.enum(sortFields).optional(),
        sortDirection: z.enum(["asc", "desc"]).optional(),
      })
      .strict(),
    response: listAnswer,
  }),
  adminListUserApiKeys: endpoint({
    method: "GET",
    path: "/admin/list-user-api-keys",
    summary: "Any user's API keys (without the keys), newest first",
    tags: ["admin", "api-key"],
    access: "session",
    requires: "session:list",
    query: z.object({ userId: z.string().max(256), limit: count.min(0).max(1000).optional(), offset: count.min(0).optional() }).strict(),
    response: listAnswer,
  }),
  adminRevokeUserApiKey: endpoint({
    method: "POST",
    path: "/admin/revoke-user-api-key",
    summary: "Revoke (delete) any user's API key",
    tags: ["admin", "api-key"],
    access: "session",
    requires: "session:revoke",
    body: z.object({ keyId: z.string().max(256) }).strict(),
    response: successSchema,
  }),
} as const;
