/** Queries of the OpenID provider's tables (migration 0016): clients, consents, tokens. */
import type { CompiledQuery, InferResult, Kysely } from "kysely";
import { lockingRows } from "../../db/lock.js";
import type { Database, OAuthClientRow, OAuthConsentRow, OAuthTokenRow } from "../../db/types.js";

type Q = Kysely<Database>;

export function findClient(db: Q, clientId: string): Promise<OAuthClientRow | undefined> {
  return db.selectFrom("oauthClient").selectAll().where("clientId", "=", clientId).executeTakeFirst();
}

export function listClients(db: Q): Promise<OAuthClientRow[]> {
  return db.selectFrom("oauthClient").selectAll().orderBy("createdAt", "desc").orderBy("clientId").execute();
}

export async function insertClient(db: Q, row: OAuthClientRow): Promise<void> {
  await db.insertInto("oauthClient").values(row).execute();
}

export function updateClient(db: Q, clientId: string, changes: Partial<Omit<OAuthClientRow, "clientId">>): Promise<OAuthClientRow | undefined> {
  return db.updateTable("oauthClient").set(changes).where("clientId", "=", clientId).returningAll().executeTakeFirst();
}

export async function deleteClient(db: Q, clientId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("oauthToken").where("clientId", "=", clientId).execute();
    await trx.deleteFrom("oauthConsent").where("clientId", "=", clientId).execute();
    const result = await trx.deleteFrom("oauthClient").where("clientId", "=", clientId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export function findConsent(db: Q, clientId: string, userId: string): Promise<OAuthConsentRow | undefined> {
  return db.selectFrom("oauthConsent").selectAll().where("clientId", "=", clientId).where("userId", "=", userId).executeTakeFirst();
}

export function findConsentById(db: Q, id: string): Promise<OAuthConsentRow | undefined> {
  return db.selectFrom("oauthConsent").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Remembers (or widens) a consent: one row per client and user. */
export async function saveConsent(db: Q, row: OAuthConsentRow): Promise<void> {
  await db
    .insertInto("oauthConsent")
    .values(row)
    .onConflict((oc) => oc.columns(["clientId", "userId"]).doUpdateSet({ scopes: row.scopes, updatedAt: row.updatedAt }))
    .execute();
}

export function consentsOfUser(db: Q, userId: string) {
  return db
    .selectFrom("oauthConsent")
    .innerJoin("oauthClient", "oauthClient.clientId", "oauthConsent.clientId")
    .select(["oauthConsent.id", "oauthConsent.clientId", "oauthConsent.userId", "oauthConsent.scopes", "oauthConsent.createdAt", "oauthConsent.updatedAt", "oauthClient.metadata"])
    .where("oauthConsent.userId", "=", userId)
    .orderBy("oauthConsent.updatedAt", "desc")
    .execute();
}

export function consentsOfClient(db: Q, clientId: string) {
  return db
    .selectFrom("oauthConsent")
    .innerJoin("user", "user.id", "oauthConsent.userId")
    .select(["oauthConsent.id", "oauthConsent.clientId", "oauthConsent.userId", "oauthConsent.scopes", "oauthConsent.createdAt", "oauthConsent.updatedAt", "user.email", "user.name"])
    .where("oauthConsent.clientId", "=", clientId)
    .orderBy("oauthConsent.updatedAt", "desc")
    .execute();
}

/** A revoked grant: the consent and the app's tokens for that person. */
export async function deleteGrant(db: Q, consent: OAuthConsentRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("oauthToken").where("clientId", "=", consent.clientId).where("userId", "=", consent.userId).execute();
    await trx.deleteFrom("oauthConsent").where("id", "=", consent.id).execute();
  });
}

export async function insertTokens(db: Q, rows: OAuthTokenRow[]): Promise<void> {
  await db.insertInto("oauthToken").values(rows).execute();
}

export function findToken(db: Q, tokenHash: string): Promise<OAuthTokenRow | undefined> {
  return db.selectFrom("oauthToken").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

/**
 * Marks a refresh token used, only if it was not yet: of two concurrent exchanges exactly one
 * wins; the loser (or a later replay) is reuse.
 */
async function markUsed(db: Q, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable("oauthToken").set({ usedAt: now }).where("id", "=", id).where("usedAt", "is", null).where("revokedAt", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Spends a refresh token and stores its successors in one transaction (issue 43): a concurrent
 * revocation of the family either comes first (then the token is no longer spendable: false) or
 * waits for this to commit and revokes the successors with the rest (revokeFamily).
 */
export function rotateRefreshToken(db: Q, id: string, now: number, successors: OAuthTokenRow[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markUsed(trx, id, now))) return false;
    await insertTokens(trx, successors);
    return true;
  });
}

/**
 * Revokes every token of a family. The family's rows are locked first (in id order, so two
 * revocations queue rather than deadlock): a rotation in flight holds its spent token's row until
 * it committed its successors, which the UPDATE, a new statement, then sees and revokes too
 * (PostgreSQL; SQLite runs one transaction at a time). Not inside another transaction.
 */
export async function revokeFamily(db: Q, familyId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockingRows(trx, trx.selectFrom("oauthToken").select("id").where("familyId", "=", familyId).orderBy("id")).execute();
    await trx.updateTable("oauthToken").set({ revokedAt: now }).where("familyId", "=", familyId).where("revokedAt", "is", null).execute();
  });
}

export async function revokeToken(db: Q, id: string, now: number): Promise<void> {
  await db.updateTable("oauthToken").set({ revokedAt: now }).where("id", "=", id).where("revokedAt", "is", null).execute();
}

/** The sessions' tokens: RP-initiated logout ends what the apps got from that sign-in. */
export async function revokeSessionTokens(db: Q, sessionId: string, now: number): Promise<void> {
  await db.updateTable("oauthToken").set({ revokedAt: now }).where("sessionId", "=", sessionId).where("revokedAt", "is", null).execute();
}

/**
 * Userinfo's one lookup: the access token, whether its client is enabled, and the person the
 * claims describe, in one indexed join, built and compiled once per database and reused with a
 * new parameter (as core/session/store.ts does for get-session). Three separate Kysely reads
 * (token, client, user) made userinfo cost 2.5× get-session's CPU per request (bench/oidc.ts,
 * issue 23); most of that was building and compiling the queries, not SQLite.
 */
function accessTokenQuery(db: Q, tokenHash: string) {
  return db
    .selectFrom("oauthToken")
    .innerJoin("oauthClient", "oauthClient.clientId", "oauthToken.clientId")
    .innerJoin("user", "user.id", "oauthToken.userId")
    .select(["oauthToken.kind", "oauthToken.scopes", "oauthToken.expiresAt", "oauthToken.revokedAt", "oauthClient.disabled as clientDisabled", "oauthClient.metadata as clientMetadata"])
    .select(["user.id", "user.name", "user.image", "user.username", "user.updatedAt", "user.email", "user.emailVerified", "user.role", "user.banned", "user.banExpires", "user.deactivated"])
    .where("oauthToken.tokenHash", "=", tokenHash);
}

type AccessTokenWithPerson = InferResult<ReturnType<typeof accessTokenQuery>>[number];
const compiledAccessLookups = new WeakMap<object, CompiledQuery>();

export async function findAccessTokenWithPerson(db: Q, tokenHash: string): Promise<AccessTokenWithPerson | undefined> {
  let compiled = compiledAccessLookups.get(db);
  if (!compiled) {
    compiled = accessTokenQuery(db, "").compile();
    compiledAccessLookups.set(db, compiled);
  }
  const result = await db.executeQuery<AccessTokenWithPerson>({ ...compiled, parameters: [tokenHash] });
  return result.rows[0];
}
