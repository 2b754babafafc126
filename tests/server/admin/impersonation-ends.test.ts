/**
 * Issue 27 item 1: an impersonation ends with the administrator's right to it. Banning, demoting or
 * deleting the administrator (or revoking all their sessions) ends it at once; every lookup of an
 * impersonation session re-checks the administrator; the person impersonated sees it, read-only;
 * the audit names the administrator by email even after they are deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
/** B: the administrator who bans, demotes or deletes A. */
let boss: Awaited<ReturnType<typeof signUpAdmin>>;

beforeAll(async () => {
  server = await startTestServer({ config: { admin: { roles: { support: { user: ["list", "get"] } } } } });
  boss = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

/** A fresh administrator A impersonating a fresh user U. */
async function impersonation() {
  const admin = await signUpAdmin(server);
  const target = await server.signUp();
  const started = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
  expect(started.status).toBe(200);
  const token = started.body.session.token as string;
  expect((await server.request("GET", "/get-session", { token })).body.user.id).toBe(target.userId);
  return { admin, target, token, sessionId: started.body.session.id as string };
}

/** The impersonation token no longer acts: get-session answers null, a session endpoint 401, and the row is gone. */
async function expectEnded(token: string, sessionId: string) {
  expect((await server.request("GET", "/get-session", { token })).body).toBeNull();
  const listed = await server.request("GET", "/list-sessions", { token });
  expect(listed.status).toBe(401);
  expect(listed.body.code).toBe("UNAUTHORIZED");
  expect(await server.database.db.selectFrom("session").select("id").where("id", "=", sessionId).execute()).toEqual([]);
}

describe("an impersonation ends with the administrator (#27)", () => {
  it("ends when another administrator bans the impersonator (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    const banned = await server.request("POST", "/admin/ban-user", { token: boss.token, body: { userId: admin.userId } });
    expect(banned.status).toBe(200);
    await expectEnded(token, sessionId);
    // The ban ended the administrator's own session too.
    expect((await server.request("GET", "/get-session", { token: admin.token })).body).toBeNull();
  });

  it("ends when a ban is set through update-user (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    const updated = await server.request("POST", "/admin/update-user", { token: boss.token, body: { userId: admin.userId, data: { banned: true } } });
    expect(updated.status).toBe(200);
    await expectEnded(token, sessionId);
  });

  it("ends when the impersonator is demoted to a role without the impersonate permission (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    const demoted = await server.request("POST", "/admin/set-role", { token: boss.token, body: { userId: admin.userId, role: "support" } });
    expect(demoted.status).toBe(200);
    await expectEnded(token, sessionId);
    expect((await server.request("GET", "/get-session", { token: admin.token })).body).toBeNull();
    const events = (await auditRows(server, "user.role-change")).filter((e) => e.targetId === admin.userId);
    expect(JSON.parse(events.at(-1)?.metadata ?? "{}")).toEqual({ from: "admin", to: "support", sessionsEnded: 2 });
  });

  it("ends when the demotion comes through update-user (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    const updated = await server.request("POST", "/admin/update-user", { token: boss.token, body: { userId: admin.userId, data: { role: "user" } } });
    expect(updated.status).toBe(200);
    await expectEnded(token, sessionId);
  });

  it("keeps every session when a role change keeps the impersonate permission (#27)", async () => {
    const { admin, token } = await impersonation();
    const changed = await server.request("POST", "/admin/set-role", { token: boss.token, body: { userId: admin.userId, role: ["admin", "support"] } });
    expect(changed.status).toBe(200);
    expect((await server.request("GET", "/get-session", { token })).body.session.impersonatedBy).toBe(admin.userId);
    expect((await server.request("GET", "/get-session", { token: admin.token })).body.user.id).toBe(admin.userId);
  });

  it("ends when the impersonator is deleted, and the audit still names them by email (#27)", async () => {
    const { admin, target, token, sessionId } = await impersonation();
    // Something done as U during the impersonation.
    const slug = `made-during-impersonation-${sessionId.toLowerCase()}`;
    expect((await server.request("POST", "/organization/create", { token, body: { name: "Made by support", slug } })).status).toBe(200);
    const removed = await server.request("POST", "/admin/remove-user", { token: boss.token, body: { userId: admin.userId } });
    expect(removed.status).toBe(200);
    await expectEnded(token, sessionId);

    const start = (await auditRows(server, "user.impersonate-start")).find((e) => e.targetId === target.userId);
    expect(start?.actorId).toBe(admin.userId);
    expect(JSON.parse(start?.metadata ?? "{}")).toMatchObject({ sessionId, impersonatorEmail: admin.email, targetEmail: target.email });
    const during = (await auditRows(server, "organization.create")).filter((e) => e.actorId === target.userId);
    expect(during).toHaveLength(1);
    expect(JSON.parse(during[0]?.metadata ?? "{}")).toMatchObject({ impersonatedBy: admin.userId, impersonatorEmail: admin.email });
  });

  it("ends when revoke-user-sessions ends the administrator's sessions (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    const revoked = await server.request("POST", "/admin/revoke-user-sessions", { token: boss.token, body: { userId: admin.userId } });
    expect(revoked.status).toBe(200);
    await expectEnded(token, sessionId);
  });

  it("ends when the administrator signs out everywhere (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    expect((await server.request("POST", "/revoke-sessions", { token: admin.token, body: {} })).status).toBe(200);
    await expectEnded(token, sessionId);
  });
});

describe("every lookup re-checks the impersonator (#27)", () => {
  // Written straight to the database, so no session row is deleted with the change: only the
  // check on lookup stands between the token and the person impersonated.
  it("refuses the session once the impersonator's role no longer grants impersonate (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    await server.database.db.updateTable("user").set({ role: "user" }).where("id", "=", admin.userId).execute();
    await expectEnded(token, sessionId);
  });

  it("refuses the session while the impersonator is under a ban in force (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    await server.database.db.updateTable("user").set({ banned: 1, banExpires: server.clock.now() + 60_000 }).where("id", "=", admin.userId).execute();
    await expectEnded(token, sessionId);
  });

  it("keeps the session when the impersonator's ban has already expired (#27)", async () => {
    const { admin, token } = await impersonation();
    await server.database.db.updateTable("user").set({ banned: 1, banExpires: server.clock.now() - 1 }).where("id", "=", admin.userId).execute();
    expect((await server.request("GET", "/get-session", { token })).body.session.impersonatedBy).toBe(admin.userId);
  });

  it("refuses the session when the impersonator's row is gone (#27)", async () => {
    const { admin, token, sessionId } = await impersonation();
    // As a deletion on another server would leave it, if the delete had missed the session row.
    await server.database.db.updateTable("session").set({ impersonatedBy: `${admin.userId}-gone` }).where("id", "=", sessionId).execute();
    await expectEnded(token, sessionId);
  });

  it("respects the configured admin user ids: an id listed there keeps impersonating whatever its role (#27)", async () => {
    const { admin, token } = await impersonation();
    server.app.context.config.admin.adminUserIds.push(admin.userId);
    try {
      const demoted = await server.request("POST", "/admin/set-role", { token: boss.token, body: { userId: admin.userId, role: "user" } });
      expect(demoted.status).toBe(200);
      expect((await server.request("GET", "/get-session", { token })).body.session.impersonatedBy).toBe(admin.userId);
    } finally {
      server.app.context.config.admin.adminUserIds.splice(server.app.context.config.admin.adminUserIds.indexOf(admin.userId), 1);
    }
  });
});

describe("the person impersonated sees it (#27)", () => {
  it("lists the impersonation session, marked with the administrator, in the user's own list-sessions (#27)", async () => {
    const { admin, target, sessionId } = await impersonation();
    const listed = await server.request("GET", "/list-sessions", { token: target.token });
    expect(listed.status).toBe(200);
    const marked = (listed.body as Array<{ id: string; impersonatedBy: string | null }>).find((s) => s.id === sessionId);
    expect(marked?.impersonatedBy).toBe(admin.userId);
    expect((listed.body as Array<{ impersonatedBy: string | null }>).filter((s) => s.impersonatedBy === null)).toHaveLength(1);
  });

  it("refuses the user's revoke-session on it: only the administrator ends it (#27)", async () => {
    const { target, token, sessionId } = await impersonation();
    const listed = await server.request("GET", "/list-sessions", { token: target.token });
    const handle = (listed.body as Array<{ id: string; token: string }>).find((s) => s.id === sessionId)?.token;
    const refused = await server.request("POST", "/revoke-session", { token: target.token, body: { token: handle } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("IMPERSONATION_SESSION_NOT_REVOCABLE");
    expect((await server.request("GET", "/get-session", { token })).body.user.id).toBe(target.userId);
  });

  it("leaves it alone when the user signs out their other sessions or everywhere (#27)", async () => {
    const { target, token } = await impersonation();
    const second = await server.request("POST", "/sign-in/email", { body: { email: target.email, password: target.password } });
    expect((await server.request("POST", "/revoke-other-sessions", { token: target.token, body: {} })).status).toBe(200);
    expect((await server.request("GET", "/get-session", { token: second.body.token })).body).toBeNull();
    expect((await server.request("POST", "/revoke-sessions", { token: target.token, body: {} })).status).toBe(200);
    expect((await server.request("GET", "/get-session", { token: target.token })).body).toBeNull();
    expect((await server.request("GET", "/get-session", { token })).body.user.id).toBe(target.userId);
  });

  it("lets the administrator end it from the impersonation session itself (#27)", async () => {
    const { target, token, sessionId } = await impersonation();
    const listed = await server.request("GET", "/list-sessions", { token });
    const handle = (listed.body as Array<{ id: string; token: string }>).find((s) => s.id === sessionId)?.token;
    expect((await server.request("POST", "/revoke-session", { token, body: { token: handle } })).status).toBe(200);
    expect((await server.request("GET", "/get-session", { token })).body).toBeNull();
    expect((await server.request("GET", "/get-session", { token: target.token })).body.user.id).toBe(target.userId);
  });
});
