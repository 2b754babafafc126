import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { flushAudit, signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
const T0 = Date.UTC(2026, 2, 1);

/** 30 known events: actors a0..a2, targets t0..t4, actions cycling, one minute apart. */
const actions = ["user.sign-in", "user.ban", "user.unban", "session.revoke", "organization.member-add"];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
  await flushAudit(server);
  await server.database.db.deleteFrom("auditEvent").execute();
  await server.database.db
    .insertInto("auditEvent")
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        id: `e${i}`,
        action: actions[i % 5] as string,
        actorId: `a${i % 3}`,
        targetId: `t${i % 5}`,
        targetType: "user",
        organizationId: null,
        reason: i === 7 ? "spam" : null,
        ipAddress: "203.0.113.9",
        userAgent: "Agent",
        metadata: i === 7 ? JSON.stringify({ sessionsEnded: 2 }) : null,
        success: i === 10 ? 0 : 1,
        createdAt: T0 + i * 60_000,
      })),
    )
    .execute();
});
afterAll(async () => {
  await server.close();
});

async function list(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return server.request("GET", `/admin/list-audit-events?${search}`, { token: admin.token });
}
const ids = (body: { events: Array<{ id: string }> }) => body.events.map((e) => e.id);

describe("list-audit-events", () => {
  it("answers newest first with every field", async () => {
    const response = await list({ limit: 3 });
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual(["e29", "e28", "e27"]);
    const seven = (await list({ targetId: "t2", action: "user.unban" })).body.events.find((e: { id: string }) => e.id === "e7");
    expect(seven).toEqual({
      seq: expect.any(Number),
      id: "e7",
      action: "user.unban",
      actorId: "a1",
      targetId: "t2",
      targetType: "user",
      organizationId: null,
      reason: "spam",
      ipAddress: "203.0.113.9",
      userAgent: "Agent",
      metadata: { sessionsEnded: 2 },
      success: true,
      createdAt: new Date(T0 + 7 * 60_000).toISOString(),
      // a1 and t2 are no user's ids: nobody to name.
      actor: null,
      target: null,
    });
    expect((await list({ limit: 50 })).body.events.find((e: { id: string }) => e.id === "e10").success).toBe(false);
  });

  it("filters by actor, target and action", async () => {
    expect(ids((await list({ actorId: "a0", limit: 4 })).body)).toEqual(["e27", "e24", "e21", "e18"]);
    expect(ids((await list({ targetId: "t1" })).body)).toEqual(["e26", "e21", "e16", "e11", "e6", "e1"]);
    expect(ids((await list({ action: "user.ban" })).body)).toEqual(["e26", "e21", "e16", "e11", "e6", "e1"]);
    expect(ids((await list({ actorId: "a2", action: "user.ban" })).body)).toEqual(["e26", "e11"]);
  });

  it("matches an action prefix ending in *", async () => {
    const response = await list({ action: "user.*", limit: 100 });
    expect(response.body.events).toHaveLength(18);
    expect(response.body.events.every((e: { action: string }) => e.action.startsWith("user."))).toBe(true);
  });

  it("filters by a time range [from, to) given as ISO dates or milliseconds", async () => {
    const from = new Date(T0 + 10 * 60_000).toISOString();
    const to = T0 + 13 * 60_000;
    expect(ids((await list({ from, to })).body)).toEqual(["e12", "e11", "e10"]);
  });

  it("pages by cursor until nextCursor is null", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(cursor ? { limit: 7, cursor } : { limit: 7 });
      seen.push(...ids(response.body));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `e${29 - i}`));
    expect(pages).toBe(5);
  });

  it("refuses a malformed cursor, time or limit with 400", async () => {
    for (const query of <Array<Record<string, string | number>>>[{ cursor: "abc" }, { from: "last tuesday" }, { limit: 0 }, { limit: 501 }, { after: "-1" }, { after: "1.5" }, { after: "" }]) {
      const response = await list(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
  });
  it("tails the log: after=<newest seq seen> answers only newer events, newest first, capped by limit", async () => {
    const newest = (await list({ limit: 1 })).body.events[0] as { seq: number; id: string };
    expect(newest.id).toBe("e29");
    expect((await list({ after: newest.seq })).body).toEqual({ events: [], nextCursor: null });
    const seqOf = async (id: string) => ((await list({ limit: 50 })).body.events as Array<{ id: string; seq: number }>).find((e) => e.id === id)!.seq;
    const after25 = await seqOf("e25");
    expect(ids((await list({ after: after25 })).body)).toEqual(["e29", "e28", "e27", "e26"]);
    // More new events than the limit: the newest `limit`, and nextCursor (with the same after) fills the gap.
    const capped = await list({ after: after25, limit: 3 });
    expect(ids(capped.body)).toEqual(["e29", "e28", "e27"]);
    const rest = await list({ after: after25, limit: 3, cursor: capped.body.nextCursor });
    expect(ids(rest.body)).toEqual(["e26"]);
    expect(rest.body.nextCursor).toBeNull();
    // Filters still apply.
    expect(ids((await list({ after: after25, actorId: "a0" })).body)).toEqual(["e27"]);
  });

  it("tails events recorded after the poll began", async () => {
    const newest = (await list({ limit: 1 })).body.events[0] as { seq: number };
    const target = await server.signUp();
    await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: target.userId } });
    await flushAudit(server);
    const fresh = await list({ after: newest.seq });
    expect(fresh.body.events.map((e: { action: string }) => e.action)).toEqual(["user.ban", "user.sign-up"]);
    expect(fresh.body.events.every((e: { seq: number }) => e.seq > newest.seq)).toBe(true);
  });

  it("names actor and target by email and name to every reader of the log, user:list or not (#33)", async () => {
    const target = await server.signUp({ email: "named-target@example.com", name: "Named Target" });
    await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: target.userId, banReason: "spam" } });
    await flushAudit(server);
    const ban = (await list({ action: "user.ban", targetId: target.userId })).body.events[0];
    const adminRow = await server.database.db.selectFrom("user").select(["email", "name"]).where("id", "=", admin.userId).executeTakeFirstOrThrow();
    expect(ban.actor).toEqual({ id: admin.userId, email: adminRow.email, name: adminRow.name });
    expect(ban.target).toEqual({ id: target.userId, email: "named-target@example.com", name: "Named Target" });

    // Who did what is part of the record: an API key that may read the log but not list users
    // gets the same people as one that may do both (an auditor's key).
    const create = (permissions: Record<string, string[]>) => server.request("POST", "/api-key/create", { token: admin.token, body: { name: "audit-reader", permissions } });
    const auditOnly = (await create({ audit: ["list"] })).body.key as string;
    const both = (await create({ audit: ["list"], user: ["list"] })).body.key as string;
    const byKey = async (key: string) => {
      const answer = await server.request("GET", `/admin/list-audit-events?action=user.ban&targetId=${target.userId}`, { headers: { "x-api-key": key } });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.events[0];
    };
    const named = { actor: { id: admin.userId, email: adminRow.email, name: adminRow.name }, target: { id: target.userId, email: "named-target@example.com", name: "Named Target" } };
    expect(await byKey(auditOnly)).toMatchObject({ actorId: admin.userId, targetId: target.userId, ...named });
    expect(await byKey(both)).toMatchObject({ actorId: admin.userId, targetId: target.userId, ...named });

    // A removed user's events keep the id and name no one.
    await server.request("POST", "/admin/remove-user", { token: admin.token, body: { userId: target.userId } });
    const after = (await list({ action: "user.ban", targetId: target.userId })).body.events[0];
    expect(after).toMatchObject({ targetId: target.userId, target: null });
  });
});
