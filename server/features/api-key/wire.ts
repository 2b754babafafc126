/** apikey row → wire shape (better-auth's answer without the hashed key): the one place that knows both. */
import type { ApiKey, ApiKeyPermissions } from "../../../shared/contract/api-key.js";
import type { ApikeyRow } from "../../db/types.js";
import { iso, isoOrNull } from "../../core/user/wire.js";

const num = (value: number | string | bigint | null): number | null => (value === null ? null : Number(value));

export function parsePermissions(raw: string | null): ApiKeyPermissions | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as ApiKeyPermissions) : null;
  } catch {
    return null;
  }
}

function parseMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toApiKey(row: ApikeyRow): ApiKey {
  return {
    id: row.id,
    configId: row.configId,
    name: row.name,
    start: row.start,
    prefix: row.prefix,
    referenceId: row.referenceId,
    refillInterval: num(row.refillInterval),
    refillAmount: num(row.refillAmount),
    lastRefillAt: isoOrNull(row.lastRefillAt),
    enabled: Boolean(row.enabled),
    rateLimitEnabled: Boolean(row.rateLimitEnabled),
    rateLimitTimeWindow: num(row.rateLimitTimeWindow),
    rateLimitMax: num(row.rateLimitMax),
    requestCount: Number(row.requestCount),
    remaining: num(row.remaining),
    lastRequest: isoOrNull(row.lastRequest),
    expiresAt: isoOrNull(row.expiresAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    permissions: parsePermissions(row.permissions),
    metadata: parseMetadata(row.metadata),
  };
}
