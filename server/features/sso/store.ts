/** SSO provider rows, and the few organization facts SSO needs (membership, slug), read and written directly. */
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { Database, SsoProviderRow, SsoProviderTable } from "../../db/types.js";

type Q = Kysely<Database> | Transaction<Database>;

export function findProvider(db: Q, providerId: string): Promise<SsoProviderRow | undefined> {
  return db.selectFrom("ssoProvider").selectAll().where("providerId", "=", providerId).executeTakeFirst();
}

export function allProviders(db: Q): Promise<SsoProviderRow[]> {
  return db.selectFrom("ssoProvider").selectAll().orderBy("createdAt").orderBy("id").execute();
}

export function providersOf(db: Q, organizationIds: readonly string[]): Promise<SsoProviderRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("ssoProvider").selectAll().where("organizationId", "in", organizationIds).orderBy("createdAt").orderBy("id").execute();
}

export async function countProvidersOf(db: Q, organizationId: string): Promise<number> {
  const row = await db.selectFrom("ssoProvider").select((eb) => eb.fn.countAll<string>().as("n")).where("organizationId", "=", organizationId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProvider(db: Q, row: Insertable<SsoProviderTable>): Promise<void> {
  await db.insertInto("ssoProvider").values(row).execute();
}

export async function updateProvider(db: Q, id: string, changes: Updateable<SsoProviderTable>): Promise<SsoProviderRow | undefined> {
  return db.updateTable("ssoProvider").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Removes the provider and the accounts signed in through it (better-auth does the same). */
export async function deleteProvider(db: Kysely<Database>, row: SsoProviderRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("account").where("providerId", "=", row.providerId).execute();
    await trx.deleteFrom("ssoProvider").where("id", "=", row.id).execute();
  });
}

/** The caller's role in each organization they belong to. */
export async function rolesOf(db: Q, userId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom("member").select(["organizationId", "role"]).where("userId", "=", userId).execute();
  return new Map(rows.map((row) => [row.organizationId, row.role]));
}

export async function organizationExists(db: Q, id: string): Promise<boolean> {
  return (await db.selectFrom("organization").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function organizationIdBySlug(db: Q, slug: string): Promise<string | undefined> {
  return (await db.selectFrom("organization").select("id").where("slug", "=", slug.toLowerCase()).executeTakeFirst())?.id;
}

export async function accountsLinkedThrough(db: Q, providerId: string): Promise<number> {
  const row = await db.selectFrom("account").select((eb) => eb.fn.countAll<string>().as("n")).where("providerId", "=", providerId).executeTakeFirstOrThrow();
  return Number(row.n);
}
