/** Administration queries. First parameter is the database or a transaction; no policy here. */
import { SqliteAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database, UserRow, UserUpdate } from "../../db/types.js";

type Q = Kysely<Database>;
type UserColumn = "id" | "email" | "name" | "role" | "banned" | "emailVerified" | "username" | "createdAt" | "updatedAt" | "banExpires";

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

/** `%` and `_` in a search are literal characters, not wildcards. */
function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function condition(eb: ExpressionBuilder<Database, "user">, c: UserCondition): Expression<SqlBool> {
  const column = eb.ref(`user.${c.field}`);
  const { value } = c;
  switch (c.operator) {
    case "contains":
    case "starts_with":
    case "ends_with": {
      const text = likeEscape(String(value ?? ""));
      const pattern = c.operator === "contains" ? `%${text}%` : c.operator === "starts_with" ? `${text}%` : `%${text}`;
      return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
    }
    case "in":
    case "not_in": {
      const list = Array.isArray(value) ? value : [value as string | number];
      if (list.length === 0) return sql<SqlBool>`${c.operator === "in" ? sql`1 = 0` : sql`1 = 1`}`;
      return eb(column, c.operator === "in" ? "in" : "not in", list);
    }
    default: {
      if (value === null) return c.operator === "ne" ? eb(column, "is not", null) : eb(column, "is", null);
      const op = { eq: "=", ne: "!=", lt: "<", lte: "<=", gt: ">", gte: ">=" }[c.operator];
      return eb(column, op as "=", value as string);
    }
  }
}

/**
 * One page of users and the number matching, from two statements on the same conditions.
 *
 * With a search on SQLite the sort key is written `+column`, which hides the column's index from
 * the ORDER BY. Otherwise SQLite walks the sort index and looks up every row to test the search:
 * for a rare match that is 100,000 random reads (~80 ms). One sequential scan plus a top-N sort
 * costs ~7 ms whatever the match rate. Without conditions the index walk is the right plan.
 */
export async function listUsers(db: Q, query: UserListQuery): Promise<{ users: UserRow[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, "user">) => eb.and(query.where.map((c) => condition(eb, c)));
  const scan = query.where.length > 0 && db.getExecutor().adapter instanceof SqliteAdapter;
  const key = (column: UserColumn) => (scan ? sql<string>`+${sql.ref(`user.${column}`)}` : sql<string>`${sql.ref(`user.${column}`)}`);
  const users = await db
    .selectFrom("user")
    .selectAll()
    .where(where)
    .orderBy(key(query.sortBy), query.sortDirection)
    .orderBy(key("id"), query.sortDirection)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  // A short first page is the whole answer: no second scan needed to count.
  if (query.offset === 0 && users.length < query.limit) return { users, total: users.length };
  const counted = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(where)
    .executeTakeFirstOrThrow();
  return { users, total: Number(counted.n) };
}

/** Sets the ban flags and deletes every session of the user in ONE transaction. */
export async function banAndEndSessions(db: Q, userId: string, flags: UserUpdate): Promise<{ user: UserRow | undefined; sessionsEnded: number }> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("user").set(flags).where("id", "=", userId).execute();
    const ended = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
    const user = await trx.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
    return { user, sessionsEnded: Number(ended.numDeletedRows) };
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
