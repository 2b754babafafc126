/**
 * get-session's in-memory answer cache (server/features/session/answer-cache.ts): repeated checks
 * are answered from memory on SQLite, and no write — through the API, straight to the database,
 * or by another connection to the same file (the offline CLI) — ever leaves a stale answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database.js";
import { createSessionAnswerCache } from "../../../server/core/session/answer-cache.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";

const DAY = 24 * 3600 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function lookups(): Promise<{ hit: number; miss: number }> {
  const { values } = await server.app.context.metrics.sessionCacheLookups.get();
  const count = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
  return { hit: count("hit"), miss: count("miss") };
}

const getSession = (token: string) => server.request("GET", "/get-session", { token });

describe("get-session answer cache", () => {
  it("answers a repeated check from memory on SQLite, and only there", async () => {
    const { token } = await server.signUp();
    const first = await getSession(token);
    const before = await lookups();
    const second = await getSession(token);
    const after = await lookups();
    expect(second.text).toBe(first.text);
    expect(second.body.session.token).toBe(token);
    if (server.dialect === "sqlite") {
      expect(after.hit).toBe(before.hit + 1);
    } else {
      // PostgreSQL servers cannot see each other's writes: every check goes to the database.
      expect(server.app.context.sessionAnswers).toBeUndefined();
      expect(after).toEqual(before);
    }
  });

  it("never mixes two users' answers, and gives each caller its own token back", async () => {
    const a = await server.signUp();
    const b = await server.signUp();
    for (let round = 0; round < 2; round++) {
      const [forA, forB] = await Promise.all([getSession(a.token), getSession(b.token)]);
      expect(forA.body).toMatchObject({ user: { id: a.userId }, session: { token: a.token } });
      expect(forB.body).toMatchObject({ user: { id: b.userId }, session: { token: b.token } });
    }
  });

  it("sees a sign-out at once", async () => {
    const { token } = await server.signUp();
    await getSession(token);
    await getSession(token);
    await server.request("POST", "/sign-out", { token, headers: { origin: server.url } });
    expect((await getSession(token)).body).toBeNull();
  });

  it("sees a ban at once", async () => {
    const admin = await signUpAdmin(server);
    const user = await server.signUp();
    await getSession(user.token);
    await getSession(user.token);
    const ban = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId } });
    expect(ban.status).toBe(200);
    expect((await getSession(user.token)).body).toBeNull();
  });

  it("sees a profile change at once", async () => {
    const { token } = await server.signUp({ name: "Before" });
    await getSession(token);
    await getSession(token);
    const update = await server.request("POST", "/update-user", { token, body: { name: "After" } });
    expect(update.status).toBe(200);
    expect((await getSession(token)).body.user.name).toBe("After");
  });

  it("sees a write made straight to the database", async () => {
    const { token, userId } = await server.signUp();
    await getSession(token);
    await getSession(token);
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", userId).execute();
    expect((await getSession(token)).body.user.role).toBe("admin");
  });

  it("sees a write by another connection to the same database (the offline CLI)", async () => {
    const { token, userId } = await server.signUp();
    await getSession(token);
    await getSession(token);
    const other = await openDatabase(server.dbFile);
    try {
      await other.db.updateTable("user").set({ name: "Renamed offline" }).where("id", "=", userId).execute();
      expect((await getSession(token)).body.user.name).toBe("Renamed offline");
      await other.db.deleteFrom("session").where("userId", "=", userId).execute();
      expect((await getSession(token)).body).toBeNull();
    } finally {
      await other.close();
    }
  });

  it("stops answering at the session's expiry", async () => {
    const { token, userId } = await server.signUp();
    await getSession(token);
    await getSession(token);
    server.clock.advance(7 * DAY);
    expect((await getSession(token)).body).toBeNull();
    const rows = await server.database.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
    expect(rows).toEqual([]);
  });

  it("lets the database slide the expiry once the session is due a refresh", async () => {
    const { token } = await server.signUp();
    const first = await getSession(token);
    await getSession(token);
    server.clock.advance(DAY + 1000);
    const later = await getSession(token);
    expect(Date.parse(later.body.session.expiresAt)).toBe(server.clock.now() + 7 * DAY);
    expect(later.body.session.expiresAt).not.toBe(first.body.session.expiresAt);
    // …and the slid answer is what the next check gives.
    expect((await getSession(token)).body.session.expiresAt).toBe(later.body.session.expiresAt);
  });

  it("still validates the query on a cached check", async () => {
    const { token } = await server.signUp();
    await getSession(token);
    const bad = await server.request("GET", "/get-session?disableRefresh=maybe", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("answer cache rules", () => {
  const counter = () => {
    let version = 0;
    return { current: () => version, noteWrite: () => void version++ };
  };
  const answer = (token: string, name: string) => JSON.stringify({ session: { id: "s", token }, user: { name } });

  it("keeps no raw token: the caller's own is put back into the answer", () => {
    const cache = createSessionAnswerCache(counter());
    const token = "T".repeat(32);
    cache.remember("hash", token, answer(token, "Ann"), cache.version(), Infinity);
    expect(cache.lookup("hash", token, 0)).toBe(answer(token, "Ann"));
    // Only the hash keys the entry; what comes back carries whatever token the lookup brings.
    expect(cache.lookup("hash", "U".repeat(32), 0)).toBe(answer("U".repeat(32), "Ann"));
  });

  it("refuses an answer read before a write", () => {
    const changes = counter();
    const cache = createSessionAnswerCache(changes);
    const seen = cache.version();
    changes.noteWrite();
    cache.remember("hash", "tok", answer("tok", "Ann"), seen, Infinity);
    expect(cache.lookup("hash", "tok", 0)).toBeUndefined();
  });

  it("drops everything after a write", () => {
    const changes = counter();
    const cache = createSessionAnswerCache(changes);
    cache.remember("hash", "tok", answer("tok", "Ann"), cache.version(), Infinity);
    changes.noteWrite();
    expect(cache.lookup("hash", "tok", 0)).toBeUndefined();
  });

  it("is bounded, the oldest leaving first", () => {
    const cache = createSessionAnswerCache(counter(), 2);
    for (const key of ["a", "b", "c"]) cache.remember(key, key, answer(key, key), cache.version(), Infinity);
    expect(cache.lookup("a", "a", 0)).toBeUndefined();
    expect(cache.lookup("c", "c", 0)).toBe(answer("c", "c"));
  });

  it("answers only before the usable-until time", () => {
    const cache = createSessionAnswerCache(counter());
    cache.remember("hash", "tok", answer("tok", "Ann"), cache.version(), 1000);
    expect(cache.lookup("hash", "tok", 999)).toBeDefined();
    expect(cache.lookup("hash", "tok", 1000)).toBeUndefined();
  });

  it("keeps nothing when the answer does not carry the caller's token", () => {
    const cache = createSessionAnswerCache(counter());
    cache.remember("hash", "tok", answer("other", "Ann"), cache.version(), Infinity);
    expect(cache.lookup("hash", "tok", 0)).toBeUndefined();
  });
});

describe("when get-session signs a JWT header", () => {
  it("keeps no answers (each answer carries a fresh JWT)", async () => {
    const withJwt = await startTestServer({ config: { jwt: { enabled: true } } });
    try {
      expect(withJwt.app.context.sessionAnswers).toBeUndefined();
      const { token } = await withJwt.signUp();
      const first = await withJwt.request("GET", "/get-session", { token });
      const second = await withJwt.request("GET", "/get-session", { token });
      expect(first.headers.get("set-auth-jwt")).toBeTruthy();
      expect(second.headers.get("set-auth-jwt")).toBeTruthy();
    } finally {
      await withJwt.close();
    }
  });
});
