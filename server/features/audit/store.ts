/** Audit log queries: newest first by `seq`, which is also the page cursor. */
import type { Kysely } from "kysely";
import type { AuditEventRow, Database } from "../../db/types.js";

export interface AuditQuery {
  actorId?: string;
  targetId?: string;
  /** Exact action, or a prefix (`user.` for `user.*`). */
  action?: { exact: string } | { prefix: string };
  /** Milliseconds, inclusive. */
  from?: number;
  /** Milliseconds, exclusive. */
  to?: number;
  /** Only events older than this seq. */
  before?: number;
  /** Only events newer than this seq (live tail). */
  after?: number;
  limit: number;
}

export function listAuditEvents(db: Kysely<Database>, query: AuditQuery): Promise<AuditEventRow[]> {
  let q = db.selectFrom("auditEvent").selectAll();
  if (query.actorId !== undefined) q = q.where("actorId", "=", query.actorId);
  if (query.targetId !== undefined) q = q.where("targetId", "=", query.targetId);
  if (query.action && "exact" in query.action) q = q.where("action", "=", query.action.exact);
  // A prefix as a range keeps the (action, seq) index usable; `like` would not on SQLite.
  if (query.action && "prefix" in query.action) q = q.where("action", ">=", query.action.prefix).where("action", "<", query.action.prefix + "\uffff");
  if (query.from !== undefined) q = q.where("createdAt", ">=", query.from);
  if (query.to !== undefined) q = q.where("createdAt", "<", query.to);
  if (query.before !== undefined) q = q.where("seq", "<", query.before);
  if (query.after !== undefined) q = q.where("seq", ">", query.after);
  return q.orderBy("seq", "desc").limit(query.limit).execute();
}


/** Who recorded an event, when they still exist (a removed user keeps the bare id). */
/** The users among `ids` (one query for a page of events), by id; ids of no user are left out. */
export async function findPeople(db: Kysely<Database>, ids: ReadonlyArray<string | null>): Promise<Map<string, { id: string; email: string | null; name: string | null }>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const users = await db.selectFrom("user").select(["id", "email", "name"]).where("id", "in", wanted).execute();
  return new Map(users.map((user) => [user.id, { id: user.id, email: user.email, name: user.name }]));
}

export async function findActor(db: Kysely<Database>, id: string): Promise<{ id: string; email: string | null; name: string | null }> {
  const user = await db.selectFrom("user").select(["email", "name"]).where("id", "=", id).executeTakeFirst();
  return { id, email: user?.email ?? null, name: user?.name ?? null };
}
