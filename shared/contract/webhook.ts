/**
 * Webhooks (issue 38, Latchkey extension; docs/webhooks.md): endpoints that receive audit events
 * signed in the Standard Webhooks format, and the delivery log. An administrator's own session,
 * or an API key whose permissions name webhook:read / webhook:manage — never a full-rights key,
 * never an impersonation: a key that may register a URL may send every event to it.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.js";
import { isoDate, successSchema } from "./schemas.js";

/** `user.ban`, `user.*` (every user action) or `*` (everything). */
const selector = z
  .string()
  .max(128)
  .regex(/^(\*|[a-z0-9-]+(\.[a-z0-9-]+)*(\.\*)?)$/, { message: "expected an audit action, a prefix such as user.*, or *" });
const url = z
  .string()
  .max(2048)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), { message: "expected an http or https URL" });
const id = z.string().min(1).max(128);

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  disabled: z.boolean(),
  /** Deliveries that ran out of retries in a row; `failing` from 3 on, until one succeeds. */
  failedInARow: z.number(),
  failing: z.boolean(),
  /** After a rotation, until when the previous secret still signs (both signatures are sent). */
  previousSecretUntil: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type WebhookEndpointWire = z.infer<typeof webhookEndpointSchema>;

export const webhookAttemptSchema = z.object({
  at: isoDate,
  /** null when no answer came (refused, timed out, unreachable). */
  httpStatus: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  /** The first 1 KiB of the answer at most. */
  response: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  /** Also the `webhook-id` header, the same on every try. */
  id: z.string(),
  endpointId: z.string(),
  eventType: z.string(),
  auditEventId: z.string().nullable(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number(),
  /** When it is tried next (pending), or was last scheduled. */
  nextAttemptAt: isoDate,
  createdAt: isoDate,
  /** The body sent: `{type, timestamp, data}`. */
  payload: z.unknown(),
  /** Every try, oldest first. */
  tries: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryWire = z.infer<typeof webhookDeliverySchema>;

const withSecret = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookEndpoints = {
  adminCreateWebhook: endpoint({
    method: "POST",
    path: "/admin/webhooks/create",
    summary:
      "Register an endpoint for audit events (exact actions, prefixes such as user.*, or *); its signing secret (whsec_…) is in this answer only. An administrator may register any http(s) URL, loopback included; an API key only https URLs on public hosts",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:manage",
    // A misspelt field (evnts) must not register an endpoint that receives nothing.
    unknownKeys: "reject",
    body: z.object({ url, events: z.array(selector).min(1).max(64), description: z.string().max(256).optional() }).strict(),
    response: withSecret,
  }),
  adminListWebhooks: endpoint({
    method: "GET",
    path: "/admin/webhooks/list",
    summary: "Every webhook endpoint, newest first, without secrets",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:read",
    response: z.object({ endpoints: z.array(webhookEndpointSchema) }),
  }),
  adminUpdateWebhook: endpoint({
    method: "POST",
    path: "/admin/webhooks/update",
    summary: "Change an endpoint's URL, events, description, or disable/enable it; only the fields given change",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:manage",
    unknownKeys: "reject",
    body: z
      .object({ id, url: url.optional(), events: z.array(selector).min(1).max(64).optional(), description: z.string().max(256).nullable().optional(), disabled: z.boolean().optional() })
      .strict(),
    response: z.object({ endpoint: webhookEndpointSchema }),
  }),
  adminDeleteWebhook: endpoint({
    method: "POST",
    path: "/admin/webhooks/delete",
    summary: "Delete an endpoint with its delivery log",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:manage",
    body: z.object({ id }).strict(),
    response: successSchema,
  }),
  adminRotateWebhookSecret: endpoint({
    method: "POST",
    path: "/admin/webhooks/rotate-secret",
    summary: "A new signing secret, in this answer only; for 24 hours deliveries carry signatures by the old and the new one",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:manage",
    body: z.object({ id }).strict(),
    response: withSecret,
  }),
  adminListWebhookDeliveries: endpoint({
    method: "GET",
    path: "/admin/webhooks/list-deliveries",
    summary: "Deliveries newest first with every try (time, HTTP status, duration, error), filtered by endpoint, status and event type (exact or a prefix ending in *); page with nextCursor",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:read",
    query: z
      .object({
        endpointId: id.optional(),
        status: z.enum(["pending", "delivered", "failed"]).optional(),
        eventType: z.string().max(128).optional(),
        limit: z.coerce.number().int().min(1).max(200).optional(),
        /** nextCursor of the previous page: `<createdAt ms>_<id>`. */
        cursor: z.string().regex(/^\d{1,16}_[A-Za-z0-9_-]{1,80}$/, { message: "expected a nextCursor from a previous page" }).optional(),
      })
      .strict(),
    response: z.object({ deliveries: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }),
  }),
  adminRedeliverWebhook: endpoint({
    method: "POST",
    path: "/admin/webhooks/redeliver",
    summary: "Send a delivery again now, with the same webhook-id and payload; a failed one gets a fresh retry schedule",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:manage",
    body: z.object({ deliveryId: id }).strict(),
    response: z.object({ delivery: webhookDeliverySchema }),
  }),
  adminTestWebhook: endpoint({
    method: "POST",
    path: "/admin/webhooks/test",
    summary: "Queue a webhook.test event for one endpoint (whatever its events), sent at once",
    tags: ["admin", "webhook"],
    access: "session",
    requires: "webhook:manage",
    body: z.object({ id }).strict(),
    response: z.object({ delivery: webhookDeliverySchema }),
  }),
} as const;
