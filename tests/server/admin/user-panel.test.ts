/** The admin user panel: a user's linked accounts and organizations (list-user-accounts, list-user-organizations). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };
let user: { token: string; userId: string; email: string };
const T0 = Date.UTC(2026, 3, 1);

beforeAll(async () => {
  server = await startTestServer({ config: { admin: { roles: { lister: { user: ["list"] }, viewer: { user: ["get"] } } } } });
  admin = await signUpAdmin(server);
  user = await server.signUp();
  await server.database.db
    .insertInto("account")
    .values({
      id: "social-1",
      providerId: "github",
      accountId: "gh-4242",
      userId: user.userId,
      password: null,
      accessToken: "SECRET-ACCESS-TOKEN",
      refreshToken: "SECRET-REFRESH-TOKEN",
      idToken: "SECRET-ID-TOKEN",
      accessTokenExpiresAt: T0,
      refreshTokenExpiresAt: T0,
      scope: "read:user,user:email",
      createdAt: Date.now() + 1000,
      updatedAt: Date.now() + 2000,
    })
    .execute();
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, token = admin.token) => server.request("GET", path, { token });

describe("admin/list-user-accounts", () => {
  it("lists a user's accounts oldest first without tokens or password hashes", async () => {
    const response = await get(`/admin/list-user-accounts?userId=${user.userId}`);
    expect(response.status).toBe(200);
    const [credential, github] = response.body.accounts;
    expect(response.body.accounts).toHaveLength(2);
    expect(credential).toEqual({ id: expect.any(String), providerId: "credential", accountId: user.userId, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(github).toEqual({
      id: "social-1",
      providerId: "github",
      accountId: "gh-4242",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      scopes: ["read:user", "user:email"],
    });
    expect(response.text).not.toMatch(/SECRET|argon2|password|accessToken|refreshToken|idToken/);
  });

  it("answers an empty list for a user without accounts", async () => {
    const created = await server.request("POST", "/admin/create-user", { token: admin.token, body: { email: "no-accounts@example.com", name: "No Accounts" } });
    const response = await get(`/admin/list-user-accounts?userId=${created.body.user.id}`);
    expect(response.body).toEqual({ accounts: [] });
  });
});

describe("admin/list-user-organizations", () => {
  it("lists the organizations a user belongs to with role, member id and join time, in the order they joined", async () => {
    const first = await server.request("POST", "/organization/create", { token: user.token, body: { name: "First Org", slug: `first-${user.userId.slice(0, 6).toLowerCase()}`, logo: "https://example.com/logo.png" } });
    expect(first.status).toBe(200);
    server.clock.advance(60_000);
    const second = await server.request("POST", "/organization/create", { token: admin.token, body: { name: "Second Org", slug: `second-${user.userId.slice(0, 6).toLowerCase()}` } });
    const added = await server.request("POST", "/organization/add-member", { token: admin.token, body: { organizationId: second.body.id, userId: user.userId, role: ["admin", "member"] } });
    expect(added.status).toBe(200);

    const response = await get(`/admin/list-user-organizations?userId=${user.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.organizations).toEqual([
      { id: first.body.id, name: "First Org", slug: first.body.slug, logo: "https://example.com/logo.png", role: "owner", memberId: expect.any(String), joinedAt: expect.any(String) },
      { id: second.body.id, name: "Second Org", slug: second.body.slug, logo: null, role: "admin,member", memberId: added.body.id, joinedAt: new Date(server.clock.now()).toISOString() },
    ]);

    const page = await get(`/admin/list-user-organizations?userId=${user.userId}&limit=1&offset=1`);
    expect(page.body).toEqual({ organizations: [response.body.organizations[1]], total: 2 });
    const none = await get(`/admin/list-user-organizations?userId=${admin.userId}&limit=1&offset=5`);
    expect(none.body).toEqual({ organizations: [], total: 1 });
  });
});

describe("admin user panel: refusals", () => {
  for (const path of ["/admin/list-user-accounts", "/admin/list-user-organizations"]) {
    it(`${path} answers USER_NOT_FOUND for an unknown user`, async () => {
      const response = await get(`${path}?userId=nobody`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: "USER_NOT_FOUND", message: "User not found" });
    });

    it(`${path} refuses a non-admin, and a role without user:get, but lets a role with only user:get through`, async () => {
      const plain = await get(`${path}?userId=${user.userId}`, user.token);
      expect(plain.status).toBe(403);
      expect(plain.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_GET_USER");
      const lister = await server.signUp();
      await server.database.db.updateTable("user").set({ role: "lister" }).where("id", "=", lister.userId).execute();
      expect((await get(`${path}?userId=${user.userId}`, lister.token)).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_GET_USER");
      const viewer = await server.signUp();
      await server.database.db.updateTable("user").set({ role: "viewer" }).where("id", "=", viewer.userId).execute();
      expect((await get(`${path}?userId=${user.userId}`, viewer.token)).status).toBe(200);
      // The permission is checked before the lookup: a refused caller learns nothing about ids.
      expect((await get(`${path}?userId=nobody`, user.token)).status).toBe(403);
      expect((await server.request("GET", `${path}?userId=${user.userId}`)).status).toBe(401);
    });

    it(`${path} refuses a missing userId with VALIDATION_ERROR and ignores unknown query fields`, async () => {
      for (const query of ["", "?userId=", `?id=${user.userId}`]) {
        const response = await get(`${path}${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.code).toBe("VALIDATION_ERROR");
      }
      // Unknown keys are dropped as better-auth does (issue 12).
      expect((await get(`${path}?userId=${user.userId}&password=1`)).status).toBe(200);
    });
  }

  it("list-user-organizations refuses a limit or offset out of range", async () => {
    for (const query of ["limit=0", "limit=1001", "offset=-1", "limit=abc", "offset=1e12"]) {
      const response = await get(`/admin/list-user-organizations?userId=${user.userId}&${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
  });
});
