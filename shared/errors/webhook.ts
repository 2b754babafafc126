/** Webhook endpoints and deliveries (features/webhook, docs/webhooks.md). */
export const webhookErrors = {
  WEBHOOK_FORBIDDEN: { status: 403, message: "You are not allowed to manage webhooks" },
  WEBHOOK_NOT_FOUND: { status: 404, message: "No such webhook endpoint" },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: "No such webhook delivery" },
  WEBHOOK_UNKNOWN_EVENT: { status: 400, message: "No audit action matches this event selector" },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: "This webhook URL is not allowed: an API key may register only https URLs on public hosts" },
} as const;
