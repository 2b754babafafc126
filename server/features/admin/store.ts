/** Administration queries. First parameter is the database or a transaction; no policy here. */
import { SqliteAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from "kysely";
import { escapeLike, likeIgnoringCase } from "../../db/like.js";
import type { AccountRow, Database, UserRow, UserUpdate } from "../../db/types.js";
import { bumpCredentialEpoch } from "../../core/session/epoch.js";
import { deleteSessionsHeldBy } from "../../core/session/store.js";
import { revokeAppAccessOf, type AppLogout } from "../../core/user/app-access.js";

type Q = Kysely<Database>;
type UserColumn = "id" | "email" | "name" | "role" | "banned" | "emailVerified" | "username" | "createdAt" | "updatedAt" | "banExpires" | "lastSignInAt" | "lockedUntil";
/** Nullable sort fields: their NULLs are ordered as SQLite orders them, on both dialects. */
const NULLABLE_SORTS: ReadonlySet<UserColumn> = new Set(["username", "lastSignInAt"]);

export type Comparison = "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "in" | "not_in" | "contains" | "starts_with" | "ends_with";

export interface UserCondition {
  field: UserColumn;
  operator: Comparison;
  /** Already converted to the column's stored type (ms for times, 0/1 for flags); arrays for in/not_in. */
  value: string | number | null | Array<string | number>;
}

export interface UserListQuery {
  where: UserCondition[];
  sortBy: UserColumn;
  sortDirection: "asc" | "desc";
  limit: number;
  offset: number;
}

/** A condition on `<table>.<field>` as plain SQL, so it applies to the table or to a subquery alias. */
function condition(table: string, c: UserCondition): Expression<SqlBool> {
  const column = sql.ref(`${table}.${c.field}`);
  const { value } = c;
  switch (c.operator) {
    case "contains":
    case "starts_with":
    case "ends_with": {
      const text = escapeLike(String(value ?? ""));
      const pattern = c.operator === "contains" ? `%${text}%` : c.operator === "starts_with" ? `${text}%` : `%${text}`;
      return likeIgnoringCase(column, pattern);
    }
    case "in":
    case "not_in": {
      const list = Array.isArray(value) ? value : [value as string | number];
      if (list.length === 0) return c.operator === "in" ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`;
      return sql<SqlBool>`${column} ${sql.raw(c.operator === "in" ? "in" : "not in")} (${sql.join(list)})`;
    }
    default: {
      if (value === null) return c.operator === "ne" ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} is null`;
      const op = { eq: "=", ne: "!=", lt: "<", lte: "<=", gt: ">", gte: ">=" }[c.operator];
      return sql<SqlBool>`${column} ${sql.raw(op)} ${value as string | number}`;
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table is chosen at run time (user or its joins)
const matches = (table: string, where: UserCondition[]) => (eb: ExpressionBuilder<any, any>) => eb.and(where.map((c) => condition(table, c)));
/** Rows of the sort order examined by the first, cheap attempt (see listUsers). */
const PROBE_ROWS = 2000;

/**
 * One page of users and the number matching.
 *
 * With a search on SQLite, two plans each lose badly somewhere: walking the sort column's index
 * and testing `LIKE '%…%'` row by row is instant for a common match and ~80 ms of random reads
 * for a rare one; a sequential scan plus a top-N sort is ~7 ms for a rare match and ~27 ms when
 * 20% of 100,000 rows match. So: first take the first PROBE_ROWS rows in sort order (an index
 * walk) and filter them; if that fills the page, it IS the page (no later row can sort before
 * them). Otherwise scan, with the sort key written `+column` so SQLite cannot pick the index walk.
 * The count runs only when the page is full or offset, over a covering index where one exists.
 */
export async function listUsers(db: Q, query: UserListQuery): Promise<{ users: UserRow[]; total: number }> {
  const { where, sortBy, sortDirection: dir, limit, offset } = query;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let users: UserRow[] | undefined;
  if (where.length === 0 || !sqlite) {
    // Users without a username (or who never signed in) sort first ascending, last descending,
    // as SQLite always does; PostgreSQL's default is the reverse. Only for the nullable sort
    // fields is the clause spelled out, so other sorts keep their index on PostgreSQL; the
    // lastSignInAt index is built NULLS FIRST on PostgreSQL to match (migration 0005).
    const nullsAsSqlite = !sqlite && NULLABLE_SORTS.has(sortBy);
    users = await db
      .selectFrom("user")
      .selectAll()
      .where(matches("user", where))
      .orderBy(sortBy, (ob) => (nullsAsSqlite ? (dir === "asc" ? ob.asc().nullsFirst() : ob.desc().nullsLast()) : ob[dir]()))
      .orderBy("id", dir)
      .limit(limit)
      .offset(offset)
      .execute();
  } else {
    if (offset + limit <= PROBE_ROWS / 4) {
      const head = db.selectFrom("user").selectAll().orderBy(sortBy, dir).orderBy("id", dir).limit(PROBE_ROWS).as("head");
      const page = (await db
        .selectFrom(head)
        .selectAll()
        .where(matches("head", where))
        .orderBy(sql.ref(`head.${sortBy}`), dir)
        .orderBy(sql.ref("head.id"), dir)
        .limit(limit)
        .offset(offset)
        .execute()) as UserRow[];
      if (page.length === limit) users = page;
    }
    users ??= await db
      .selectFrom("user")
      .selectAll()
      .where(matches("user", where))
      .orderBy(sql`+${sql.ref(`user.${sortBy}`)}`, dir)
      .orderBy(sql`+${sql.ref("user.id")}`, dir)
      .limit(limit)
      .offset(offset)
      .execute();
  }
  // A short first page is the whole answer: no second scan needed to count.
  if (offset === 0 && users.length < limit) return { users, total: users.length };
  const counted = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(matches("user", where))
    .executeTakeFirstOrThrow();
  return { users, total: Number(counted.n) };
}

/** Sets the ban flags and deletes every session of the user in ONE transaction. */
/** A role change that takes away the right to impersonate: the update and the end of every session the user holds. */
export async function setRoleAndEndSessions(db: Q, userId: string, changes: UserUpdate): Promise<{ user: UserRow | undefined; sessionsEnded: number; appLogouts: AppLogout[] }> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("user").set(changes).where("id", "=", userId).execute();
    await bumpCredentialEpoch(trx, userId); // a sign-in in flight loses (issue 43)
    const sessionsEnded = await deleteSessionsHeldBy(trx, userId);
    // The apps' tokens and consents too: a banned person's refresh tokens stop at once (issue 23);
    // the caller tells the apps (back-channel logout) once this committed.
    const { logouts } = await revokeAppAccessOf(trx, userId);
    const user = await trx.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
    return { user, sessionsEnded, appLogouts: logouts };
  });
}

/** What a ban changed, for the audit event written in its transaction (webhooks, issue 38). */
export type InBan = (trx: Transaction<Database>, done: { user: UserRow | undefined; sessionsEnded: number }) => Promise<void>;

export async function banAndEndSessions(db: Q, userId: string, flags: UserUpdate, inside?: InBan): Promise<{ user: UserRow | undefined; sessionsEnded: number; appLogouts: AppLogout[] }> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("user").set(flags).where("id", "=", userId).execute();
    // A sign-in in flight, its proof checked before this commits, loses at its session insert (issue 43).
    await bumpCredentialEpoch(trx, userId);
    // Every session the user holds: their own and any impersonation they started (issue 27).
    const sessionsEnded = await deleteSessionsHeldBy(trx, userId);
    // The apps' tokens and consents too: a banned person's refresh tokens stop at once (issue 23);
    // the caller tells the apps (back-channel logout) once this committed.
    const { logouts } = await revokeAppAccessOf(trx, userId);
    const user = await trx.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
    await inside?.(trx, { user, sessionsEnded });
    return { user, sessionsEnded, appLogouts: logouts };
  });
}

/** Deletes a session by its stored hash; answers whose it was. */
export function deleteSessionByHash(db: Q, tokenHash: string): Promise<{ id: string; userId: string } | undefined> {
  return db.deleteFrom("session").where("token", "=", tokenHash).returning(["id", "userId"]).executeTakeFirst();
}

export interface ExportRow extends UserRow {
  passwordHash: string | null;
}

/** Users ordered by id after `cursor`, each with their credential hash. */
export async function exportUsers(db: Q, cursor: string | undefined, limit: number): Promise<ExportRow[]> {
  let query = db
    .selectFrom("user")
    .leftJoin("account", (join) => join.onRef("account.userId", "=", "user.id").on("account.providerId", "=", "credential"))
    .selectAll("user")
    .select("account.password as passwordHash")
    .orderBy("user.id", "asc")
    .limit(limit);
  if (cursor) query = query.where("user.id", ">", cursor);
  return (await query.execute()) as ExportRow[];
}

/** A user's linked accounts, oldest first; only the columns an administrator may see. */
export function listAccountsOfUser(db: Q, userId: string): Promise<Array<Pick<AccountRow, "id" | "providerId" | "accountId" | "scope" | "createdAt" | "updatedAt">>> {
  return db
    .selectFrom("account")
    .select(["id", "providerId", "accountId", "scope", "createdAt", "updatedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .execute();
}

export interface MembershipRow {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  role: string;
  memberId: string;
  joinedAt: number;
}

/** A page of the organizations a user belongs to with the membership, in the order they joined (member_userId_idx). */
export function listMembershipsOfUser(db: Q, userId: string, limit: number, offset: number): Promise<MembershipRow[]> {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select([
      "organization.id as id",
      "organization.name as name",
      "organization.slug as slug",
      "organization.logo as logo",
      "member.role as role",
      "member.id as memberId",
      "member.createdAt as joinedAt",
    ])
    .where("member.userId", "=", userId)
    .orderBy("member.createdAt", "asc")
    .orderBy("member.id", "asc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many organizations a user belongs to (the user panel's total when it has more than one page). */
export async function countMembershipsOfUser(db: Q, userId: string): Promise<number> {
  const row = await db.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("userId", "=", userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}
