/** Passkey queries. First parameter is the database or a transaction. */
import type { Kysely } from "kysely";
import type { Database, PasskeyRow } from "../../db/types.js";

type Q = Kysely<Database>;

export function listPasskeysOf(db: Q, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom("passkey").selectAll().where("userId", "=", userId).orderBy("createdAt", "asc").orderBy("id", "asc").execute();
}

export function findPasskeyByCredential(db: Q, credentialID: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom("passkey").selectAll().where("credentialID", "=", credentialID).executeTakeFirst();
}

export function findPasskeyOf(db: Q, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom("passkey").selectAll().where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
}

export async function insertPasskey(db: Q, row: PasskeyRow): Promise<void> {
  await db.insertInto("passkey").values(row).execute();
}

export async function renamePasskey(db: Q, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  await db.updateTable("passkey").set({ name }).where("id", "=", id).where("userId", "=", userId).execute();
  return findPasskeyOf(db, userId, id);
}

export async function deletePasskeyOf(db: Q, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("passkey").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Signature counters only move forward; a stale counter means a cloned authenticator. */
export async function advanceCounter(db: Q, id: string, counter: number): Promise<void> {
  await db.updateTable("passkey").set({ counter }).where("id", "=", id).execute();
}
