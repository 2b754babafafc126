/**
 * GET /admin/my-permissions: the caller's administration grants as this server's policy computes
 * them — built-in roles, custom `admin.roles`, `admin.adminUserIds`, no role — and never more than
 * the credential may use (a narrowed API key, an API key or an impersonation on settings:update).
 * Runs on SQLite and, with LATCHKEY_TEST_DIALECT=postgres, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRoles, adminStatements } from "../../../shared/permissions.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: { admin: { roles: { auditor: { audit: ["list"] }, support: { user: ["list", "get"], session: ["list"], unknownThing: ["x"] } } } },
  });
});
afterAll(async () => {
  await server.close();
});

async function withRole(role: string) {
  const signed = await server.signUp();
  await server.database.db.updateTable("user").set({ role }).where("id", "=", signed.userId).execute();
  return signed;
}

async function mine(auth: { token?: string; headers?: Record<string, string> }) {
  const answer = await server.request("GET", "/admin/my-permissions", auth);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { role: string; grants: Record<string, string[]> };
}

describe("GET /admin/my-permissions", () => {
  it("answers the built-in admin role's grants (impersonate-admins is held by no built-in role)", async () => {
    const admin = await signUpAdmin(server);
    expect(await mine({ token: admin.token })).toEqual({ role: "admin", grants: adminRoles.admin });
  });

  it("answers a custom role's grants, and only actions the server knows", async () => {
    const auditor = await withRole("auditor");
    expect(await mine({ token: auditor.token })).toEqual({ role: "auditor", grants: { audit: ["list"] } });
    // The typed client (CLI, desktop app, console) has it too.
    expect(await server.client(auditor.token).adminMyPermissions()).toEqual({ role: "auditor", grants: { audit: ["list"] } });
    const both = await withRole("auditor,support");
    expect(await mine({ token: both.token })).toEqual({ role: "auditor,support", grants: { audit: ["list"], user: ["list", "get"], session: ["list"] } });
  });

  it("answers everything for an id in admin.adminUserIds, whatever its role", async () => {
    const boss = await withRole("user");
    server.app.context.config.admin.adminUserIds.push(boss.userId);
    try {
      const answer = await mine({ token: boss.token });
      expect(answer.role).toBe("user");
      expect(answer.grants).toEqual(adminStatements);
    } finally {
      const ids = server.app.context.config.admin.adminUserIds;
      ids.splice(ids.indexOf(boss.userId), 1);
    }
  });

  it("answers no grants for a user without a role, and refuses an anonymous caller", async () => {
    // An empty role column falls back to admin.defaultRole, then to "user".
    const plain = await withRole("");
    expect(await mine({ token: plain.token })).toEqual({ role: "user", grants: {} });
    const member = await withRole("user");
    expect(await mine({ token: member.token })).toEqual({ role: "user", grants: {} });
    const anonymous = await server.request("GET", "/admin/my-permissions");
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it("under an API key: never more than the key's permissions, and never settings:update", async () => {
    const admin = await signUpAdmin(server);
    const full = await server.request("POST", "/api-key/create", { token: admin.token, body: { name: "full" } });
    expect(full.status, full.text).toBe(200);
    const byFullKey = await mine({ headers: { "x-api-key": full.body.key as string } });
    expect(byFullKey.grants.settings).toEqual(["read"]);
    expect(byFullKey.grants.user).toEqual(adminRoles.admin.user);
    const narrowed = await server.request("POST", "/api-key/create", { token: admin.token, body: { name: "narrow", permissions: { audit: ["list"], user: ["list"] } } });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(await mine({ headers: { "x-api-key": narrowed.body.key as string } })).toEqual({ role: "admin", grants: { audit: ["list"], user: ["list"] } });
  });

  it("under an impersonation: the impersonated user's grants, without settings:update", async () => {
    const admin = await signUpAdmin(server);
    const target = await signUpAdmin(server);
    // Impersonating an administrator needs impersonate-admins: a custom role grants it.
    const boss = await withRole("user");
    server.app.context.config.admin.adminUserIds.push(boss.userId);
    try {
      const started = await server.request("POST", "/admin/impersonate-user", { token: boss.token, body: { userId: target.userId } });
      expect(started.status, started.text).toBe(200);
      const answer = await mine({ token: started.body.session.token as string });
      expect(answer.role).toBe("admin");
      expect(answer.grants.settings).toEqual(["read"]);
      expect(answer.grants.audit).toEqual(adminRoles.admin.audit);
    } finally {
      const ids = server.app.context.config.admin.adminUserIds;
      ids.splice(ids.indexOf(boss.userId), 1);
    }
    expect((await mine({ token: admin.token })).grants.settings).toEqual(["read", "update"]);
  });
});
