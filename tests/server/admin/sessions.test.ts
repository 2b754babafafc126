import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const post = (path: string, body: unknown) => server.request("POST", path, { token: admin.token, body });
const signIn = (email: string, password: string) => server.request("POST", "/sign-in/email", { body: { email, password }, headers: { "user-agent": "TestBrowser/1.0" } });

describe("list-user-sessions", () => {
  it("lists a user's live sessions with handles, never raw tokens", async () => {
    const user = await server.signUp();
    const second = await signIn(user.email, user.password);
    const response = await post("/admin/list-user-sessions", { userId: user.userId });
    expect(response.status).toBe(200);
    expect(response.body.sessions).toHaveLength(2);
    const tokens = response.body.sessions.map((s: { token: string }) => s.token);
    expect(tokens).not.toContain(user.token);
    expect(tokens).not.toContain(second.body.token);
    expect(response.body.sessions.some((s: { userAgent: string | null }) => s.userAgent === "TestBrowser/1.0")).toBe(true);
  });

  it("leaves out expired sessions and answers an empty list for an unknown user", async () => {
    const user = await server.signUp();
    // Expire only this user's session (moving the clock would expire the admin's too).
    await server.database.db.updateTable("session").set({ expiresAt: server.clock.now() - 1 }).where("userId", "=", user.userId).execute();
    expect((await post("/admin/list-user-sessions", { userId: user.userId })).body.sessions).toEqual([]);
    expect((await post("/admin/list-user-sessions", { userId: "nobody" })).body.sessions).toEqual([]);
  });
});

describe("revoke-user-session", () => {
  it("ends exactly the session named by its handle", async () => {
    const user = await server.signUp();
    const second = await signIn(user.email, user.password);
    const listed = await post("/admin/list-user-sessions", { userId: user.userId });
    const target = listed.body.sessions[0] as { id: string; token: string };
    expect(second.status).toBe(200);
    const response = await post("/admin/revoke-user-session", { sessionToken: target.token });
    expect(response.body).toEqual({ success: true, revoked: true });
    const remaining = (await post("/admin/list-user-sessions", { userId: user.userId })).body.sessions;
    expect(remaining).toHaveLength(1);
    expect(remaining[0].id).not.toBe(target.id);
    const events = await auditRows(server, "session.revoke");
    expect(events.at(-1)).toMatchObject({ actorId: admin.userId, targetId: target.id, targetType: "session" });
    expect(JSON.parse(events.at(-1)?.metadata ?? "{}")).toEqual({ userId: user.userId });
  });

  it("also accepts the raw session token", async () => {
    const user = await server.signUp();
    await post("/admin/revoke-user-session", { sessionToken: user.token });
    expect((await server.request("GET", "/get-session", { token: user.token })).body).toBeNull();
  });
});

describe("revoke-user-sessions", () => {
  it("ends every session of the user and no one else's", async () => {
    const user = await server.signUp();
    await signIn(user.email, user.password);
    const bystander = await server.signUp();
    const response = await post("/admin/revoke-user-sessions", { userId: user.userId });
    expect(response.body).toEqual({ success: true });
    expect((await post("/admin/list-user-sessions", { userId: user.userId })).body.sessions).toEqual([]);
    expect((await server.request("GET", "/get-session", { token: bystander.token })).body.user.id).toBe(bystander.userId);
    const events = await auditRows(server, "session.revoke-all");
    expect(events.at(-1)).toMatchObject({ targetId: user.userId, targetType: "user" });
    expect(JSON.parse(events.at(-1)?.metadata ?? "{}")).toEqual({ count: 2 });
  });
});
