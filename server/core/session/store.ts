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
  "twoFactorEnabled", "additionalFields", "credentialEpoch",
] as const;

/** What session checks need to know about the administrator behind an impersonation session. */
export type Impersonator = Pick<UserRow, "id" | "email" | "role" | "banned" | "banExpires">;
const IMPERSONATOR_COLUMNS = ["id", "email", "role", "banned", "banExpires"] as const;

export interface SessionAndUser {
  session: SessionRow;
  user: UserRow;
  /**
   * Only for an impersonation session (`session.impersonatedBy` set): the administrator's row,
   * or null once that administrator no longer exists.
   */
  impersonator?: Impersonator | null;
}

/**
 * One round trip: the session by token hash joined with its user and, for an impersonation
 * session, the administrator behind it (a left join on a null key: nothing for ordinary sessions,
 * so they pay no extra round trip). This runs on every
 * authenticated request, so the query is built and compiled once per database and reused with
 * a new parameter (the SQL still comes from the dialect's compiler, not hand-written).
 */
const compiledLookups = new WeakMap<object, CompiledQuery>();

function sessionLookupQuery(db: Q, tokenHash: string) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .leftJoin("user as impersonator", "impersonator.id", "session.impersonatedBy")
    .select(SESSION_COLUMNS.map((c) => `session.${c} as s_${c}` as const))
    .select(USER_COLUMNS.map((c) => `user.${c} as u_${c}` as const))
    .select(IMPERSONATOR_COLUMNS.map((c) => `impersonator.${c} as i_${c}` as const))
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
  if (session.impersonatedBy === null) return { session, user };
  const impersonator = record.i_id == null ? null : (Object.fromEntries(IMPERSONATOR_COLUMNS.map((c) => [c, record[`i_${c}`]])) as unknown as Impersonator);
  return { session, user, impersonator };
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

export function deleteSessionReturningId(db: Q, tokenHash: string): Promise<{ id: string } | undefined> {
  return db.deleteFrom("session").where("token", "=", tokenHash).returning(["id"]).executeTakeFirst();
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

/**
 * Every session a person holds: their own, and the ones they opened by impersonating someone
 * (ban, demotion, deletion, revoke-user-sessions — issue 27).
 */
export async function deleteSessionsHeldBy(db: Q, userId: string): Promise<number> {
  const result = await db.deleteFrom("session").where((eb) => eb.or([eb("userId", "=", userId), eb("impersonatedBy", "=", userId)])).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A user signing out their own sessions: all of them (the caller's `currentId` included unless
 * `keepCurrent`), except the impersonation sessions an administrator holds as them — those are
 * the administrator's to end; with `endImpersonations`, also the impersonation sessions this user
 * opened as an administrator.
 */
export async function deleteOwnSessions(db: Q, userId: string, options: { currentId: string; keepCurrent: boolean; endImpersonations: boolean }): Promise<number> {
  const result = await db
    .deleteFrom("session")
    .where((eb) => {
      const own = [eb("userId", "=", userId), eb.or([eb("impersonatedBy", "is", null), eb("id", "=", options.currentId)])];
      if (options.keepCurrent) own.push(eb("id", "!=", options.currentId));
      return options.endImpersonations ? eb.or([eb.and(own), eb("impersonatedBy", "=", userId)]) : eb.and(own);
    })
    .executeTakeFirst();
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
