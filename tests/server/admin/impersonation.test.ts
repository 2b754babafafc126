import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string; email: string; password: string };

beforeAll(async () => {
  server = await startTestServer({ config: { admin: { roles: { superadmin: { user: ["impersonate", "impersonate-admins"] } } } } });
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

/** A browser tab signed in as the admin through cookies. */
async function adminBrowser() {
  const jar = createCookieFetch(server.url);
  const post = (path: string, body: unknown = {}) =>
    jar.fetch(server.api + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const getSession = () => jar.fetch(server.api + "/get-session").then((r) => r.json());
  expect((await post("/sign-in/email", { email: admin.email, password: admin.password })).status).toBe(200);
  return { jar, post, getSession };
}

describe("impersonate-user", () => {
  it("round trip: impersonate, act as the user, stop, and be the admin again", async () => {
    const target = await server.signUp();
    const tab = await adminBrowser();
    const adminToken = tab.jar.cookies.get("latchkey.session_token");
    const started = await tab.post("/admin/impersonate-user", { userId: target.userId });
    expect(started.status).toBe(200);
    expect(started.body.user.id).toBe(target.userId);
    expect(started.body.session).toMatchObject({ userId: target.userId, impersonatedBy: admin.userId });
    expect(Date.parse(started.body.session.expiresAt)).toBe(server.clock.now() + 3600_000);
    // The browser now holds the target's session and keeps the admin's aside.
    expect(tab.jar.cookies.get("latchkey.session_token")).toBe(started.body.session.token);
    expect(tab.jar.cookies.get("latchkey.admin_session")).toBe(adminToken);
    const during = await tab.getSession();
    expect(during.user.id).toBe(target.userId);
    expect(during.session.impersonatedBy).toBe(admin.userId);

    const stopped = await tab.post("/admin/stop-impersonating");
    expect(stopped.status).toBe(200);
    expect(stopped.body.user.id).toBe(admin.userId);
    expect(stopped.body.session.token).toBe(adminToken);
    expect(tab.jar.cookies.get("latchkey.session_token")).toBe(adminToken);
    expect(tab.jar.cookies.has("latchkey.admin_session")).toBe(false);
    expect((await tab.getSession()).user.id).toBe(admin.userId);
    const left = await server.database.db.selectFrom("session").select("id").where("id", "=", started.body.session.id).execute();
    expect(left).toEqual([]);

    const startEvents = await auditRows(server, "user.impersonate-start");
    expect(startEvents.at(-1)).toMatchObject({ actorId: admin.userId, targetId: target.userId });
    const stopEvents = await auditRows(server, "user.impersonate-stop");
    expect(stopEvents.at(-1)).toMatchObject({ actorId: admin.userId, targetId: target.userId });
  });

  it("ends the impersonation session after one hour and never slides it", async () => {
    const target = await server.signUp();
    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    const token = started.body.session.token as string;
    server.clock.advance(3000_000);
    expect((await server.request("GET", "/get-session", { token })).body.user.id).toBe(target.userId);
    server.clock.advance(601_000);
    expect((await server.request("GET", "/get-session", { token })).body).toBeNull();
  });

  it("refuses to impersonate another administrator without impersonate-admins", async () => {
    const other = await signUpAdmin(server);
    const response = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: other.userId } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: "YOU_CANNOT_IMPERSONATE_ADMINS", message: "You cannot impersonate admins" });
  });

  it("lets a role holding impersonate-admins impersonate an administrator", async () => {
    const boss = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "superadmin" }).where("id", "=", boss.userId).execute();
    const response = await server.request("POST", "/admin/impersonate-user", { token: boss.token, body: { userId: admin.userId } });
    expect(response.status).toBe(200);
    expect(response.body.session.impersonatedBy).toBe(boss.userId);
  });

  it("refuses impersonating from inside an impersonation", async () => {
    const boss = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "superadmin" }).where("id", "=", boss.userId).execute();
    const asAdmin = await server.request("POST", "/admin/impersonate-user", { token: boss.token, body: { userId: admin.userId } });
    const target = await server.signUp();
    const chained = await server.request("POST", "/admin/impersonate-user", { token: asAdmin.body.session.token, body: { userId: target.userId } });
    expect(chained.status).toBe(403);
    expect(chained.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS");
  });

  it("may impersonate a banned user (to see what they saw)", async () => {
    const target = await server.signUp();
    await server.request("POST", "/admin/ban-user", { token: admin.token, body: { userId: target.userId } });
    const response = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    expect(response.status).toBe(200);
  });

  it("answers 404 for an unknown user", async () => {
    const response = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: "nobody" } });
    expect(response.status).toBe(404);
  });
});

describe("stop-impersonating", () => {
  it("ends the impersonation for a bearer caller and answers a null session", async () => {
    const target = await server.signUp();
    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    const token = started.body.session.token as string;
    const stopped = await server.request("POST", "/admin/stop-impersonating", { token, body: {} });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ session: null, user: { id: admin.userId } });
    expect((await server.request("GET", "/get-session", { token })).body).toBeNull();
    // The admin's own bearer session was never touched.
    expect((await server.request("GET", "/get-session", { token: admin.token })).body.user.id).toBe(admin.userId);
  });

  it("does not restore a stashed session that belongs to someone else", async () => {
    const target = await server.signUp();
    const bystander = await server.signUp();
    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    const stopped = await server.request("POST", "/admin/stop-impersonating", {
      cookie: `latchkey.session_token=${started.body.session.token}; latchkey.admin_session=${bystander.token}`,
      headers: { origin: server.url },
      body: {},
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.session).toBeNull();
    expect(stopped.cookies.some((c) => c.startsWith(`latchkey.session_token=${bystander.token}`))).toBe(false);
  });
});

describe("audit during impersonation", () => {
  it("names the administrator behind actions taken while impersonating", async () => {
    const target = await server.signUp();
    const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    await server.request("POST", "/sign-out", { token: started.body.session.token, body: {} });
    const signOuts = (await auditRows(server, "user.sign-out")).filter((e) => e.targetId === target.userId);
    expect(signOuts).toHaveLength(1);
    expect(signOuts[0]?.actorId).toBe(target.userId);
    expect(JSON.parse(signOuts[0]?.metadata ?? "{}")).toEqual({ impersonatedBy: admin.userId, impersonatorEmail: admin.email });
  });
});
