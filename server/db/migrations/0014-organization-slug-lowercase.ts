/**
 * Organization slugs become case-blind (issue 27): from now on they are stored lowercased
 * (features/organization/organization-store.ts `normalizeSlug`), so the existing unique key on
 * `slug` refuses `ACME` beside `acme`. This lowercases the slugs already stored.
 *
 * Two slugs that differ only in case (`acme`, `ACME`) would collide. The older organization (by
 * createdAt, then id) keeps the plain lowercased slug — it was there first, and links to it keep
 * working — and each newer one gets the first free `-2`, `-3`, … suffix. Lowercasing is done here
 * in JavaScript, as at run time, because SQLite's and PostgreSQL's `lower()` differ beyond ASCII.
 */
import type { Kysely } from "kysely";

interface Row {
  id: string;
  slug: string;
  createdAt: number | string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as unknown as Kysely<{ organization: Row }>;
  const rows = await k.selectFrom("organization").select(["id", "slug", "createdAt"]).orderBy("createdAt").orderBy("id").execute();
  // Every lowercased slug is reserved for the oldest organization that has it, so a suffix never
  // takes a slug another organization holds (`acme-2` stays with its owner; the newer `ACME`
  // beside an older `acme` then becomes `acme-3`).
  const taken = new Set(rows.map((row) => row.slug.toLowerCase()));
  const claimed = new Set<string>();
  const wanted = new Map<string, string>();
  for (const row of rows) {
    const base = row.slug.toLowerCase();
    let slug = base;
    if (claimed.has(base)) {
      let n = 2;
      while (taken.has(`${base}-${n}`)) n += 1;
      slug = `${base}-${n}`;
      taken.add(slug);
    }
    claimed.add(slug);
    if (slug !== row.slug) wanted.set(row.id, slug);
  }
  // Two steps so no update meets a slug another row still holds in the middle of the renaming.
  for (const id of wanted.keys()) {
    await k.updateTable("organization").set({ slug: `~migrating~${id}` }).where("id", "=", id).execute();
  }
  for (const [id, slug] of wanted) {
    await k.updateTable("organization").set({ slug }).where("id", "=", id).execute();
  }
}

/** Nothing to undo: lowercased slugs are valid slugs under the old rule too. */
export async function down(): Promise<void> {}
