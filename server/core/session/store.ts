/** Session queries. Lookups go through the hashed token; the raw token never reaches SQL. */
import type { CompiledQuery, Kysely } from "kysely";
import type { Database, SessionRow, UserRow } from "../../db/types.js";

type Q = Kysely<Database>;

const SESSION_COLUMNS = [
  "id", "token", "userId", "expiresAt", "ipAddress", "userAgent", "createdAt", "updatedAt",
  "activeOrganizationId", "activeTeamId", "impersonatedBy",
] as const;
const USER_COLUMNS = [
  "id", "email", "name", "image", "emailVerified", "createdAt", "updatedAt", "role", "banned",
  "banReason", "banExpires", "username", "displayUsername", "lastSignInAt", "lastSignInMethod", "language",
  "twoFactorEnabled", "additionalFields",
] as const;

export interface SessionAndUser {
  session: SessionRow;
  user: UserRow;
}

/**
 * One round trip: the session by token hash joined with its user. This runs on every
 * authenticated request, so the query is built and compiled once per database and reused with
 * a new parameter (the SQL still comes from the dialect's compiler, not hand-written).
 */
const compiledLookups = new WeakMap<object, CompiledQuery>();

function sessionLookupQuery(db: Q, tokenHash: string) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(SESSION_COLUMNS.map((c) => `session.${c} as s_${c}` as const))
    .select(USER_COLUMNS.map((c) => `user.${c} as u_${c}` as const))
    .where("session.token", "=", tokenHash);
}

export async function findSessionByTokenHash(db: Q, tokenHash: string): Promise<SessionAndUser | undefined> {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    compiled = sessionLookupQuery(db, "").compile();
    compiledLookups.set(db, compiled);
  }
  const result = await db.executeQuery<Record<string, unknown>>({ ...compiled, parameters: [tokenHash] });
  const record = result.rows[0];
  if (!record) return undefined;
  const session = Object.fromEntries(SESSION_COLUMNS.map((c) => [c, record[`s_${c}`]])) as unknown as SessionRow;
  const user = Object.fromEntries(USER_COLUMNS.map((c) => [c, record[`u_${c}`]])) as unknown as UserRow;
  return { session, user };
}

export async function insertSession(db: Q, session: SessionRow): Promise<void> {
  await db.insertInto("session").values(session).execute();
}

/** The user's last sign-in time and method (one UPDATE; `updatedAt` is the profile's and stays). */
export async function recordSignIn(db: Q, userId: string, at: number, method: string): Promise<void> {
  await db.updateTable("user").set({ lastSignInAt: at, lastSignInMethod: method }).where("id", "=", userId).execute();
}

export async function extendSession(db: Q, id: string, expiresAt: number, now: number): Promise<void> {
  await db.updateTable("session").set({ expiresAt, updatedAt: now }).where("id", "=", id).execute();
}

export async function deleteSessionById(db: Q, id: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", id).execute();
}

export async function deleteSessionByTokenHash(db: Q, tokenHash: string): Promise<number> {
  const result = await db.deleteFrom("session").where("token", "=", tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSessionsOfUser(db: Q, userId: string, exceptId?: string): Promise<number> {
  let query = db.deleteFrom("session").where("userId", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function listSessionsOfUser(db: Q, userId: string, now: number): Promise<SessionRow[]> {
  return db
    .selectFrom("session")
    .selectAll()
    .where("userId", "=", userId)
    .where("expiresAt", ">", now)
    .orderBy("createdAt", "desc")
    .execute();
}

export async function deleteExpiredSessions(db: Q, now: number): Promise<number> {
  const result = await db.deleteFrom("session").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
