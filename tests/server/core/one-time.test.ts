/**
 * The one store for one-time secrets (server/core/one-time.ts, #19), against a real database:
 * a SQLite file, or PostgreSQL with LATCHKEY_TEST_DIALECT=postgres. Time is passed in, so
 * "later" is a number, not a wait.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consume, findExpired, forgetAllOf, identifierOf, issue, peek, reissue, swap, sweepExpired, type OneTimePurpose } from "../../../server/core/one-time.js";
import { hashSecret } from "../../../server/crypto/tokens.js";
import type { DB } from "../../../server/db/database.js";
import { migrations } from "../../../server/db/migrations/index.js";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database.js";

let testDatabase: TestDatabase;
let db: DB;
const T0 = 1_700_000_000_000;
let counter = 0;
/** Distinct, recognisable secrets: no randomness, no collisions between tests. */
const secretFor = (label: string) => `secret-${label}-${counter++}-Zq7`;

async function addUser(id: string): Promise<string> {
  await db.insertInto("user").values({ id, email: `${id}@example.com`, name: id, image: null, emailVerified: 0, createdAt: T0, updatedAt: T0, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null, lastSignInAt: null, lastSignInMethod: null, language: null, lastFailedSignInAt: null, lockedUntil: null }).execute();
  return id;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = testDatabase.database.db;
});
afterAll(async () => {
  await testDatabase.drop();
});

describe("one-time secrets (#19)", () => {
  it("issues, peeks without using, and consumes once", async () => {
    const secret = secretFor("basic");
    expect(await issue(db, T0, { purpose: "reset-password", secret, data: { userId: "u-1" }, lifetimeSeconds: 60 })).toBe(true);
    const seen = await peek(db, T0 + 1000, "reset-password", secret);
    expect(seen?.data).toEqual({ userId: "u-1" });
    expect(seen?.expiresAt).toBe(T0 + 60_000);
    expect((await peek(db, T0 + 2000, "reset-password", secret))?.id).toBe(seen!.id);
    // The purpose is part of the key: the same secret means nothing for another purpose.
    expect(await peek(db, T0, "verify-email", secret)).toBeUndefined();
    expect((await consume(db, T0 + 3000, "reset-password", secret))?.data).toEqual({ userId: "u-1" });
    expect(await consume(db, T0 + 3000, "reset-password", secret)).toBeUndefined();
    expect(await peek(db, T0 + 3000, "reset-password", secret)).toBeUndefined();
  });

  it("lets exactly one of two concurrent consumes win, every time (#19)", async () => {
    const secrets = Array.from({ length: 20 }, () => secretFor("race"));
    for (const secret of secrets) await issue(db, T0, { purpose: "passkey-challenge", secret, data: { n: secret }, lifetimeSeconds: 300 });
    const rounds = await Promise.all(secrets.map((secret) => Promise.all([consume(db, T0 + 1, "passkey-challenge", secret), consume(db, T0 + 1, "passkey-challenge", secret)])));
    for (const [index, pair] of rounds.entries()) {
      const winners = pair.filter((row) => row !== undefined);
      expect(winners, `secret ${index}`).toHaveLength(1);
      expect(winners[0]!.data).toEqual({ n: secrets[index] });
    }
  });

  it("lets exactly one of two concurrent issues of the same secret win (#19)", async () => {
    const secrets = Array.from({ length: 20 }, () => secretFor("issue-race"));
    const rounds = await Promise.all(
      secrets.map((secret) => Promise.all([0, 1].map((n) => issue(db, T0, { purpose: "id-token-used", secret, data: { n }, lifetimeSeconds: 600 })))),
    );
    for (const pair of rounds) expect(pair.filter(Boolean)).toHaveLength(1);
  });

  it("checks expiry in SQL: past its expiry a secret is gone for peek, consume and swap before any sweep (#19)", async () => {
    const secret = secretFor("expiry");
    await issue(db, T0, { purpose: "verify-email", secret, data: { userId: "u-2", email: "a@example.com" }, lifetimeSeconds: 3600 });
    const live = await peek(db, T0 + 3_599_999, "verify-email", secret);
    expect(live).toBeDefined();
    const later = T0 + 3_600_000;
    expect(await peek(db, later, "verify-email", secret)).toBeUndefined();
    expect(await swap(db, later, live!, { userId: "u-2", email: "b@example.com" })).toBe(false);
    expect(await consume(db, later, "verify-email", secret)).toBeUndefined();
    // Still stored (nobody swept), and only findExpired sees it, to tell "expired" from "invalid".
    const stored = await db.selectFrom("verification").select("id").where("identifier", "=", identifierOf("verify-email", secret)).execute();
    expect(stored).toHaveLength(1);
    expect((await findExpired(db, later, "verify-email", secret))?.data).toEqual({ userId: "u-2", email: "a@example.com" });
    expect(await findExpired(db, T0, "verify-email", secret)).toBeUndefined();
    // An expired leftover does not block issuing the same secret again (e.g. an ID token's digest).
    expect(await issue(db, later, { purpose: "verify-email", secret, data: { again: true }, lifetimeSeconds: 60 })).toBe(true);
    expect((await peek(db, later, "verify-email", secret))?.data).toEqual({ again: true });
  });

  it("refuses to issue a secret that is still live, and reissue replaces it", async () => {
    const secret = secretFor("live");
    expect(await issue(db, T0, { purpose: "two-factor-otp", secret, data: { code: 1 }, lifetimeSeconds: 180 })).toBe(true);
    expect(await issue(db, T0 + 1000, { purpose: "two-factor-otp", secret, data: { code: 2 }, lifetimeSeconds: 180 })).toBe(false);
    expect((await peek(db, T0 + 1000, "two-factor-otp", secret))?.data).toEqual({ code: 1 });
    await reissue(db, T0 + 2000, { purpose: "two-factor-otp", secret, data: { code: 3 }, lifetimeSeconds: 180 });
    const replaced = await peek(db, T0 + 2000, "two-factor-otp", secret);
    expect(replaced?.data).toEqual({ code: 3 });
    expect(replaced?.expiresAt).toBe(T0 + 2000 + 180_000);
  });

  it("swaps data only if it is unchanged since it was read (attempt counters lose no update)", async () => {
    const secret = secretFor("swap");
    await issue(db, T0, { purpose: "two-factor-pending", secret, data: { attempts: 0 }, lifetimeSeconds: 600 });
    const read = (await peek(db, T0, "two-factor-pending", secret))!;
    const results = await Promise.all([swap(db, T0, read, { attempts: 1 }), swap(db, T0, read, { attempts: 1 })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await peek(db, T0, "two-factor-pending", secret))?.data).toEqual({ attempts: 1 });
  });

  it("never stores the raw secret, for any purpose (#19)", async () => {
    const purposes: OneTimePurpose[] = ["verify-email", "reset-password", "change-email", "delete-account", "oauth-state", "cli-hand-off", "desktop-hand-off", "two-factor-pending", "two-factor-otp", "trust-device", "passkey-challenge", "passkey-session", "session-sign-in", "id-token-used"];
    const issued = purposes.map((purpose) => ({ purpose, secret: secretFor(`raw-${purpose}`) }));
    for (const { purpose, secret } of issued) await issue(db, T0, { purpose, secret, data: { note: "data is not the secret" }, lifetimeSeconds: 60 });
    const rows = await db.selectFrom("verification").selectAll().execute();
    const dump = JSON.stringify(rows);
    for (const { purpose, secret } of issued) {
      expect(dump).not.toContain(secret);
      expect(rows.some((row) => row.identifier === `${purpose}:${hashSecret(secret)}`)).toBe(true);
    }
  });

  it("forgets all of a user's secrets of one purpose, and the user's deletion takes the rest (#19)", async () => {
    const ana = await addUser(`ana-${counter++}`);
    const bob = await addUser(`bob-${counter++}`);
    const [anaLaptop, anaPhone, anaReset, bobLaptop] = [secretFor("ana-laptop"), secretFor("ana-phone"), secretFor("ana-reset"), secretFor("bob-laptop")];
    await issue(db, T0, { purpose: "trust-device", secret: anaLaptop, data: {}, lifetimeSeconds: 3600, userId: ana });
    await issue(db, T0, { purpose: "trust-device", secret: anaPhone, data: {}, lifetimeSeconds: 3600, userId: ana });
    await issue(db, T0, { purpose: "reset-password", secret: anaReset, data: { userId: ana }, lifetimeSeconds: 3600, userId: ana });
    await issue(db, T0, { purpose: "trust-device", secret: bobLaptop, data: {}, lifetimeSeconds: 3600, userId: bob });
    expect(await forgetAllOf(db, "trust-device", ana)).toBe(2);
    expect(await peek(db, T0, "trust-device", anaLaptop)).toBeUndefined();
    expect(await peek(db, T0, "trust-device", anaPhone)).toBeUndefined();
    expect((await peek(db, T0, "reset-password", anaReset))?.userId).toBe(ana);
    expect((await peek(db, T0, "trust-device", bobLaptop))?.userId).toBe(bob);
    await db.deleteFrom("user").where("id", "=", ana).execute();
    expect(await db.selectFrom("verification").select("id").where("userId", "=", ana).execute()).toEqual([]);
    expect(await peek(db, T0, "trust-device", bobLaptop)).toBeDefined();
  });

  it("sweeps every expired row and nothing live", async () => {
    const old = secretFor("sweep-old");
    const fresh = secretFor("sweep-fresh");
    const at = T0 + 10 * 24 * 3600_000;
    await issue(db, at - 120_000, { purpose: "oauth-state", secret: old, data: {}, lifetimeSeconds: 60 });
    await issue(db, at, { purpose: "oauth-state", secret: fresh, data: {}, lifetimeSeconds: 60 });
    expect(await sweepExpired(db, at)).toBeGreaterThanOrEqual(1);
    expect(await findExpired(db, at, "oauth-state", old)).toBeUndefined();
    expect(await peek(db, at, "oauth-state", fresh)).toBeDefined();
    const left = await db.selectFrom("verification").select("expiresAt").execute();
    expect(left.every((row) => Number(row.expiresAt) > at)).toBe(true);
  });
});

describe("migration 0012 on rows written before it (#19)", () => {
  it("moves owners into userId, renames pending sign-ins, keeps the newest of duplicates, and makes identifiers unique", async () => {
    const separate = await createTestDatabase();
    const d = separate.database.db;
    const migration = migrations["0012-one-time-secrets"]!;
    try {
      await d.insertInto("user").values({ id: "old-user", email: "old@example.com", name: "Old", image: null, emailVerified: 0, createdAt: T0, updatedAt: T0, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null, lastSignInAt: null, lastSignInMethod: null, language: null, lastFailedSignInAt: null, lockedUntil: null }).execute();
      await migration.down!(d as never);
      const old = d as unknown as import("kysely").Kysely<{ verification: { id: string; identifier: string; value: string; expiresAt: number; nonce: string | null; createdAt: number; updatedAt: number } }>;
      const row = (id: string, identifier: string, value: string, createdAt = T0) => ({ id, identifier, value, expiresAt: T0 + 3600_000, nonce: null, createdAt, updatedAt: createdAt });
      await old
        .insertInto("verification")
        .values([
          row("r1", "trust-device:abc", "old-user"),
          row("r2", "two-factor:def", JSON.stringify({ userId: "old-user", rememberMe: true, method: "email", attempts: 1 })),
          row("r3", "reset-password:ghi", JSON.stringify({ userId: "old-user" })),
          row("r4", "two-factor-otp:jkl", JSON.stringify({ hash: "h-older", attempts: 0 }), T0),
          row("r5", "two-factor-otp:jkl", JSON.stringify({ hash: "h-newer", attempts: 0 }), T0 + 1),
          row("r6", "verify-email:mno", JSON.stringify({ userId: "gone-user", email: "x@example.com" })),
          row("r7", "oauth-state:pqr", JSON.stringify({ providerId: "google", link: { userId: "old-user", email: "old@example.com" } })),
        ])
        .execute();
      await migration.up(d as never);
      const rows = await d.selectFrom("verification").select(["id", "identifier", "value", "userId"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: "r1", identifier: "trust-device:abc", value: "{}", userId: "old-user" },
        { id: "r2", identifier: "two-factor-pending:def", value: JSON.stringify({ userId: "old-user", rememberMe: true, method: "email", attempts: 1 }), userId: "old-user" },
        { id: "r3", identifier: "reset-password:ghi", value: JSON.stringify({ userId: "old-user" }), userId: "old-user" },
        { id: "r5", identifier: "two-factor-otp:jkl", value: JSON.stringify({ hash: "h-newer", attempts: 0 }), userId: null },
        { id: "r6", identifier: "verify-email:mno", value: JSON.stringify({ userId: "gone-user", email: "x@example.com" }), userId: null },
        { id: "r7", identifier: "oauth-state:pqr", value: JSON.stringify({ providerId: "google", link: { userId: "old-user", email: "old@example.com" } }), userId: "old-user" },
      ]);
      await expect(d.insertInto("verification").values({ id: "r8", identifier: "trust-device:abc", value: "{}", userId: null, expiresAt: T0, nonce: null, createdAt: T0, updatedAt: T0 }).execute()).rejects.toThrow();
    } finally {
      await separate.drop();
    }
  });
});
