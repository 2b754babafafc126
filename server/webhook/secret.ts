/**
 * Endpoint signing secrets: `whsec_` + base64 of 32 random bytes, the Standard Webhooks form the
 * `standardwebhooks` libraries take as is. Sealed at rest (crypto/encrypt.ts), since the sender
 * must read them back to sign; shown to the administrator once, at creation and at rotation.
 */
import { randomBytes } from "node:crypto";
import { open, seal } from "../crypto/encrypt.js";

export const WEBHOOK_SECRET_PURPOSE = "webhook-signing-secret";

/** How long the previous secret keeps signing after a rotation, so receivers can switch over. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function sealWebhookSecret(secret: string, serverSecret: string): string {
  return seal(secret, serverSecret, WEBHOOK_SECRET_PURPOSE);
}

export function openWebhookSecret(sealed: string, serverSecret: string): string | null {
  return open(sealed, serverSecret, WEBHOOK_SECRET_PURPOSE);
}
