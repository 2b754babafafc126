/** User and account queries. First parameter is the database or a transaction. */
import type { Kysely } from "kysely";
import { lockingRows } from "../../db/lock.js";
import type { AccountRow, Database, NewUser, UserRow, UserUpdate } from "../../db/types.js";

type Q = Kysely<Database>;

export const CREDENTIAL_PROVIDER = "credential";

/**
 * Locks the user row until the transaction ends (PostgreSQL; a no-op on SQLite, where
 * transactions already run one at a time). For per-user check-then-write steps: the
 * organization limit, "is this the last account?", "does a password account exist yet?".
 */
export async function lockUser(trx: Q, id: string): Promise<void> {
  await lockingRows(trx, trx.selectFrom("user").select("id").where("id", "=", id)).execute();
}

export function findUserById(db: Q, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export function findUserByUsername(db: Q, username: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("username", "=", username.toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: Q, user: NewUser): Promise<UserRow> {
  await db.insertInto("user").values(user).execute();
  return (await findUserById(db, user.id)) as UserRow;
}

export async function updateUser(db: Q, id: string, changes: UserUpdate): Promise<UserRow | undefined> {
  await db.updateTable("user").set(changes).where("id", "=", id).execute();
  return findUserById(db, id);
}

export function findCredentialAccount(db: Q, userId: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom("account")
    .selectAll()
    .where("userId", "=", userId)
    .where("providerId", "=", CREDENTIAL_PROVIDER)
    .executeTakeFirst();
}

export async function insertCredentialAccount(db: Q, input: { id: string; userId: string; passwordHash: string; now: number }) {
  await db
    .insertInto("account")
    .values({
      id: input.id,
      providerId: CREDENTIAL_PROVIDER,
      accountId: input.userId,
      userId: input.userId,
      password: input.passwordHash,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
}

export async function setCredentialPassword(db: Q, accountId: string, passwordHash: string, now: number) {
  await db.updateTable("account").set({ password: passwordHash, updatedAt: now }).where("id", "=", accountId).execute();
}

/** True for the driver's unique-constraint failure (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.code === "23505";
}
