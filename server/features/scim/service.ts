/**
 * SCIM connections and their tokens. A connection is one directory bound to one organization:
 * declared in the configuration (better-auth 1.7's `scim.connections` shape, tokens in the file)
 * or created by an owner of the organization (`create-token`: a token shown once, stored as its
 * SHA-256 digest). A SCIM token authenticates nothing but the SCIM protocol of its own connection:
 * the contract's routes look bearer tokens up among sessions, where it is not.
 */
import { apiError } from "../../../shared/errors.js";
import { splitRoles } from "../../../shared/permissions.js";
import type { ScimConnection } from "../../../shared/contract/scim.js";
import type { AppContext } from "../../context.js";
import type { Config } from "../../config.js";
import { hashSecret, newId, randomString } from "../../crypto/tokens.js";
import type { UserRow } from "../../db/types.js";
import { ScimError } from "./scim-error.js";
import * as store from "./store.js";

/** 48 characters from 62 (≈ 285 bits) after a prefix that says what it is in a leaked log. */
const TOKEN_PREFIX = "lk_scim_";
const TOKEN_LENGTH = 48;
/** lastUsedAt / lastActivityAt are written at most this often per token and connection. */
const ACTIVITY_WRITE_MS = 60_000;

export type Scope = "scim.users.read" | "scim.users.write" | "scim.groups.read" | "scim.groups.write";
const ALL_SCOPES: readonly Scope[] = ["scim.users.read", "scim.users.write", "scim.groups.read", "scim.groups.write"];

export interface ScimCaller {
  connection: { id: string; organizationId: string; name: string };
  scopes: readonly Scope[];
}

export function scimEnabled(config: Config): boolean {
  return config.scim.enabled || config.scim.connections.length > 0;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

async function requireOwner(app: AppContext, actor: UserRow, organizationId: string): Promise<void> {
  if (!scimEnabled(app.config)) throw apiError("SCIM_DISABLED");
  const member = await store.memberRole(app.db, organizationId, actor.id);
  if (!member) throw apiError("ORGANIZATION_NOT_FOUND");
  if (!splitRoles(member.role).includes(app.config.organization.creatorRole)) throw apiError("ONLY_OWNERS_MANAGE_SCIM");
}

export async function createToken(app: AppContext, actor: UserRow, input: { organizationId: string; name: string }) {
  await requireOwner(app, actor, input.organizationId);
  const now = app.clock.now();
  let connection = await store.findManagedConnection(app.db, input.organizationId, input.name);
  if (!connection) {
    connection = { id: newId(), organizationId: input.organizationId, name: input.name, configured: 0, createdAt: now, createdBy: actor.id, lastActivityAt: null };
    await app.db.insertInto("scimConnection").values(connection).execute();
  }
  const token = TOKEN_PREFIX + randomString(TOKEN_LENGTH);
  const tokenId = newId();
  await app.db
    .insertInto("scimToken")
    .values({ id: tokenId, connectionId: connection.id, digest: hashSecret(token), start: token.slice(0, TOKEN_PREFIX.length + 4), createdAt: now, createdBy: actor.id, lastUsedAt: null })
    .execute();
  const [wire] = await toWire(app, [connection]);
  return { token, tokenId, connection: wire!, scimBaseURL: `${app.apiURL}/scim/v2` };
}

export async function listConnections(app: AppContext, actor: UserRow, organizationId: string): Promise<ScimConnection[]> {
  await requireOwner(app, actor, organizationId);
  return toWire(app, await store.listConnections(app.db, organizationId));
}

export async function revokeToken(app: AppContext, actor: UserRow, tokenId: string) {
  const row = await app.db
    .selectFrom("scimToken")
    .innerJoin("scimConnection", "scimConnection.id", "scimToken.connectionId")
    .select(["scimToken.id", "scimToken.start", "scimConnection.id as connectionId", "scimConnection.organizationId", "scimConnection.name"])
    .where("scimToken.id", "=", tokenId)
    .executeTakeFirst();
  // Someone else's token reads as unknown, so ids cannot be probed across organizations.
  if (!row || !(await store.memberRole(app.db, row.organizationId, actor.id))) throw apiError("SCIM_TOKEN_NOT_FOUND");
  await requireOwner(app, actor, row.organizationId);
  await app.db.deleteFrom("scimToken").where("id", "=", tokenId).execute();
  return row;
}

async function toWire(app: AppContext, rows: store.ConnectionRow[]): Promise<ScimConnection[]> {
  const ids = rows.map((row) => row.id);
  const [tokens, counts] = await Promise.all([store.tokensOf(app.db, ids), store.userCounts(app.db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    configured: Boolean(row.configured),
    createdAt: iso(row.createdAt)!,
    lastActivityAt: iso(row.lastActivityAt),
    users: counts.get(row.id) ?? 0,
    tokens: tokens.filter((token) => token.connectionId === row.id).map((token) => ({ id: token.id, start: token.start, createdAt: iso(token.createdAt)!, lastUsedAt: iso(token.lastUsedAt) })),
  }));
}

type Configured = Config["scim"]["connections"][number];

/** Configured tokens by digest: a lookup, like the database's, that never compares the secret itself. */
const configuredTokens = new WeakMap<Config, Map<string, { connection: Configured; scopes: readonly Scope[]; expiresAt?: Date }>>();

function configuredTokenMap(config: Config) {
  let map = configuredTokens.get(config);
  if (!map) {
    map = new Map();
    for (const connection of config.scim.connections) {
      for (const credential of connection.credentials) {
        map.set(hashSecret(credential.token), { connection, scopes: credential.scopes ?? ALL_SCOPES, ...(credential.expiresAt ? { expiresAt: credential.expiresAt } : {}) });
      }
    }
    configuredTokens.set(config, map);
  }
  return map;
}

const written = new Map<string, number>();
/** Activity is shown to owners by the minute; a push of thousands of requests writes it once. */
function due(key: string, now: number): boolean {
  const last = written.get(key);
  if (last !== undefined && now - last < ACTIVITY_WRITE_MS) return false;
  if (written.size > 10_000) written.clear();
  written.set(key, now);
  return true;
}

const unauthorized = (detail: string) => new ScimError(401, detail);

/** The connection a bearer token speaks for; a configured connection's row is made on first use. */
export async function authenticate(app: AppContext, authorization: string | undefined): Promise<ScimCaller> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!token) throw unauthorized("SCIM bearer token is required");
  if (token.length > 1024) throw unauthorized("Invalid SCIM bearer token");
  const digest = hashSecret(token);
  const now = app.clock.now();
  const configured = configuredTokenMap(app.config).get(digest);
  if (configured) {
    if (configured.expiresAt && configured.expiresAt.getTime() <= now) throw unauthorized("Invalid SCIM bearer token");
    const connection = await bindConfigured(app, configured.connection, now);
    if (due(`c:${connection.id}`, now)) await app.db.updateTable("scimConnection").set({ lastActivityAt: now }).where("id", "=", connection.id).execute();
    return { connection, scopes: configured.scopes };
  }
  const row = await store.findTokenByDigest(app.db, digest);
  if (!row) throw unauthorized("Invalid SCIM bearer token");
  if (due(`t:${row.tokenId}`, now)) {
    await app.db.updateTable("scimToken").set({ lastUsedAt: now }).where("id", "=", row.tokenId).execute();
    await app.db.updateTable("scimConnection").set({ lastActivityAt: now }).where("id", "=", row.id).execute();
  }
  return { connection: { id: row.id, organizationId: row.organizationId, name: row.name }, scopes: ALL_SCOPES };
}

/**
 * A configured connection provisions the organization its provisioningDomainId (default: its id)
 * names, by id or slug. The binding is kept: a later configuration naming another organization is
 * refused rather than moving the connection's people (better-auth refuses the same change).
 */
async function bindConfigured(app: AppContext, connection: Configured, now: number): Promise<ScimCaller["connection"]> {
  const existing = await store.findConnection(app.db, connection.id);
  const domain = connection.provisioningDomainId ?? connection.id;
  const organization = await store.findOrganizationByIdOrSlug(app.db, domain);
  if (existing) {
    if (organization && organization.id !== existing.organizationId) throw new ScimError(409, `SCIM connection ${connection.id} already provisions another organization; its provisioningDomainId changed`);
    return { id: existing.id, organizationId: existing.organizationId, name: existing.name };
  }
  if (!organization) throw new ScimError(403, `No organization has the id or slug "${domain}" (the connection's provisioningDomainId): create it first`);
  await app.db
    .insertInto("scimConnection")
    .values({ id: connection.id, organizationId: organization.id, name: connection.id, configured: 1, createdAt: now, createdBy: null, lastActivityAt: null })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const bound = await store.findConnection(app.db, connection.id);
  if (!bound || bound.organizationId !== organization.id) throw new ScimError(409, `SCIM connection ${connection.id} already provisions another organization`);
  return { id: bound.id, organizationId: bound.organizationId, name: bound.name };
}
