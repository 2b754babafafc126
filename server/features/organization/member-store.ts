/** Member queries. Lists always go through `organizationId` first: the (organizationId, createdAt) index. */
import { SqliteAdapter, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { escapeLike, likeIgnoringCase } from "../../db/like.js";
import type { Database, MemberRow } from "../../db/types.js";
import type { MemberWithUserRow } from "./wire.js";

type Q = Kysely<Database>;

/** Case-insensitive LIKE on both dialects; `%` and `_` in user input match literally. */
function like(column: string, pattern: string) {
  return likeIgnoringCase(sql.ref(column), pattern);
}

const MEMBER_COLUMNS = ["member.id", "member.organizationId", "member.userId", "member.role", "member.teamId", "member.createdAt"] as const;
const USER_COLUMNS = ["user.name as u_name", "user.email as u_email", "user.image as u_image"] as const;

type JoinedRow = MemberRow & { u_name: string; u_email: string; u_image: string | null };

function withUser(row: JoinedRow): MemberWithUserRow {
  // Explicit fields, no rest/spread: this runs for every member of every page.
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    role: row.role,
    teamId: row.teamId,
    createdAt: row.createdAt,
    user: { id: row.userId, name: row.u_name, email: row.u_email, image: row.u_image },
  };
}

function joined(db: Q) {
  return db.selectFrom("member").innerJoin("user", "user.id", "member.userId").select(MEMBER_COLUMNS).select(USER_COLUMNS);
}

export function findMember(db: Q, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom("member").selectAll().where("organizationId", "=", organizationId).where("userId", "=", userId).executeTakeFirst();
}

export async function findMemberWithUser(db: Q, organizationId: string, userId: string): Promise<MemberWithUserRow | undefined> {
  const row = await joined(db).where("member.organizationId", "=", organizationId).where("member.userId", "=", userId).executeTakeFirst();
  return row ? withUser(row as JoinedRow) : undefined;
}

export function findMemberById(db: Q, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom("member").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findMemberByEmail(db: Q, organizationId: string, email: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(MEMBER_COLUMNS)
    .where("member.organizationId", "=", organizationId)
    .where("user.email", "=", email.toLowerCase())
    .executeTakeFirst();
}

export async function insertMember(db: Q, row: MemberRow): Promise<void> {
  await db.insertInto("member").values(row).execute();
}

export function updateMemberRole(db: Q, id: string, role: string): Promise<MemberRow | undefined> {
  return db.updateTable("member").set({ role }).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Deletes the membership and the user's team memberships in that organization. */
export async function deleteMember(db: Q, member: MemberRow): Promise<void> {
  await db
    .deleteFrom("teamMember")
    .where("userId", "=", member.userId)
    .where("teamId", "in", db.selectFrom("team").select("id").where("organizationId", "=", member.organizationId))
    .execute();
  await db.deleteFrom("member").where("id", "=", member.id).execute();
}

export async function countMembers(db: Q, organizationId: string): Promise<number> {
  const row = await db.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("organizationId", "=", organizationId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Role columns that mention `role` (callers re-check with splitRoles: "co-owner" also matches). */
export async function rolesMentioning(db: Q, organizationId: string, role: string): Promise<Array<Pick<MemberRow, "id" | "userId" | "role">>> {
  return db
    .selectFrom("member")
    .select(["id", "userId", "role"])
    .where("organizationId", "=", organizationId)
    .where(like("member.role", `%${escapeLike(role)}%`))
    .execute();
}

export interface MemberListOptions {
  limit: number;
  offset: number;
  sortBy?: "createdAt" | "role" | "userId" | "id" | "name" | "email";
  sortDirection?: "asc" | "desc";
  filter?: { field: "role" | "userId" | "teamId" | "id" | "createdAt"; operator: string; value: unknown };
  /** `field` "any": the member's name or email matches. */
  search?: { field: "name" | "email" | "any"; operator: "contains" | "starts_with" | "ends_with"; value: string };
}

type MemberQuery = SelectQueryBuilder<Database, "member" | "user", object>;


/**
 * Adds the filter and the search. `tables` names where member and user columns live: the tables
 * themselves, or the `scoped` CTE that holds both (searches, see listMembers).
 */
function applyFilters<T extends MemberQuery>(query: T, options: MemberListOptions, tables: { member: string; user: string } = { member: "member", user: "user" }): T {
  let q = query as MemberQuery;
  const { filter, search } = options;
  if (filter) {
    const column = `${tables.member}.${filter.field}` as `member.${typeof filter.field}`;
    const value = filter.field === "createdAt" ? Number(filter.value) : filter.value;
    const list = Array.isArray(value) ? value.map(String) : [String(value)];
    switch (filter.operator) {
      case "ne": q = q.where(column, "!=", value as string); break;
      case "lt": q = q.where(column, "<", value as string); break;
      case "lte": q = q.where(column, "<=", value as string); break;
      case "gt": q = q.where(column, ">", value as string); break;
      case "gte": q = q.where(column, ">=", value as string); break;
      case "in": q = q.where(column, "in", list); break;
      case "not_in": q = q.where(column, "not in", list); break;
      case "contains": q = q.where(like(column, `%${escapeLike(String(value))}%`)); break;
      case "starts_with": q = q.where(like(column, `${escapeLike(String(value))}%`)); break;
      case "ends_with": q = q.where(like(column, `%${escapeLike(String(value))}`)); break;
      default: q = q.where(column, "=", value as string);
    }
  }
  if (search && search.value !== "") {
    const text = escapeLike(search.value.toLowerCase());
    const pattern = search.operator === "starts_with" ? `${text}%` : search.operator === "ends_with" ? `%${text}` : `%${text}%`;
    q = search.field === "any" ? q.where((eb) => eb.or([like(`${tables.user}.name`, pattern), like(`${tables.user}.email`, pattern)])) : q.where(like(`${tables.user}.${search.field}`, pattern));
  }
  return q as T;
}

/**
 * One page of members with their users, and the total matching. The page is chosen first as a
 * list of member ids (the default order walks the (organizationId, createdAt, id) index and
 * touches no user row), then only those members are joined with their users: a deep offset
 * costs index steps, not joins.
 */
export async function listMembers(db: Q, organizationId: string, options: MemberListOptions): Promise<{ members: MemberWithUserRow[]; total: number }> {
  const direction = options.sortDirection ?? "asc";
  const sortColumn = options.sortBy === "name" || options.sortBy === "email" ? (`user.${options.sortBy}` as const) : (`member.${options.sortBy ?? "createdAt"}` as const);
  const needsJoin = Boolean(options.search && options.search.value !== "") || sortColumn.startsWith("user.");
  const base = () =>
    needsJoin
      ? (db.selectFrom("member").innerJoin("user", "user.id", "member.userId") as unknown as MemberQuery)
      : (db.selectFrom("member") as unknown as MemberQuery);
  const count = applyFilters(base().where("member.organizationId", "=", organizationId), options).select((eb) => eb.fn.countAll<number>().as("n"));
  if (!needsJoin && sortColumn === "member.createdAt") {
    // Default order: find the page's first (createdAt, id) on the covering index, then read the
    // page as one index range joined with users (keyset), whatever the offset.
    const boundary = await applyFilters(base().where("member.organizationId", "=", organizationId), options)
      .select(["member.createdAt", "member.id"])
      .orderBy("member.createdAt", direction)
      .orderBy("member.id", direction)
      .limit(1)
      .offset(options.offset)
      .executeTakeFirst() as { createdAt: number; id: string } | undefined;
    const totalRow = await count.executeTakeFirst();
    const total = Number((totalRow as { n?: number } | undefined)?.n ?? 0);
    if (!boundary) return { members: [], total };
    const rows = await applyFilters(joined(db).where("member.organizationId", "=", organizationId) as unknown as MemberQuery, options)
      .where((eb) => eb(eb.refTuple("member.createdAt", "member.id"), direction === "asc" ? ">=" : "<=", eb.tuple(boundary.createdAt, boundary.id)))
      .orderBy("member.createdAt", direction)
      .orderBy("member.id", direction)
      .limit(options.limit)
      .execute();
    return { members: (rows as unknown as JoinedRow[]).map(withUser), total };
  }
  if (options.search && options.search.value !== "" && !(db.getExecutor().adapter instanceof SqliteAdapter)) {
    // On PostgreSQL a search first gathers the organization's members with their name and email
    // (a materialized CTE), and only then tests LIKE on them. Left to itself PostgreSQL guesses a
    // LIKE '%…%' keeps a handful of rows and tests it on EVERY user before joining: with 10,000
    // members among 100,000 users that is 2.5–5× slower (docs/organization.md). SQLite already
    // walks the member index and looks users up by key; the CTE only adds a copy there.
    const scoped = (qb: Q) =>
      qb
        .with(
          (cte) => cte("scoped").materialized(),
          (w) =>
            w
              .selectFrom("member")
              .innerJoin("user", "user.id", "member.userId")
              .select(["member.id", "member.userId", "member.role", "member.teamId", "member.createdAt", "user.name", "user.email"])
              .where("member.organizationId", "=", organizationId),
        )
        .selectFrom("scoped") as unknown as MemberQuery;
    const column = sortColumn.replace(/^(member|user)\./, "scoped.") as "member.id";
    const tables = { member: "scoped", user: "scoped" };
    const page = applyFilters(scoped(db), options, tables)
      .select(sql<string>`scoped.id`.as("id"))
      .orderBy(column, direction)
      .orderBy("scoped.id" as "member.id", direction)
      .limit(options.limit)
      .offset(options.offset);
    const counted = applyFilters(scoped(db), options, tables).select((eb) => eb.fn.countAll<number>().as("n"));
    const [pageRows, countRow] = await Promise.all([page.execute(), counted.executeTakeFirst()]);
    return fetchPage(db, (pageRows as Array<{ id: string }>).map((row) => row.id), Number((countRow as { n?: number } | undefined)?.n ?? 0));
  }
  const pageIds = applyFilters(base().where("member.organizationId", "=", organizationId), options)
    .select("member.id")
    .orderBy(sortColumn, direction)
    .orderBy("member.id", direction)
    .limit(options.limit)
    .offset(options.offset);
  const [idRows, totalRow] = await Promise.all([pageIds.execute(), count.executeTakeFirst()]);
  return fetchPage(db, (idRows as Array<{ id: string }>).map((row) => row.id), Number((totalRow as { n?: number } | undefined)?.n ?? 0));
}

/** The page's members joined with their users, by primary key, in the order of `ids`. */
async function fetchPage(db: Q, ids: string[], total: number): Promise<{ members: MemberWithUserRow[]; total: number }> {
  if (ids.length === 0) return { members: [], total };
  // Fetch the page's rows by primary key and put them back in the order the ids came in.
  const rows = (await joined(db).where("member.id", "in", ids).execute()) as unknown as JoinedRow[];
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { members: rows.map(withUser), total };
}

/** The first `limit` members by join date (get-full-organization). */
export async function firstMembers(db: Q, organizationId: string, limit: number): Promise<MemberWithUserRow[]> {
  const rows = await joined(db).where("member.organizationId", "=", organizationId).orderBy("member.createdAt", "asc").orderBy("member.id", "asc").limit(limit).execute();
  return (rows as JoinedRow[]).map(withUser);
}
