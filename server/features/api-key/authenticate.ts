/**
 * A request carrying `x-api-key`: find the key by its digest, refuse it when disabled, expired,
 * used up or over its rate limit (better-auth's codes), count the use, and act as its user
 * within the key's permissions. The session handed to handlers is synthetic (better-auth's
 * enableSessionForAPIKeys): nothing is stored and no cookie is set.
 */
import type { EndpointSpec } from "../../../shared/contract/endpoint.js";
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import { hashSecret } from "../../crypto/tokens.js";
import type { ApikeyRow, SessionRow, UserRow } from "../../db/types.js";
import { assertNotBanned } from "../../core/session/service.js";
import { findUserById } from "../../core/user/store.js";
import type { KeyScope } from "../../core/credentials/key-scope.js";
import { claimUsage, deleteApiKey, findApiKeyByHash } from "./store.js";
import { parsePermissions } from "./wire.js";

export const API_KEY_HEADER = "x-api-key";
const LAST_USED_PRECISION_MS = 60_000;
const IMPERSONATION_PATHS = new Set(["/admin/impersonate-user", "/admin/stop-impersonating"]);

export interface KeyAuth {
  session: SessionRow;
  user: UserRow;
  token: string;
  apiKey: KeyScope;
}

/** Throws the better-auth code that explains why `key` cannot be used now; on success the use is counted. */
export async function authenticateApiKey(app: AppContext, key: string, spec: EndpointSpec, meta: { ip: string; userAgent: string | null }): Promise<KeyAuth> {
  if (key.length > 512) throw apiError("INVALID_API_KEY");
  const row = await findApiKeyByHash(app.db, hashSecret(key));
  if (!row) throw apiError("INVALID_API_KEY");
  const now = app.clock.now();
  if (!row.enabled) throw apiError("KEY_DISABLED");
  if (row.expiresAt !== null && Number(row.expiresAt) <= now) {
    await deleteApiKey(app.db, row.id);
    throw apiError("KEY_EXPIRED");
  }
  const found = await findUserById(app.db, row.referenceId);
  if (!found) throw apiError("INVALID_API_KEY");
  let user: UserRow;
  try {
    user = await assertNotBanned(app, found);
  } catch {
    throw apiError("USER_BANNED");
  }
  const permissions = parsePermissions(row.permissions);
  assertKeyMayCall(spec, permissions);
  const used = await countUse(app, row, now);
  const session = {
    id: used.id,
    token: used.key,
    userId: user.id,
    expiresAt: used.expiresAt !== null ? Number(used.expiresAt) : now + app.config.session.expiresIn * 1000,
    ipAddress: meta.ip || null,
    userAgent: meta.userAgent,
    createdAt: now,
    updatedAt: now,
    activeOrganizationId: null,
    activeTeamId: null,
    impersonatedBy: null,
  } as SessionRow;
  return { session, user, token: key, apiKey: { keyId: used.id, permissions } };
}

/**
 * Keys never manage keys (a leaked key must not mint a wider or longer-lived one) nor impersonate, and a key
 * limited by permissions may only read, or call endpoints whose permission check it passes
 * (`requires`): account changes such as a new password or e-mail stay with a signed-in person.
 */
function assertKeyMayCall(spec: EndpointSpec, permissions: KeyScope["permissions"]): void {
  if (spec.method === "POST" && spec.path.startsWith("/api-key/")) throw apiError("API_KEY_NOT_ALLOWED");
  // Impersonation makes a browser session and parks the caller's credential in a cookie: a person's act, not a script's.
  if (IMPERSONATION_PATHS.has(spec.path)) throw apiError("API_KEY_NOT_ALLOWED");
  // has-permission only asks (and answers with the key's limits applied), so a limited key may call it.
  if (permissions !== null && spec.method === "POST" && !spec.requires && !spec.path.endsWith("/has-permission")) throw apiError("API_KEY_NOT_ALLOWED");
}

/** Refill, usage count and rate limit, written with a compare-and-set; retried when a concurrent use won. */
async function countUse(app: AppContext, first: ApikeyRow, now: number): Promise<ApikeyRow> {
  let row = first;
  const counted = row.remaining !== null || (Boolean(row.rateLimitEnabled) && row.rateLimitTimeWindow !== null && row.rateLimitMax !== null);
  // A key with no count and no rate limit only records when it was last used: once a minute is
  // enough for "last used", and spares a write on every request of a busy script.
  if (!counted && row.lastRequest !== null && now - Number(row.lastRequest) < LAST_USED_PRECISION_MS) return row;
  for (let attempt = 0; attempt < 8; attempt++) {
    const values: Partial<ApikeyRow> = { lastRequest: now };
    let remaining = row.remaining === null ? null : Number(row.remaining);
    const refillInterval = row.refillInterval === null ? null : Number(row.refillInterval);
    if (remaining !== null && refillInterval !== null && row.refillAmount !== null) {
      const last = Number(row.lastRefillAt ?? row.createdAt);
      if (now - last >= refillInterval) {
        remaining = Number(row.refillAmount);
        values.lastRefillAt = now;
      }
    }
    if (remaining !== null) {
      if (remaining <= 0) {
        if (row.refillAmount === null) await deleteApiKey(app.db, row.id);
        throw apiError("USAGE_EXCEEDED");
      }
      values.remaining = remaining - 1;
    }
    const window = row.rateLimitTimeWindow === null ? null : Number(row.rateLimitTimeWindow);
    const max = row.rateLimitMax === null ? null : Number(row.rateLimitMax);
    if (row.rateLimitEnabled && window !== null && max !== null) {
      const last = row.lastRequest === null ? null : Number(row.lastRequest);
      if (last === null || now - last > window) values.requestCount = 1;
      else if (Number(row.requestCount) >= max) throw apiError("RATE_LIMIT_EXCEEDED");
      else values.requestCount = Number(row.requestCount) + 1;
    }
    const claimed = await claimUsage(app.db, row, values);
    if (claimed) return claimed;
    const again = await findApiKeyByHash(app.db, row.key);
    if (!again) throw apiError("INVALID_API_KEY");
    row = again;
  }
  throw apiError("RATE_LIMIT_EXCEEDED");
}

/** The presented key, if any (one header; a repeated header is not a key). */
export function apiKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[API_KEY_HEADER];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}
