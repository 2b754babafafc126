import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addFailingTrigger } from "../../helpers/failing-trigger.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

const signIn = (email: string, password: string) => server.request("POST", "/sign-in/email", { body: { email, password } });
const sessionCount = async (userId: string) =>
  Number((await server.database.db.selectFrom("session").select((eb) => eb.fn.countAll<number>().as("n")).where("userId", "=", userId).executeTakeFirstOrThrow()).n);

describe("ban-user", () => {
  it("deletes every session of the banned user", async () => {
    const user = await server.signUp();
    await signIn(user.email, user.password);
    await signIn(user.email, user.password);
    expect(await sessionCount(user.userId)).toBe(3);
    const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, banReason: "spam" } });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.userId, banned: true, banReason: "spam", banExpires: null });
    expect(await sessionCount(user.userId)).toBe(0);
    const session = await server.request("GET", "/get-session", { token: user.token });
    expect(session.body).toBeNull();
  });

  it("refuses the banned user's sign-in with 403 BANNED_USER and the reason", async () => {
    const user = await server.signUp();
    await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, banReason: "abusive messages" } });
    const response = await signIn(user.email, user.password);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("BANNED_USER");
    expect(response.body.message).toContain("abusive messages");
    expect(await sessionCount(user.userId)).toBe(0);
  });

  it("refuses sign-in by username too", async () => {
    const user = await server.signUp({ username: "banned_by_name" });
    await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, banReason: "username path" } });
    const response = await server.request("POST", "/sign-in/username", { body: { username: "banned_by_name", password: user.password } });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("BANNED_USER");
    expect(response.body.message).toContain("username path");
  });

  it("uses 'No reason' when none is given", async () => {
    const user = await server.signUp();
    const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId } });
    expect(response.body.user.banReason).toBe("No reason");
    expect((await signIn(user.email, user.password)).body.message).toContain("No reason");
  });

  it("clears an expired ban at the next sign-in", async () => {
    const user = await server.signUp();
    const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, banExpiresIn: 60 } });
    expect(Date.parse(response.body.user.banExpires)).toBe(server.clock.now() + 60_000);
    expect((await signIn(user.email, user.password)).status).toBe(403);
    server.clock.advance(61_000);
    const after = await signIn(user.email, user.password);
    expect(after.status).toBe(200);
    expect(after.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    const row = await server.database.db.selectFrom("user").selectAll().where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect([row.banned, row.banReason, row.banExpires]).toEqual([0, null, null]);
    expect((await auditRows(server, "user.ban-expired")).some((e) => e.targetId === user.userId)).toBe(true);
  });

  it("stores a ban's end given as an instant to the millisecond (banExpiresAt, issue 25)", async () => {
    const user = await server.signUp();
    const until = new Date(server.clock.now() + 30 * 24 * 3600_000);
    until.setUTCHours(17, 0, 0, 0);
    const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, banExpiresAt: until.toISOString() } });
    expect(response.status).toBe(200);
    expect(response.body.user.banExpires).toBe(until.toISOString());
    const row = await server.database.db.selectFrom("user").select("banExpires").where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(Number(row.banExpires)).toBe(until.getTime());
  });

  it("refuses a banExpiresAt that is unreadable, past, or given with banExpiresIn, and bans no one", async () => {
    const user = await server.signUp();
    const future = new Date(server.clock.now() + 3600_000).toISOString();
    const bodies = [
      { banExpiresAt: "next tuesday" },
      { banExpiresAt: new Date(server.clock.now() - 1000).toISOString() },
      { banExpiresAt: future, banExpiresIn: 60 },
    ];
    for (const body of bodies) {
      const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, ...body } });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
    const row = await server.database.db.selectFrom("user").select(["banned", "banExpires"]).where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(row.banned).toBe(0);
    expect(row.banExpires).toBeNull();
  });

  it("refuses to let an administrator ban themselves", async () => {
    const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: admin.userId } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "YOU_CANNOT_BAN_YOURSELF", message: "You cannot ban yourself" });
  });

  it("answers 404 for an unknown user", async () => {
    const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: "nobody" } });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("USER_NOT_FOUND");
  });

  it("sets the flags and deletes the sessions in one transaction", async () => {
    const user = await server.signUp();
    // Make the session delete fail: the flags must roll back with it.
    const removeTrigger = await addFailingTrigger(server, { name: "block_session_delete", event: "DELETE", table: "session", where: { column: "userId", equals: user.userId }, message: "blocked" });
    try {
      const response = await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId } });
      expect(response.status).toBe(500);
      const row = await server.database.db.selectFrom("user").select(["banned", "banReason"]).where("id", "=", user.userId).executeTakeFirstOrThrow();
      expect(row).toEqual({ banned: 0, banReason: null });
      expect(await sessionCount(user.userId)).toBe(1);
    } finally {
      await removeTrigger();
    }
  });

  it("also ends sessions when banning through update-user", async () => {
    const user = await server.signUp();
    const response = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: user.userId, data: { banned: true } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ banned: true, banReason: "No reason" });
    expect(await sessionCount(user.userId)).toBe(0);
    const self = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: admin.userId, data: { banned: true } } });
    expect(self.body.code).toBe("YOU_CANNOT_BAN_YOURSELF");
  });
});

describe("unban-user", () => {
  it("clears the flags and lets the user sign in again", async () => {
    const user = await server.signUp();
    await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: user.userId, banExpiresIn: 3600 } });
    const response = await server.request("POST", "/admin/unban-user", { token: admin.token, body: { userId: user.userId } });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("answers 404 for an unknown user", async () => {
    const response = await server.request("POST", "/admin/unban-user", { token: admin.token, body: { userId: "nobody" } });
    expect(response.status).toBe(404);
  });
});
