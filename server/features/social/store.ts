/**
 * Social accounts. Provider tokens are sealed before they are written (sealed-tokens.ts,
 * over crypto/encrypt.ts). Flow state is an "oauth-state" one-time secret (core/one-time.ts).
 */
import type { Kysely } from "kysely";
import { newId } from "../../crypto/tokens.js";
import type { AccountRow, Database } from "../../db/types.js";

type Q = Kysely<Database>;

export function findAccountByProvider(db: Q, providerId: string, accountId: string): Promise<AccountRow | undefined> {
  return db.selectFrom("account").selectAll().where("providerId", "=", providerId).where("accountId", "=", accountId).executeTakeFirst();
}

export function findAccountOfUser(db: Q, userId: string, selection: { id?: string; providerId?: string }): Promise<AccountRow | undefined> {
  let query = db.selectFrom("account").selectAll().where("userId", "=", userId).where("providerId", "!=", "credential");
  if (selection.id) query = query.where("id", "=", selection.id);
  if (selection.providerId) query = query.where("providerId", "=", selection.providerId);
  return query.orderBy("createdAt", "asc").executeTakeFirst();
}

/** Sealed token columns, as written. */
export interface SealedTokens {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: number | null;
  refreshTokenExpiresAt: number | null;
  scope: string | null;
}

export async function insertSocialAccount(db: Q, input: { userId: string; providerId: string; accountId: string; tokens: SealedTokens; now: number }): Promise<string> {
  const id = newId();
  await db
    .insertInto("account")
    .values({ id, providerId: input.providerId, accountId: input.accountId, userId: input.userId, password: null, ...input.tokens, createdAt: input.now, updatedAt: input.now })
    .execute();
  return id;
}

/** Replace tokens; a null refresh token keeps the stored one (providers rotate it only sometimes). */
export async function updateAccountTokens(db: Q, id: string, tokens: Partial<SealedTokens>, now: number): Promise<void> {
  const changes: Partial<SealedTokens> & { updatedAt: number } = { updatedAt: now };
  for (const [key, value] of Object.entries(tokens) as Array<[keyof SealedTokens, string | number | null | undefined]>) {
    if (value !== undefined && value !== null) (changes as Record<string, unknown>)[key] = value;
  }
  await db.updateTable("account").set(changes).where("id", "=", id).execute();
}

/**
 * One token column sealed again under the current secret (it opened with a previous one), unless
 * it changed since it was read: a refresh that stored fresh tokens meanwhile wins.
 */
export async function resealToken(db: Q, id: string, column: "accessToken" | "refreshToken" | "idToken", expected: string, next: string): Promise<void> {
  await db.updateTable("account").set({ [column]: next }).where("id", "=", id).where(column, "=", expected).execute();
}
