/**
 * Organization slugs are case-blind (issue 27 item 8): stored lowercased, unique whatever the
 * case, and looked up whatever the case. Migration 0013 lowercases the slugs already stored.
 */
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../../server/db/migrate.js";
import { migrations } from "../../../server/db/migrations/index.js";
import { createTestDatabase } from "../../helpers/test-database.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { users, type SignedUp } from "./support.js";

let server: TestServer;
let alice: SignedUp;
let bob: SignedUp;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = (await users(server, 2)) as [SignedUp, SignedUp];
});
afterAll(async () => {
  await server.close();
});

const create = (who: SignedUp, slug: string) => server.request("POST", "/organization/create", { token: who.token, body: { name: `Org ${slug}`, slug, keepCurrentActiveOrganization: true } });

describe("organization slugs, whatever the case (#27)", () => {
  it("refuses ACME beside acme, stores slugs lowercased and finds them in any case (#27)", async () => {
    const first = await create(alice, "acme-27");
    expect(first.status).toBe(200);
    const lookAlike = await create(bob, "ACME-27");
    expect(lookAlike.status).toBe(400);
    expect(lookAlike.body.code).toBe("ORGANIZATION_ALREADY_EXISTS");

    const mixed = await create(bob, "Mixed-Case-27");
    expect(mixed.status).toBe(200);
    expect(mixed.body.slug).toBe("mixed-case-27");
    const stored = await server.database.db.selectFrom("organization").select("slug").where("id", "=", mixed.body.id).executeTakeFirstOrThrow();
    expect(stored.slug).toBe("mixed-case-27");

    const byUpper = await server.request("GET", "/organization/get-full-organization?organizationSlug=MIXED-CASE-27", { token: bob.token });
    expect(byUpper.status).toBe(200);
    expect(byUpper.body.id).toBe(mixed.body.id);
  });

  it("answers check-slug as taken for another case of a used slug (#27)", async () => {
    await create(alice, "checked-27");
    const taken = await server.request("POST", "/organization/check-slug", { token: bob.token, body: { slug: "CHECKED-27" } });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe("ORGANIZATION_SLUG_ALREADY_TAKEN");
  });

  it("refuses to rename a slug to another case of one in use, and lowercases a rename (#27)", async () => {
    await create(alice, "held-27");
    const mine = await create(bob, "mine-27");
    const clash = await server.request("POST", "/organization/update", { token: bob.token, body: { organizationId: mine.body.id, data: { slug: "HELD-27" } } });
    expect(clash.status).toBe(400);
    expect(clash.body.code).toBe("ORGANIZATION_SLUG_ALREADY_TAKEN");
    const renamed = await server.request("POST", "/organization/update", { token: bob.token, body: { organizationId: mine.body.id, data: { slug: "Mine-Renamed-27" } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe("mine-renamed-27");
  });
});

describe("migrations 0013 and 0014 (#19, #27)", () => {
  it("lowercases stored slugs; of two that differ only in case the older keeps it and the newer gets the first free suffix (#27)", async () => {
    const test = await createTestDatabase();
    try {
      const db = test.database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableName: "latchkey_migration", migrationLockTableName: "latchkey_migration_lock" });
      const down = await migrator.migrateTo("0010-api-keys-jwks");
      expect(down.error).toBeUndefined();
      const row = (id: string, slug: string, createdAt: number) => ({ id, name: id, slug, logo: null, metadata: null, createdAt, updatedAt: null });
      await db
        .insertInto("organization")
        .values([
          row("old-mixed", "Acme", 1000),
          row("newer-lower", "acme", 2000),
          row("newest-upper", "ACME", 3000),
          row("holder", "acme-2", 1500),
          row("alone", "Solo", 1200),
          row("fine", "fine", 1100),
        ])
        .execute();
      await migrateToLatest(db);
      const slugs = Object.fromEntries((await db.selectFrom("organization").select(["id", "slug"]).execute()).map((r) => [r.id, r.slug]));
      expect(slugs).toEqual({
        "old-mixed": "acme", // the oldest keeps the name
        holder: "acme-2", // an existing slug is never taken by a suffix
        "newer-lower": "acme-3",
        "newest-upper": "acme-4",
        alone: "solo",
        fine: "fine",
      });
    } finally {
      await test.drop();
    }
  });

  it("migration 0013 drops outbox rows kept in clear instead of leaving their links readable (#19)", async () => {
    const test = await createTestDatabase();
    try {
      const db = test.database.db;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableName: "latchkey_migration", migrationLockTableName: "latchkey_migration_lock" });
      expect((await migrator.migrateTo("0010-api-keys-jwks")).error).toBeUndefined();
      const legacy = db as unknown as import("kysely").Kysely<{ outbox: Record<string, unknown> }>;
      await legacy.insertInto("outbox").values({ id: "clear", kind: "reset-password", to: "a@example.com", subject: "Reset", text: "t", html: "h", url: "https://x/reset-password/TOKEN", token: "TOKEN", createdAt: 1 }).execute();
      await migrateToLatest(db);
      expect(await db.selectFrom("outbox").selectAll().execute()).toEqual([]);
    } finally {
      await test.drop();
    }
  });
});
