/** Organization queries. */
import type { Kysely } from "kysely";
import { lockingRows } from "../../db/lock.js";
import type { Database, OrganizationRow } from "../../db/types.js";

type Q = Kysely<Database>;

export function findOrganizationById(db: Q, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom("organization").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The organization, locked until the transaction ends (PostgreSQL; see db/lock.ts). Every
 * transaction that checks a per-organization count before writing (members, owners, teams,
 * invitations) starts here, so such checks run one at a time per organization.
 */
export function lockOrganization(trx: Q, id: string): Promise<OrganizationRow | undefined> {
  return lockingRows(trx, trx.selectFrom("organization").selectAll().where("id", "=", id)).executeTakeFirst();
}

/**
 * Slugs are stored lowercased (migration 0014), so the unique key on `slug` is a case-blind one:
 * `acme` and `ACME` cannot name two look-alike organizations (issue 27). JavaScript's lowercasing
 * (not the database's `lower()`, which differs between SQLite and PostgreSQL beyond ASCII) is the
 * one rule, here and in the migration.
 */
export function normalizeSlug(slug: string): string {
  return slug.toLowerCase();
}

export function findOrganizationBySlug(db: Q, slug: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom("organization").selectAll().where("slug", "=", normalizeSlug(slug)).executeTakeFirst();
}

export async function insertOrganization(db: Q, row: OrganizationRow): Promise<void> {
  await db.insertInto("organization").values(row).execute();
}

export function updateOrganization(db: Q, id: string, patch: Partial<Omit<OrganizationRow, "id" | "createdAt">>): Promise<OrganizationRow | undefined> {
  return db.updateTable("organization").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Members, invitations, teams and team members go with it (foreign-key cascades). */
export async function deleteOrganization(db: Q, id: string): Promise<void> {
  await db.deleteFrom("organization").where("id", "=", id).execute();
}

/** Organizations the user belongs to, in the order they joined. */
export function listOrganizationsOfUser(db: Q, userId: string, limit: number, offset: number): Promise<OrganizationRow[]> {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .selectAll("organization")
    .where("member.userId", "=", userId)
    .orderBy("member.createdAt", "asc")
    .orderBy("organization.id", "asc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrganizationsOfUser(db: Q, userId: string): Promise<number> {
  const row = await db.selectFrom("member").select((eb) => eb.fn.countAll<number>().as("n")).where("userId", "=", userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}
