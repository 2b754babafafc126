/**
 * Webhook endpoints and their delivery log (issue 38, docs/webhooks.md). The queue and the sender
 * are in server/webhook; this is the administration over HTTP.
 *
 * Who may: an administrator's own session (webhook:read / webhook:manage), or an API key whose
 * permissions name that very action. A full-rights key is not enough, and an impersonation never
 * is: an endpoint receives every event it selects (sign-ins with addresses and IPs, bans…), so
 * whoever registers one reads the log from then on. A key may also register only https URLs on
 * public hosts (the OpenID provider's back-channel rules), never one inside the network.
 */
import { apiError } from "../../../shared/errors.js";
import type { WebhookDeliveryWire, WebhookEndpointWire } from "../../../shared/contract/webhook.js";
import { defineHandlers } from "../../http/handler.js";
import type { AuthState } from "../../http/handler.js";
import type { AppContext } from "../../context.js";
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from "../../db/types.js";
import { can } from "../../core/admin-access.js";
import { hostIsPublic, systemResolveHost } from "../../core/net/public-address.js";
import { iso } from "../../core/user/wire.js";
import { newId } from "../../crypto/tokens.js";
import { newWebhookSecret, ROTATION_OVERLAP_MS, sealWebhookSecret } from "../../webhook/secret.js";
import { unmatchedSelectors } from "../../webhook/selectors.js";
import { pendingDelivery } from "../../webhook/outbox.js";
import { testPayload } from "../../webhook/payload.js";
import { FLAG_AFTER } from "../../webhook/schedule.js";
import { attemptsOf, deleteEndpoint, findDelivery, findEndpoint, insertDelivery, insertEndpoint, listDeliveries, listEndpoints, requeue, updateEndpoint } from "./store.js";

const DEFAULT_LIMIT = 50;

function assertMay(app: AppContext, auth: AuthState, action: "read" | "manage"): void {
  if (auth.kind === "impersonation") throw apiError("NOT_ALLOWED_WHILE_IMPERSONATING");
  if (auth.kind === "api-key" && !(auth.apiKey?.permissions?.webhook ?? []).includes(action)) throw apiError("API_KEY_NOT_ALLOWED");
  if (!can(app.config, auth.user, { webhook: [action] })) throw apiError("WEBHOOK_FORBIDDEN");
}

async function checkUrl(app: AppContext, auth: AuthState, url: string): Promise<void> {
  if (auth.kind !== "api-key") return;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" || (await hostIsPublic(parsed.hostname, app.resolveHost ?? systemResolveHost)) === "not-public") throw apiError("WEBHOOK_URL_NOT_ALLOWED");
}

function checkEvents(events: readonly string[]): void {
  const unmatched = unmatchedSelectors(events);
  if (unmatched.length) throw apiError("WEBHOOK_UNKNOWN_EVENT", undefined, unmatched.map((selector) => ({ path: "events", message: `no audit action matches ${selector}` })));
}

/** Only scheme and host go into the audit log: a URL's path may itself be a secret (Slack's are). */
const originOf = (url: string) => new URL(url).origin;

function toEndpoint(row: WebhookEndpointRow, now: number): WebhookEndpointWire {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    disabled: row.disabled !== 0,
    failedInARow: row.failedInARow,
    failing: row.failedInARow >= FLAG_AFTER,
    previousSecretUntil: row.previousSecretSealed && row.previousUntil && row.previousUntil > now ? iso(row.previousUntil) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toDelivery(row: WebhookDeliveryRow, tries: readonly WebhookAttemptRow[] = []): WebhookDeliveryWire {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType,
    auditEventId: row.auditEventId,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: iso(row.createdAt),
    payload: JSON.parse(row.payload) as unknown,
    tries: tries.map((t) => ({ at: iso(t.at), httpStatus: t.httpStatus, durationMs: t.durationMs, error: t.error, response: t.response })),
  };
}

async function requireEndpoint(app: AppContext, id: string): Promise<WebhookEndpointRow> {
  const row = await findEndpoint(app.db, id);
  if (!row) throw apiError("WEBHOOK_NOT_FOUND");
  return row;
}

export const webhookHandlers = defineHandlers({
  adminCreateWebhook: async (ctx) =>
    ctx.change(async () => {
      assertMay(ctx.app, ctx.auth, "manage");
      checkEvents(ctx.body.events);
      await checkUrl(ctx.app, ctx.auth, ctx.body.url);
      const now = ctx.app.clock.now();
      const secret = newWebhookSecret();
      const row: WebhookEndpointRow = {
        id: `ep_${newId()}`,
        url: ctx.body.url,
        description: ctx.body.description ?? null,
        events: JSON.stringify([...new Set(ctx.body.events)]),
        secretSealed: sealWebhookSecret(secret, ctx.app.secret),
        previousSecretSealed: null,
        previousUntil: null,
        disabled: 0,
        failedInARow: 0,
        createdBy: ctx.auth.user.id,
        // An API key's endpoint stays bound to public addresses at every try, not only here (DNS rebinding).
        publicOnly: ctx.auth.kind === "api-key" ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      };
      await insertEndpoint(ctx.app.db, row);
      ctx.app.audit.endpointsChanged();
      ctx.audit({ action: "webhook.create", metadata: { endpointId: row.id, origin: originOf(row.url), events: ctx.body.events } });
      return { endpoint: toEndpoint(row, now), secret };
    }),
  adminListWebhooks: async (ctx) => {
    assertMay(ctx.app, ctx.auth, "read");
    const now = ctx.app.clock.now();
    return { endpoints: (await listEndpoints(ctx.app.db)).map((row) => toEndpoint(row, now)) };
  },
  adminUpdateWebhook: async (ctx) =>
    ctx.change(async () => {
      assertMay(ctx.app, ctx.auth, "manage");
      const body = ctx.body;
      await requireEndpoint(ctx.app, body.id);
      if (body.events) checkEvents(body.events);
      if (body.url) await checkUrl(ctx.app, ctx.auth, body.url);
      const now = ctx.app.clock.now();
      const row = await updateEndpoint(ctx.app.db, body.id, {
        ...(body.url !== undefined ? { url: body.url, publicOnly: ctx.auth.kind === "api-key" ? 1 : 0 } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify([...new Set(body.events)]) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        // Enabling again clears the failing flag: the operator says the receiver is back.
        ...(body.disabled !== undefined ? { disabled: body.disabled ? 1 : 0, ...(body.disabled ? {} : { failedInARow: 0 }) } : {}),
        updatedAt: now,
      });
      if (!row) throw apiError("WEBHOOK_NOT_FOUND");
      ctx.app.audit.endpointsChanged();
      ctx.audit({ action: "webhook.update", metadata: { endpointId: row.id, origin: originOf(row.url), changed: Object.keys(body).filter((key) => key !== "id") } });
      if (body.disabled === false) ctx.app.webhooks?.nudge();
      return { endpoint: toEndpoint(row, now) };
    }),
  adminDeleteWebhook: async (ctx) =>
    ctx.change(async () => {
      assertMay(ctx.app, ctx.auth, "manage");
      const row = await requireEndpoint(ctx.app, ctx.body.id);
      await deleteEndpoint(ctx.app.db, row.id);
      ctx.app.audit.endpointsChanged();
      ctx.audit({ action: "webhook.delete", metadata: { endpointId: row.id, origin: originOf(row.url) } });
      return { success: true };
    }),
  adminRotateWebhookSecret: async (ctx) =>
    ctx.change(async () => {
      assertMay(ctx.app, ctx.auth, "manage");
      const current = await requireEndpoint(ctx.app, ctx.body.id);
      const now = ctx.app.clock.now();
      const secret = newWebhookSecret();
      // The secret being replaced keeps signing for 24 h; a rotation within that window drops the older one.
      const row = await updateEndpoint(ctx.app.db, current.id, {
        secretSealed: sealWebhookSecret(secret, ctx.app.secret),
        previousSecretSealed: current.secretSealed,
        previousUntil: now + ROTATION_OVERLAP_MS,
        updatedAt: now,
      });
      if (!row) throw apiError("WEBHOOK_NOT_FOUND");
      // The sender signs from the recorder's copy of the endpoints: the new secret signs from now on.
      ctx.app.audit.endpointsChanged();
      ctx.audit({ action: "webhook.rotate-secret", metadata: { endpointId: row.id, origin: originOf(row.url) } });
      return { endpoint: toEndpoint(row, now), secret };
    }),
  adminListWebhookDeliveries: async (ctx) => {
    assertMay(ctx.app, ctx.auth, "read");
    const q = ctx.query;
    const limit = q.limit ?? DEFAULT_LIMIT;
    const [at, ...rest] = q.cursor?.split("_") ?? [];
    const rows = await listDeliveries(ctx.app.db, {
      endpointId: q.endpointId,
      status: q.status,
      eventType: q.eventType === undefined ? undefined : q.eventType.endsWith("*") ? { prefix: q.eventType.slice(0, -1) } : { exact: q.eventType },
      before: q.cursor ? { createdAt: Number(at), id: rest.join("_") } : undefined,
      limit,
    });
    const tries = await attemptsOf(ctx.app.db, rows.map((row) => row.id));
    const last = rows[rows.length - 1];
    return { deliveries: rows.map((row) => toDelivery(row, tries.get(row.id))), nextCursor: rows.length === limit && last ? `${last.createdAt}_${last.id}` : null };
  },
  adminRedeliverWebhook: async (ctx) => {
    assertMay(ctx.app, ctx.auth, "manage");
    if (!(await findDelivery(ctx.app.db, ctx.body.deliveryId))) throw apiError("WEBHOOK_DELIVERY_NOT_FOUND");
    const row = await requeue(ctx.app.db, ctx.body.deliveryId, ctx.app.clock.now());
    if (!row) throw apiError("WEBHOOK_DELIVERY_NOT_FOUND");
    ctx.app.webhooks?.nudge();
    return { delivery: toDelivery(row, (await attemptsOf(ctx.app.db, [row.id])).get(row.id)) };
  },
  adminTestWebhook: async (ctx) => {
    assertMay(ctx.app, ctx.auth, "manage");
    const endpoint = await requireEndpoint(ctx.app, ctx.body.id);
    const now = ctx.app.clock.now();
    const row = pendingDelivery({ endpointId: endpoint.id, eventType: "webhook.test", auditEventId: null, payload: testPayload(endpoint.id, now) }, now);
    await insertDelivery(ctx.app.db, row);
    ctx.app.webhooks?.nudge();
    return { delivery: toDelivery(row) };
  },
});
