/**
 * get-session's in-memory answer cache (server/core/session/answer-cache.ts on SQLite,
 * notified-answer-cache.ts on PostgreSQL): repeated checks are answered from memory, and no
 * write — through the API, straight to the database, or by another connection to the same
 * database (the offline CLI; on PostgreSQL another server, seen through its change notice) —
 * leaves a stale answer. tests/postgres/session-cache-servers.test.ts has two servers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database.js";
import { setTimeout as sleep } from "node:timers/promises";
import { createSessionAnswerCache } from "../../../server/core/session/answer-cache.js";
import { createNotifiedAnswerCache } from "../../../server/core/session/notified-answer-cache.js";
import { createRowAnswerCache } from "../../../server/core/session/sqlite-answer-cache.js";
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

/** PostgreSQL: the cache is used once the change listener has heard its own latest heartbeat. */
async function listening(): Promise<void> {
  const listener = server.app.changeListener;
  if (!listener) return;
  for (let waited = 0; !listener.usable(); waited += 5) {
    if (waited > 5_000) throw new Error(`change listener not usable (${listener.state()})`);
    await sleep(5);
  }
}

describe("get-session answer cache", () => {
  it("answers a repeated check from memory (on PostgreSQL while its change listener listens)", async () => {
    const { token } = await server.signUp();
    await listening();
    // A change notice for the sign-up's own writes may land after the first answer was kept and
    // empty the cache (PostgreSQL, under load): ask until memory answers, a bounded number of times.
    let first = await getSession(token);
    let second = first;
    for (let attempt = 0; ; attempt++) {
      const before = await lookups();
      second = await getSession(token);
      const after = await lookups();
      if (after.hit === before.hit + 1) break;
      if (attempt >= 20) throw new Error("the answer cache never answered");
      first = second;
    }
    expect(second.text).toBe(first.text);
    expect(second.body.session.token).toBe(token);
    expect(server.app.changeListener === undefined).toBe(server.dialect === "sqlite");
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
    // SQLite sees it at the next check; PostgreSQL once the change notice has come (within 100 ms).
    const seen = async (check: (body: any) => boolean) => {
      const start = performance.now();
      let body = (await getSession(token)).body;
      while (server.dialect === "postgres" && !check(body) && performance.now() - start < 100) {
        await sleep(5);
        body = (await getSession(token)).body;
      }
      return check(body);
    };
    try {
      await other.db.updateTable("user").set({ name: "Renamed offline" }).where("id", "=", userId).execute();
      expect(await seen((body) => body?.user.name === "Renamed offline")).toBe(true);
      await other.db.deleteFrom("session").where("userId", "=", userId).execute();
      expect(await seen((body) => body === null)).toBe(true);
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

describe("SQLite's per-user cache rules (issue 41)", () => {
  const answer = (token: string, name: string) => JSON.stringify({ session: { id: "s", token }, user: { name } });
  const foreign = { version: 0 };

  it("drops only the named users' answers on this connection's writes, and everything on another connection's", () => {
    const cache = createRowAnswerCache(() => foreign.version);
    cache.remember("ann", "tok1", answer("tok1", "Ann"), cache.version(), Infinity, ["ann"]);
    cache.remember("bob", "tok2", answer("tok2", "Bob"), cache.version(), Infinity, ["bob"]);
    cache.invalidate(["ann"]);
    expect(cache.lookup("ann", "tok1", 0)).toBeUndefined();
    expect(cache.lookup("bob", "tok2", 0)).toBe(answer("tok2", "Bob"));
    foreign.version++;
    expect(cache.lookup("bob", "tok2", 0)).toBeUndefined();
  });

  it("refuses an answer read before a write naming its user or another connection's write", () => {
    const cache = createRowAnswerCache(() => foreign.version);
    let seen = cache.version();
    cache.invalidate(["ann"]);
    cache.remember("ann", "tok1", answer("tok1", "Ann"), seen, Infinity, ["ann"]);
    expect(cache.lookup("ann", "tok1", 0)).toBeUndefined();
    seen = cache.version();
    foreign.version++;
    cache.remember("ann", "tok1", answer("tok1", "Ann"), seen, Infinity, ["ann"]);
    expect(cache.lookup("ann", "tok1", 0)).toBeUndefined();
    // A write naming someone else does not stop the answer being kept.
    seen = cache.version();
    cache.invalidate(["bob"]);
    cache.remember("ann", "tok1", answer("tok1", "Ann"), seen, Infinity, ["ann"]);
    expect(cache.lookup("ann", "tok1", 0)).toBe(answer("tok1", "Ann"));
  });
});

describe("SQLite's poll for other connections' writes, once per event-loop turn on the fast path (issue 41)", () => {
  const answer = (token: string, name: string) => JSON.stringify({ session: { id: "s", token }, user: { name } });
  const nextCheckPhase = () => new Promise((resolve) => setImmediate(resolve));

  it("shares one poll among a turn's lookupInTurn checks, polls again in the next turn, and polls on every lookup()", async () => {
    const other = { polls: 0, version: 0 };
    const cache = createRowAnswerCache(() => {
      other.polls++;
      return other.version;
    });
    const lookupInTurn = cache.lookupInTurn as NonNullable<typeof cache.lookupInTurn>;
    cache.remember("ann", "tok1", answer("tok1", "Ann"), cache.version(), Infinity, ["ann"]);
    await nextCheckPhase();
    const polled = other.polls;
    for (let i = 0; i < 5; i++) expect(lookupInTurn("ann", "tok1", 0)).toBe(answer("tok1", "Ann"));
    expect(other.polls).toBe(polled + 1);
    // Another connection commits while the turn runs: the checks this turn already read from
    // their sockets arrived before its poll, so they may still share it...
    other.version++;
    expect(lookupInTurn("ann", "tok1", 0)).toBe(answer("tok1", "Ann"));
    expect(other.polls).toBe(polled + 1);
    // ...and the first check of the next turn polls, sees the commit and drops everything.
    await nextCheckPhase();
    expect(lookupInTurn("ann", "tok1", 0)).toBeUndefined();
    expect(other.polls).toBe(polled + 2);
    // lookup() (the route's, and the fast path's for a pipelined request) polls every time.
    cache.remember("ann", "tok1", answer("tok1", "Ann"), cache.version(), Infinity, ["ann"]);
    const before = other.polls;
    expect(cache.lookup("ann", "tok1", 0)).toBe(answer("tok1", "Ann"));
    other.version++;
    expect(cache.lookup("ann", "tok1", 0)).toBeUndefined();
    expect(other.polls).toBe(before + 2);
  });
});

describe("PostgreSQL's notified cache rules", () => {
  const answer = (token: string, name: string) => JSON.stringify({ session: { id: "s", token }, user: { name } });
  const usable = { now: true };
  const create = (max?: number) => createNotifiedAnswerCache(() => usable.now, max);

  it("drops the answers of the users a notice names, the impersonating administrator's too", () => {
    usable.now = true;
    const cache = create();
    cache.remember("own", "tok1", answer("tok1", "Ann"), cache.version(), Infinity, ["ann"]);
    cache.remember("posing", "tok2", answer("tok2", "Ann"), cache.version(), Infinity, ["ann2", "root"]);
    cache.remember("other", "tok3", answer("tok3", "Bob"), cache.version(), Infinity, ["bob"]);
    cache.invalidate(["root"]);
    expect(cache.lookup("posing", "tok2", 0)).toBeUndefined();
    expect(cache.lookup("own", "tok1", 0)).toBe(answer("tok1", "Ann"));
    cache.invalidate(["ann"]);
    expect(cache.lookup("own", "tok1", 0)).toBeUndefined();
    expect(cache.lookup("other", "tok3", 0)).toBe(answer("tok3", "Bob"));
    cache.invalidate();
    expect(cache.size()).toBe(0);
  });

  it("refuses an answer read before a notice naming its user or a flush, not one naming someone else", () => {
    usable.now = true;
    const cache = create();
    let seen = cache.version();
    cache.invalidate(["bob"]);
    cache.remember("a", "tok", answer("tok", "Ann"), seen, Infinity, ["ann"]);
    expect(cache.lookup("a", "tok", 0)).toBeDefined();
    seen = cache.version();
    cache.invalidate(["ann"]);
    cache.remember("b", "tok", answer("tok", "Ann"), seen, Infinity, ["ann"]);
    expect(cache.lookup("b", "tok", 0)).toBeUndefined();
    seen = cache.version();
    cache.invalidate();
    cache.remember("c", "tok", answer("tok", "Ann"), seen, Infinity, ["ann"]);
    expect(cache.lookup("c", "tok", 0)).toBeUndefined();
  });

  it("is bypassed and emptied while the listener is not usable, and keeps nothing read meanwhile", () => {
    usable.now = true;
    const cache = create();
    cache.remember("a", "tok", answer("tok", "Ann"), cache.version(), Infinity, ["ann"]);
    const seen = cache.version();
    usable.now = false;
    expect(cache.lookup("a", "tok", 0)).toBeUndefined();
    expect(cache.version()).toBe(-1);
    cache.remember("b", "tok", answer("tok", "Ann"), seen, Infinity, ["ann"]);
    usable.now = true;
    expect(cache.size()).toBe(0);
    cache.remember("c", "tok", answer("tok", "Ann"), -1, Infinity, ["ann"]);
    expect(cache.size()).toBe(0);
  });

  it("is bounded, the oldest leaving first, and honours the usable-until time", () => {
    usable.now = true;
    const cache = create(2);
    for (const key of ["a", "b", "c"]) cache.remember(key, key, answer(key, key), cache.version(), 1000, [key]);
    expect(cache.lookup("a", "a", 0)).toBeUndefined();
    expect(cache.lookup("c", "c", 999)).toBe(answer("c", "c"));
    expect(cache.lookup("c", "c", 1000)).toBeUndefined();
    expect(cache.size()).toBe(1);
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
