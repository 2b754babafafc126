/**
 * API-key rules: better-auth's limits and codes for create, get, update, delete and list, the
 * owner-only view, and the administrator's list and revoke. Unlike better-auth, an HTTP caller
 * may set permissions, usage counts and rate limits on their own keys: each only narrows what the
 * key can do, and a key is never more than its user (scope.ts).
 */
import type { BodyOf, Contract } from "../../../shared/contract/index.js";
import type { ApiKey, ApiKeyPermissions } from "../../../shared/contract/api-key.js";
import { apiError } from "../../../shared/errors.js";
import { adminStatements, organizationStatements } from "../../../shared/permissions.js";
import type { AppContext } from "../../context.js";
import { hashSecret, newId } from "../../crypto/tokens.js";
import type { ApikeyRow, ApikeyTable, UserRow } from "../../db/types.js";
import type { Updateable } from "kysely";
import { requirePermission } from "../../core/admin-access.js";
import * as store from "./store.js";
import { toApiKey } from "./wire.js";
import { randomLetters } from "./key-generator.js";

const DAY_MS = 24 * 3600 * 1000;
const METADATA_LIMIT = 4096;

export type CreateInput = BodyOf<Contract["apiKeyCreate"]>;

export async function createApiKey(app: AppContext, user: UserRow, input: CreateInput): Promise<ApiKey & { key: string }> {
  const options = app.config.apiKey;
  if (input.userId !== undefined) throw apiError("UNAUTHORIZED_SESSION");
  if (user.banned) throw apiError("USER_BANNED");
  if (input.name !== undefined) checkName(app, input.name);
  if (input.prefix !== undefined && (input.prefix.length < options.minimumPrefixLength || input.prefix.length > options.maximumPrefixLength)) {
    throw apiError("INVALID_PREFIX_LENGTH");
  }
  checkRefill(input.refillAmount, input.refillInterval);
  const metadata = input.metadata === undefined ? undefined : checkMetadata(app, input.metadata);
  if (input.permissions) checkPermissions(input.permissions);
  const now = app.clock.now();
  const expiresIn = input.expiresIn ?? options.defaultExpiresIn ?? null;
  if (input.expiresIn != null) checkExpiresIn(app, input.expiresIn);

  const prefix = input.prefix ?? (options.defaultPrefix || null);
  const key = `${prefix ?? ""}${randomLetters(options.defaultKeyLength)}`;
  const rateLimited = input.rateLimitEnabled ?? (input.rateLimitMax !== undefined && input.rateLimitTimeWindow !== undefined);
  const row: ApikeyRow = {
    id: newId(),
    configId: "default",
    name: input.name ?? null,
    start: options.startLength > 0 ? key.slice(0, options.startLength) : null,
    prefix,
    key: hashSecret(key),
    referenceId: user.id,
    refillInterval: input.refillInterval ?? null,
    refillAmount: input.refillAmount ?? null,
    lastRefillAt: null,
    enabled: 1,
    rateLimitEnabled: rateLimited ? 1 : 0,
    rateLimitTimeWindow: input.rateLimitTimeWindow ?? null,
    rateLimitMax: input.rateLimitMax ?? null,
    requestCount: 0,
    remaining: input.remaining ?? input.refillAmount ?? null,
    lastRequest: null,
    expiresAt: expiresIn ? now + expiresIn * 1000 : null,
    createdAt: now,
    updatedAt: now,
    permissions: input.permissions ? JSON.stringify(input.permissions) : null,
    metadata: metadata === undefined || metadata === null ? null : JSON.stringify(metadata),
  };
  await store.insertApiKey(app.db, row);
  return { ...toApiKey(row), key };
}

/** The caller's own key, or KEY_NOT_FOUND (another user's key is indistinguishable from none). */
async function ownKey(app: AppContext, user: UserRow, id: string): Promise<ApikeyRow> {
  const row = await store.findApiKeyById(app.db, id);
  if (!row || row.referenceId !== user.id) throw apiError("KEY_NOT_FOUND");
  return row;
}

export async function getApiKey(app: AppContext, user: UserRow, id: string): Promise<ApiKey> {
  return toApiKey(await ownKey(app, user, id));
}

export async function listApiKeys(app: AppContext, userId: string, options: store.ListOptions) {
  const { rows, total } = await store.listApiKeysOf(app.db, userId, options);
  return { apiKeys: rows.map(toApiKey), total, limit: options.limit, offset: options.offset };
}

export type UpdateInput = BodyOf<Contract["apiKeyUpdate"]>;

export async function updateApiKey(app: AppContext, user: UserRow, input: UpdateInput): Promise<ApiKey> {
  if (input.userId !== undefined && input.userId !== user.id) throw apiError("UNAUTHORIZED_SESSION");
  const row = await ownKey(app, user, input.keyId);
  const changes: Updateable<ApikeyTable> = {};
  if (input.name !== undefined) {
    checkName(app, input.name);
    changes.name = input.name;
  }
  if (input.enabled !== undefined) changes.enabled = input.enabled ? 1 : 0;
  if (input.remaining !== undefined) changes.remaining = input.remaining;
  if (input.refillAmount !== undefined || input.refillInterval !== undefined) {
    checkRefill(input.refillAmount, input.refillInterval);
    changes.refillAmount = input.refillAmount;
    changes.refillInterval = input.refillInterval;
  }
  if (input.metadata !== undefined) {
    const metadata = checkMetadata(app, input.metadata);
    changes.metadata = metadata === null ? null : JSON.stringify(metadata);
  }
  if (input.expiresIn !== undefined) {
    if (input.expiresIn !== null) checkExpiresIn(app, input.expiresIn);
    changes.expiresAt = input.expiresIn === null ? null : app.clock.now() + input.expiresIn * 1000;
  }
  if (input.rateLimitEnabled !== undefined) changes.rateLimitEnabled = input.rateLimitEnabled ? 1 : 0;
  if (input.rateLimitTimeWindow !== undefined) changes.rateLimitTimeWindow = input.rateLimitTimeWindow;
  if (input.rateLimitMax !== undefined) changes.rateLimitMax = input.rateLimitMax;
  if (input.permissions !== undefined) {
    if (input.permissions) checkPermissions(input.permissions);
    changes.permissions = input.permissions ? JSON.stringify(input.permissions) : null;
  }
  if (Object.keys(changes).length === 0) throw apiError("NO_VALUES_TO_UPDATE");
  changes.updatedAt = app.clock.now();
  const updated = await store.updateApiKey(app.db, row.id, changes);
  if (!updated) throw apiError("KEY_NOT_FOUND");
  return toApiKey(updated);
}

export async function deleteOwnApiKey(app: AppContext, user: UserRow, keyId: string): Promise<ApikeyRow> {
  if (user.banned) throw apiError("USER_BANNED");
  const row = await ownKey(app, user, keyId);
  await store.deleteApiKey(app.db, row.id);
  return row;
}

/** Keys are credentials like sessions: listing a user's keys needs session:list, revoking needs session:revoke. */
export async function adminListApiKeys(app: AppContext, actor: UserRow, userId: string, options: store.ListOptions) {
  requirePermission(app.config, actor, { session: ["list"] }, "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_API_KEYS");
  return listApiKeys(app, userId, options);
}

export async function adminRevokeApiKey(app: AppContext, actor: UserRow, keyId: string): Promise<ApikeyRow> {
  requirePermission(app.config, actor, { session: ["revoke"] }, "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_API_KEYS");
  const row = await store.findApiKeyById(app.db, keyId);
  if (!row) throw apiError("KEY_NOT_FOUND");
  await store.deleteApiKey(app.db, row.id);
  return row;
}

function checkName(app: AppContext, name: string): void {
  const { minimumNameLength, maximumNameLength } = app.config.apiKey;
  if (name.length < minimumNameLength || name.length > maximumNameLength) throw apiError("INVALID_NAME_LENGTH");
}

/** better-auth bounds expiresIn (seconds) in days. */
function checkExpiresIn(app: AppContext, expiresIn: number): void {
  const days = (expiresIn * 1000) / DAY_MS;
  if (days < app.config.apiKey.minExpiresInDays) throw apiError("EXPIRES_IN_IS_TOO_SMALL");
  if (days > app.config.apiKey.maxExpiresInDays) throw apiError("EXPIRES_IN_IS_TOO_LARGE");
}

function checkRefill(amount: number | undefined, interval: number | undefined): void {
  if (interval !== undefined && amount === undefined) throw apiError("REFILL_AMOUNT_AND_INTERVAL_REQUIRED");
  if (amount !== undefined && interval === undefined) throw apiError("REFILL_INTERVAL_AND_AMOUNT_REQUIRED");
}

function checkMetadata(app: AppContext, metadata: unknown): Record<string, unknown> | null {
  if (!app.config.apiKey.enableMetadata) throw apiError("METADATA_DISABLED");
  if (metadata === null) return null;
  if (typeof metadata !== "object" || Array.isArray(metadata)) throw apiError("INVALID_METADATA_TYPE");
  if (JSON.stringify(metadata).length > METADATA_LIMIT) {
    throw apiError("VALIDATION_ERROR", "Invalid body parameters", [{ path: "metadata", message: `at most ${METADATA_LIMIT} characters as JSON` }]);
  }
  return metadata as Record<string, unknown>;
}

/** Only resources and actions that some permission check asks about: a typo would silently grant nothing. */
const KNOWN: Record<string, readonly string[]> = { ...organizationStatements, ...adminStatements };
function checkPermissions(permissions: ApiKeyPermissions): void {
  for (const [resource, actions] of Object.entries(permissions)) {
    const known = Object.hasOwn(KNOWN, resource) ? KNOWN[resource] : undefined;
    if (!known || actions.length === 0 || actions.some((action) => !known.includes(action))) throw apiError("INVALID_API_KEY_PERMISSIONS");
  }
}
