/** SCIM tables (migration 0021): connections, their token digests, and what each provisioned. */
import type { Selectable } from "kysely";
import type { DB } from "../../db/database.js";
import type { ScimConnectionTable, ScimGroupTable, ScimUserTable, UserRow } from "../../db/types.js";

export type ConnectionRow = Selectable<ScimConnectionTable>;
export type ScimUserRow = Selectable<ScimUserTable>;
export type ScimGroupRow = Selectable<ScimGroupTable>;

export function findConnection(db: DB, id: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom("scimConnection").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findManagedConnection(db: DB, organizationId: string, name: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom("scimConnection").selectAll().where("organizationId", "=", organizationId).where("name", "=", name).where("configured", "=", 0).executeTakeFirst();
}

export function listConnections(db: DB, organizationId: string): Promise<ConnectionRow[]> {
  return db.selectFrom("scimConnection").selectAll().where("organizationId", "=", organizationId).orderBy("createdAt").orderBy("id").execute();
}

/** The token row and its connection, by the token's digest. */
export function findTokenByDigest(db: DB, digest: string) {
  return db
    .selectFrom("scimToken")
    .innerJoin("scimConnection", "scimConnection.id", "scimToken.connectionId")
    .select(["scimToken.id as tokenId", "scimToken.lastUsedAt", "scimConnection.id", "scimConnection.organizationId", "scimConnection.name", "scimConnection.lastActivityAt"])
    .where("scimToken.digest", "=", digest)
    .executeTakeFirst();
}

export function tokensOf(db: DB, connectionIds: readonly string[]) {
  if (connectionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("scimToken").select(["id", "connectionId", "start", "createdAt", "lastUsedAt"]).where("connectionId", "in", connectionIds).orderBy("createdAt").execute();
}

export async function userCounts(db: DB, connectionIds: readonly string[]): Promise<Map<string, number>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("scimUser")
    .select((eb) => ["connectionId", eb.fn.countAll<number>().as("n")])
    .where("connectionId", "in", connectionIds)
    .groupBy("connectionId")
    .execute();
  return new Map(rows.map((row) => [row.connectionId, Number(row.n)]));
}

/** The organization a configured connection names by id or slug. */
export function findOrganizationByIdOrSlug(db: DB, idOrSlug: string) {
  return db
    .selectFrom("organization")
    .select(["id"])
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug.toLowerCase())]))
    .executeTakeFirst();
}

export function memberRole(db: DB, organizationId: string, userId: string) {
  return db.selectFrom("member").select("role").where("organizationId", "=", organizationId).where("userId", "=", userId).executeTakeFirst();
}

export interface ProvisionedUser {
  user: UserRow;
  link: ScimUserRow;
}

/** A user this connection provisioned, or undefined (another connection's users are not found). */
export async function findProvisionedUser(db: DB, connectionId: string, userId: string): Promise<ProvisionedUser | undefined> {
  const link = await db.selectFrom("scimUser").selectAll().where("id", "=", userId).where("connectionId", "=", connectionId).executeTakeFirst();
  if (!link) return undefined;
  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
  return user ? { user, link } : undefined;
}

/** One page of the connection's users, optionally by userName or externalId (the filters directories send). */
export async function listProvisionedUsers(
  db: DB,
  connectionId: string,
  where: { userNameKey?: string; externalId?: string } | null,
  page: { offset: number; limit: number } | null,
): Promise<{ rows: ProvisionedUser[]; total: number }> {
  let base = db.selectFrom("scimUser").where("scimUser.connectionId", "=", connectionId);
  if (where?.userNameKey !== undefined) base = base.where("scimUser.userNameKey", "=", where.userNameKey);
  if (where?.externalId !== undefined) base = base.where("scimUser.externalId", "=", where.externalId);
  let query = base
    .innerJoin("user", "user.id", "scimUser.id")
    .selectAll("user")
    .select(["scimUser.connectionId", "scimUser.userNameKey", "scimUser.externalId", "scimUser.resource", "scimUser.createdAt as linkCreatedAt", "scimUser.updatedAt as linkUpdatedAt"])
    .orderBy("scimUser.createdAt")
    .orderBy("scimUser.id");
  if (page) query = query.limit(page.limit).offset(page.offset);
  const found = await query.execute();
  const rows = found.map(({ connectionId: linkConnection, userNameKey, externalId, resource, linkCreatedAt, linkUpdatedAt, ...user }) => ({
    user: user as UserRow,
    link: { id: user.id, connectionId: linkConnection, userNameKey, externalId, resource, createdAt: linkCreatedAt, updatedAt: linkUpdatedAt },
  }));
  if (!page || (page.offset === 0 && rows.length < page.limit)) return { rows, total: rows.length };
  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

export interface ProvisionedGroup {
  team: { id: string; name: string; createdAt: number; updatedAt: number | null };
  link: ScimGroupRow;
  members: Array<{ userId: string; name: string }>;
}

export async function findProvisionedGroup(db: DB, connectionId: string, teamId: string): Promise<ProvisionedGroup | undefined> {
  const link = await db.selectFrom("scimGroup").selectAll().where("id", "=", teamId).where("connectionId", "=", connectionId).executeTakeFirst();
  if (!link) return undefined;
  const team = await db.selectFrom("team").select(["id", "name", "createdAt", "updatedAt"]).where("id", "=", teamId).executeTakeFirst();
  if (!team) return undefined;
  return { team, link, members: await teamMembers(db, teamId) };
}

function teamMembers(db: DB, teamId: string) {
  return db
    .selectFrom("teamMember")
    .innerJoin("user", "user.id", "teamMember.userId")
    .select(["teamMember.userId", "user.name"])
    .where("teamMember.teamId", "=", teamId)
    .orderBy("teamMember.createdAt")
    .execute();
}

export async function listProvisionedGroups(db: DB, connectionId: string, displayName: string | undefined): Promise<ProvisionedGroup[]> {
  let query = db
    .selectFrom("scimGroup")
    .innerJoin("team", "team.id", "scimGroup.id")
    .selectAll("scimGroup")
    .select(["team.name", "team.createdAt as teamCreatedAt", "team.updatedAt as teamUpdatedAt"])
    .where("scimGroup.connectionId", "=", connectionId);
  if (displayName !== undefined) query = query.where("team.name", "=", displayName);
  const rows = await query.orderBy("scimGroup.createdAt").orderBy("scimGroup.id").execute();
  const groups: ProvisionedGroup[] = [];
  for (const { name, teamCreatedAt, teamUpdatedAt, ...link } of rows) {
    groups.push({ team: { id: link.id, name, createdAt: teamCreatedAt, updatedAt: teamUpdatedAt }, link, members: await teamMembers(db, link.id) });
  }
  return groups;
}

/** Which of `userIds` this connection provisioned. */
export async function provisionedAmong(db: DB, connectionId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom("scimUser").select("id").where("connectionId", "=", connectionId).where("id", "in", userIds).execute();
  return new Set(rows.map((row) => row.id));
}
