import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweep } from "../../../server/maintenance/sweep.js";
import { addFailingTrigger } from "../../helpers/failing-trigger.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { flushAudit, signUpAdmin } from "../admin/admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
const UA = "AuditTest/2.0";

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown, token = admin.token) => server.request("POST", path, { token, body, headers: { "user-agent": UA } });

async function events(query: Record<string, string>) {
  await flushAudit(server);
  const response = await server.request("GET", `/admin/list-audit-events?${new URLSearchParams({ limit: "500", ...query })}`, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body.events as Array<{ action: string; actorId: string | null; targetId: string | null; ipAddress: string | null; userAgent: string | null; reason: string | null; success: boolean }>;
}

describe("audit recording", () => {
  it("records every administrative action with actor, target, IP and user agent", async () => {
    const created = (await post("/admin/create-user", { email: "audited@example.com", password: "password123", name: "Audited" })).body.user;
    const target = created.id as string;
    await post("/admin/set-role", { userId: target, role: "admin" });
    await post("/admin/set-role", { userId: target, role: "user" });
    await post("/admin/update-user", { userId: target, data: { name: "Audited Again" } });
    await post("/admin/set-user-password", { userId: target, newPassword: "another password" });
    const signedIn = await server.request("POST", "/sign-in/email", { body: { email: "audited@example.com", password: "another password" } });
    const listed = await post("/admin/list-user-sessions", { userId: target });
    await post("/admin/revoke-user-session", { sessionToken: listed.body.sessions[0].token });
    await server.request("POST", "/sign-in/email", { body: { email: "audited@example.com", password: "another password" } });
    await post("/admin/revoke-user-sessions", { userId: target });
    await post("/admin/ban-user", { userId: target, banReason: "audit reason" });
    await post("/admin/unban-user", { userId: target });
    const impersonation = await post("/admin/impersonate-user", { userId: target });
    await post("/admin/stop-impersonating", {}, impersonation.body.session.token);
    await post("/admin/import-users", { users: [{ email: "imported-audit@example.com", name: "Imp" }] });
    await post("/admin/remove-user", { userId: target });
    expect(signedIn.status).toBe(200);

    const adminActions = [
      "user.create",
      "user.role-change",
      "user.update",
      "user.password-set",
      "session.revoke",
      "session.revoke-all",
      "user.ban",
      "user.unban",
      "user.impersonate-start",
      "user.impersonate-stop",
      "user.import",
      "user.remove",
    ];
    // The admin's own sign-up is theirs too; only the administrative actions are checked here.
    const recorded = (await events({ actorId: admin.userId })).filter((e) => adminActions.includes(e.action));
    const actions = new Set(recorded.map((e) => e.action));
    for (const action of adminActions) expect(actions, action).toContain(action);
    expect(recorded.filter((e) => e.action === "user.role-change")).toHaveLength(2);
    for (const event of recorded.filter((e) => e.action !== "user.import" && e.action !== "session.revoke")) {
      expect(event.targetId, event.action).toBe(target);
    }
    expect(recorded.every((e) => e.ipAddress === "127.0.0.1" && e.userAgent === UA)).toBe(true);
    expect(recorded.find((e) => e.action === "user.ban")?.reason).toBe("audit reason");
  });

  it("records sign-in success and failure", async () => {
    const user = await server.signUp();
    await server.request("POST", "/sign-in/email", { body: { email: user.email, password: "wrong password" } });
    await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    const signIns = await events({ targetId: user.userId, action: "user.sign-in" });
    expect(signIns.map((e) => e.success)).toEqual([true, false]);
  });

  it("a failing audit write does not fail the action", async () => {
    const user = await server.signUp();
    await flushAudit(server);
    const removeTrigger = await addFailingTrigger(server, { name: "audit_down", event: "INSERT", table: "auditEvent", message: "audit store unavailable" });
    try {
      const response = await post("/admin/ban-user", { userId: user.userId, banReason: "while audit is down" });
      expect(response.status).toBe(200);
      expect(response.body.user.banned).toBe(true);
      await flushAudit(server);
      const rows = await server.database.db.selectFrom("auditEvent").select("id").where("targetId", "=", user.userId).where("action", "=", "user.ban").execute();
      expect(rows).toEqual([]);
    } finally {
      await removeTrigger();
    }
    // Once the store is back, recording resumes.
    await post("/admin/unban-user", { userId: user.userId });
    expect((await events({ targetId: user.userId, action: "user.unban" })).length).toBe(1);
  });
});

describe("audit retention", () => {
  it("the sweeper deletes events older than audit.retentionDays and keeps the rest", async () => {
    const local = await startTestServer({ config: { audit: { retentionDays: 30 } } });
    try {
      const now = local.clock.now();
      const day = 24 * 3600_000;
      const row = (id: string, age: number) => ({ id, action: "user.sign-in", actorId: null, targetId: null, targetType: null, organizationId: null, reason: null, ipAddress: null, userAgent: null, metadata: null, success: 1, createdAt: now - age });
      await local.database.db.insertInto("auditEvent").values([row("old", 31 * day), row("edge", 30 * day - 1000), row("new", day)]).execute();
      const result = await sweep(local.app.context);
      expect(result.auditEvents).toBe(1);
      const left = await local.database.db.selectFrom("auditEvent").select("id").orderBy("id").execute();
      expect(left.map((r) => r.id)).toEqual(["edge", "new"]);
      local.clock.advance(2 * day);
      await sweep(local.app.context);
      expect((await local.database.db.selectFrom("auditEvent").select("id").execute()).map((r) => r.id)).toEqual(["new"]);
    } finally {
      await local.close();
    }
  });
});
