/** Queries for the caller's own sessions and linked accounts. First parameter is db or trx. */
import type { Kysely } from "kysely";
import type { AccountRow, Database, SessionRow } from "../../db/types.js";

type Q = Kysely<Database>;

/** Every account linked to a user, oldest first. */
export function listAccountsOfUser(db: Q, userId: string): Promise<AccountRow[]> {
  return db.selectFrom("account").selectAll().where("userId", "=", userId).orderBy("createdAt", "asc").orderBy("id", "asc").execute();
}

export async function deleteAccountById(db: Q, id: string): Promise<void> {
  await db.deleteFrom("account").where("id", "=", id).execute();
}

/** One of the user's sessions by its stored token hash (the handle lists show). */
export function findSessionOfUserByHash(db: Q, userId: string, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom("session").selectAll().where("userId", "=", userId).where("token", "=", tokenHash).executeTakeFirst();
}
