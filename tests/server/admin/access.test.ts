import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
let plain: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpAdmin(server, { email: "root@example.com" });
  plain = await server.signUp({ email: "plain@example.com" });
});
afterAll(async () => {
  await server.close();
});

interface Case {
  name: string;
  method: "GET" | "POST";
  path: string;
  /** A fresh target user id for each call (some calls consume their target). */
  input: (target: string) => unknown;
  forbidden: string;
  adminCheck?: (body: any, target: string) => void;
}

const cases: Case[] = [
  { name: "create-user", method: "POST", path: "/admin/create-user", input: () => ({ email: `new-${Math.random().toString(36).slice(2)}@example.com`, password: "password123", name: "New" }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS", adminCheck: (b) => expect(b.user.role).toBe("user") },
  { name: "list-users", method: "GET", path: "/admin/list-users", input: () => undefined, forbidden: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS", adminCheck: (b) => expect(b.total).toBeGreaterThanOrEqual(3) },
  { name: "get-user", method: "GET", path: "/admin/get-user", input: (t) => ({ id: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_GET_USER", adminCheck: (b, t) => expect(b.id).toBe(t) },
  { name: "update-user", method: "POST", path: "/admin/update-user", input: (t) => ({ userId: t, data: { name: "Renamed" } }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS", adminCheck: (b) => expect(b.name).toBe("Renamed") },
  { name: "set-role", method: "POST", path: "/admin/set-role", input: (t) => ({ userId: t, role: "admin" }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE", adminCheck: (b) => expect(b.user.role).toBe("admin") },
  { name: "set-user-password", method: "POST", path: "/admin/set-user-password", input: (t) => ({ userId: t, newPassword: "another password" }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD", adminCheck: (b) => expect(b).toEqual({ status: true }) },
  { name: "remove-user", method: "POST", path: "/admin/remove-user", input: (t) => ({ userId: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS", adminCheck: (b) => expect(b).toEqual({ success: true }) },
  { name: "ban-user", method: "POST", path: "/admin/ban-user", input: (t) => ({ userId: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS", adminCheck: (b) => expect(b.user.banned).toBe(true) },
  { name: "unban-user", method: "POST", path: "/admin/unban-user", input: (t) => ({ userId: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS", adminCheck: (b) => expect(b.user.banned).toBe(false) },
  { name: "impersonate-user", method: "POST", path: "/admin/impersonate-user", input: (t) => ({ userId: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS", adminCheck: (b, t) => expect([b.session.impersonatedBy, b.user.id]).toEqual([admin.userId, t]) },
  { name: "list-user-sessions", method: "POST", path: "/admin/list-user-sessions", input: (t) => ({ userId: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS", adminCheck: (b) => expect(b.sessions).toHaveLength(1) },
  { name: "revoke-user-session", method: "POST", path: "/admin/revoke-user-session", input: () => ({ sessionToken: "no-such-session" }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS", adminCheck: (b) => expect(b).toEqual({ success: true, revoked: false }) },
  { name: "revoke-user-sessions", method: "POST", path: "/admin/revoke-user-sessions", input: (t) => ({ userId: t }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS", adminCheck: (b) => expect(b).toEqual({ success: true }) },
  { name: "import-users", method: "POST", path: "/admin/import-users", input: () => ({ users: [{ email: `imp-${Math.random().toString(36).slice(2)}@example.com`, name: "Imported" }] }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS", adminCheck: (b) => expect(b.results[0].ok).toBe(true) },
  { name: "export-users", method: "GET", path: "/admin/export-users", input: () => ({ limit: "2" }), forbidden: "YOU_ARE_NOT_ALLOWED_TO_EXPORT_USERS", adminCheck: (b) => expect(b.users).toHaveLength(2) },
  { name: "list-audit-events", method: "GET", path: "/admin/list-audit-events", input: () => undefined, forbidden: "YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS", adminCheck: (b) => expect(Array.isArray(b.events)).toBe(true) },
  { name: "get-last-better-auth-import", method: "GET", path: "/admin/get-last-better-auth-import", input: () => undefined, forbidden: "YOU_ARE_NOT_ALLOWED_TO_LIST_AUDIT_EVENTS", adminCheck: (b) => expect(b).toEqual({ lastImport: null }) },
];

function call(c: Case, input: unknown, token?: string) {
  if (c.method === "GET") {
    const search = input ? `?${new URLSearchParams(input as Record<string, string>)}` : "";
    return server.request("GET", c.path + search, { token });
  }
  return server.request("POST", c.path, { body: input, token });
}

describe("admin endpoints", () => {
  for (const c of cases) {
    describe(c.name, () => {
      it("answers an administrator", async () => {
        const target = await server.signUp();
        const response = await call(c, c.input(target.userId), admin.token);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        c.adminCheck?.(response.body, target.userId);
      });
      it(`refuses a plain user with 403 ${c.forbidden}`, async () => {
        const target = await server.signUp();
        const response = await call(c, c.input(target.userId), plain.token);
        expect(response.status).toBe(403);
        expect(response.body.code).toBe(c.forbidden);
      });
      it("refuses an anonymous caller with 401", async () => {
        const response = await call(c, c.input(plain.userId));
        expect(response.status).toBe(401);
        expect(response.body.code).toBe("UNAUTHORIZED");
      });
    });
  }

  describe("has-permission", () => {
    it("answers success for an administrator's own permission", async () => {
      const response = await server.request("POST", "/admin/has-permission", { token: admin.token, body: { permissions: { user: ["ban", "list"] } } });
      expect(response.body).toEqual({ error: null, success: true });
    });
    it("answers success false for a plain user", async () => {
      const response = await server.request("POST", "/admin/has-permission", { token: plain.token, body: { permission: { user: ["list"] } } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ error: null, success: false });
    });
    it("refuses a plain user asking about someone else", async () => {
      const response = await server.request("POST", "/admin/has-permission", { token: plain.token, body: { userId: admin.userId, permissions: { user: ["list"] } } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_GET_USER");
    });
    it("lets an administrator ask about another user or a role", async () => {
      const aboutPlain = await server.request("POST", "/admin/has-permission", { token: admin.token, body: { userId: plain.userId, permissions: { user: ["list"] } } });
      expect(aboutPlain.body.success).toBe(false);
      const aboutRole = await server.request("POST", "/admin/has-permission", { token: admin.token, body: { role: "admin", permissions: { session: ["revoke"] } } });
      expect(aboutRole.body.success).toBe(true);
    });
    it("checks one resource at a time", async () => {
      const response = await server.request("POST", "/admin/has-permission", { token: admin.token, body: { permissions: { user: ["list"], session: ["list"] } } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: "ONE_RESOURCE_AT_A_TIME", message: "you can only check one resource permission at a time." });
    });
    it("needs exactly one of permission and permissions", async () => {
      const response = await server.request("POST", "/admin/has-permission", { token: admin.token, body: {} });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    });
    it("refuses an anonymous caller with 401", async () => {
      const response = await server.request("POST", "/admin/has-permission", { body: { permissions: { user: ["list"] } } });
      expect(response.status).toBe(401);
    });
  });

  describe("stop-impersonating", () => {
    it("refuses a session that is not impersonating with 400", async () => {
      const response = await server.request("POST", "/admin/stop-impersonating", { token: plain.token, body: {} });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: "NOT_IMPERSONATING", message: "You are not impersonating anyone" });
    });
    it("refuses an anonymous caller with 401", async () => {
      const response = await server.request("POST", "/admin/stop-impersonating", { body: {} });
      expect(response.status).toBe(401);
    });
  });

  describe("configured roles", () => {
    it("lets a configured admin user id through whatever their role", async () => {
      const other = await startTestServer({ config: { admin: { adminUserIds: [] } } });
      try {
        const boss = await other.signUp();
        expect((await other.request("GET", "/admin/list-users", { token: boss.token })).status).toBe(403);
        // Ids are random, so the id is configured once known (the config object is the live one).
        other.app.context.config.admin.adminUserIds.push(boss.userId);
        const response = await other.request("GET", "/admin/list-users", { token: boss.token });
        expect(response.status).toBe(200);
        const exported = await other.request("GET", "/admin/export-users", { token: boss.token });
        expect(exported.status).toBe(200);
      } finally {
        await other.close();
      }
    });
    it("grants a custom role exactly its configured actions", async () => {
      const other = await startTestServer({ config: { admin: { roles: { support: { user: ["list", "get"], session: ["list"] } } } } });
      try {
        const helper = await other.signUp();
        await other.database.db.updateTable("user").set({ role: "support" }).where("id", "=", helper.userId).execute();
        expect((await other.request("GET", "/admin/list-users", { token: helper.token })).status).toBe(200);
        const ban = await other.request("POST", "/admin/ban-user", { token: helper.token, body: { userId: helper.userId } });
        expect(ban.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
      } finally {
        await other.close();
      }
    });
  });
});

describe("openapi.json", () => {
  it("documents every admin route with the permission it checks, import/export as Latchkey extensions", async () => {
    const { body } = await server.request("GET", "/openapi.json");
    for (const c of cases) {
      const operation = body.paths[`/api/auth${c.path}`]?.[c.method.toLowerCase()];
      expect(operation, c.path).toBeDefined();
      expect(operation.description, c.path).toMatch(/^Requires: /);
    }
    expect(body.paths["/api/auth/admin/import-users"].post.summary).toMatch(/Latchkey extension.*500 users.*scrypt/);
    expect(body.paths["/api/auth/admin/export-users"].get.summary).toMatch(/Latchkey extension.*nextCursor/);
    expect(body.paths["/api/auth/admin/export-users"].get.description).toBe("Requires: user:export");
  });
});
