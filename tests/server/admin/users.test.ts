import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, signUpAdmin } from "./admin-helpers.js";

let server: TestServer;
let admin: { token: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ config: { admin: { roles: { support: { user: ["list", "get", "update", "create"] } } } } });
  admin = await signUpAdmin(server);
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown, token = admin.token) => server.request("POST", path, { token, body });
const signIn = (email: string, password: string) => server.request("POST", "/sign-in/email", { body: { email, password } });

describe("create-user", () => {
  it("creates a user with a password who can then sign in", async () => {
    const response = await post("/admin/create-user", { email: "Created@Example.com", password: "password123", name: "Created", role: "user" });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: "created@example.com", name: "Created", role: "user", banned: false, emailVerified: false });
    expect((await signIn("created@example.com", "password123")).status).toBe(200);
    const events = await auditRows(server, "user.create");
    expect(events.at(-1)).toMatchObject({ actorId: admin.userId, targetId: response.body.user.id, targetType: "user" });
  });

  it("takes several roles and extra data", async () => {
    const response = await post("/admin/create-user", { email: "multi@example.com", name: "Multi", role: ["admin", "support"], data: { emailVerified: true, username: "Multi_Role" } });
    expect(response.body.user).toMatchObject({ role: "admin,support", emailVerified: true, username: "multi_role", displayUsername: "Multi_Role" });
    const account = await server.database.db.selectFrom("account").select("id").where("userId", "=", response.body.user.id).execute();
    expect(account).toEqual([]);
  });

  it("refuses an email that already exists", async () => {
    await server.signUp({ email: "exists@example.com" });
    const response = await post("/admin/create-user", { email: "EXISTS@example.com", password: "password123", name: "Dup" });
    expect(response.body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
  });

  it("refuses an unknown role, an invalid email and a short password", async () => {
    expect((await post("/admin/create-user", { email: "r@example.com", name: "R", role: "wizard" })).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE");
    expect((await post("/admin/create-user", { email: "not-an-email", name: "R" })).body.code).toBe("INVALID_EMAIL");
    expect((await post("/admin/create-user", { email: "s@example.com", name: "S", password: "short" })).body.code).toBe("PASSWORD_TOO_SHORT");
  });

  it("needs set-role to choose a role", async () => {
    const helper = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "support" }).where("id", "=", helper.userId).execute();
    expect((await post("/admin/create-user", { email: "plainrole@example.com", name: "P" }, helper.token)).status).toBe(200);
    const response = await post("/admin/create-user", { email: "adminrole@example.com", name: "A", role: "admin" }, helper.token);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
  });

  it("drops unknown body fields as better-auth does, and they grant nothing (issue 12)", async () => {
    const response = await post("/admin/create-user", { email: "x@example.com", name: "X", isAdmin: true });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toBe("user");
    expect(response.body.user).not.toHaveProperty("isAdmin");
  });
});

describe("get-user", () => {
  it("answers the user by id, and 404 for an unknown id", async () => {
    const user = await server.signUp({ name: "Lookup" });
    const response = await server.request("GET", `/admin/get-user?id=${user.userId}`, { token: admin.token });
    expect(response.body).toMatchObject({ id: user.userId, name: "Lookup", role: "user" });
    const missing = await server.request("GET", "/admin/get-user?id=nobody", { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("USER_NOT_FOUND");
  });
});

describe("update-user", () => {
  it("updates fields and answers the user", async () => {
    const user = await server.signUp();
    const response = await post("/admin/update-user", { userId: user.userId, data: { name: "New Name", image: "https://example.com/a.png", email: "changed@example.com", emailVerified: true } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.userId, name: "New Name", image: "https://example.com/a.png", email: "changed@example.com", emailVerified: true });
    const events = await auditRows(server, "user.update");
    expect(JSON.parse(events.at(-1)?.metadata ?? "{}").fields.sort()).toEqual(["email", "emailVerified", "image", "name"]);
  });

  it("refuses empty data, passwords, ids and a taken email", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    expect((await post("/admin/update-user", { userId: user.userId, data: {} })).body.code).toBe("NO_DATA_TO_UPDATE");
    expect((await post("/admin/update-user", { userId: user.userId, data: { password: "x" } })).body.code).toBe("PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER");
    expect((await post("/admin/update-user", { userId: user.userId, data: { id: "x" } })).body.code).toBe("USER_ID_CANNOT_BE_UPDATED");
    expect((await post("/admin/update-user", { userId: user.userId, data: { email: other.email } })).body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    expect((await post("/admin/update-user", { userId: "nobody", data: { name: "x" } })).status).toBe(404);
    // Unknown keys are dropped (issue 12): data holding only createdAt has nothing to update.
    expect((await post("/admin/update-user", { userId: user.userId, data: { createdAt: 1 } })).body.code).toBe("NO_DATA_TO_UPDATE");
  });

  it("records a role change made through update-user", async () => {
    const user = await server.signUp();
    await post("/admin/update-user", { userId: user.userId, data: { role: "support" } });
    const events = await auditRows(server, "user.role-change");
    expect(events.at(-1)).toMatchObject({ targetId: user.userId });
    expect(JSON.parse(events.at(-1)?.metadata ?? "{}")).toEqual({ from: "user", to: "support" });
  });

  it("needs set-email to change an email and set-role to change a role", async () => {
    const helper = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "support" }).where("id", "=", helper.userId).execute();
    const user = await server.signUp();
    expect((await post("/admin/update-user", { userId: user.userId, data: { name: "ok" } }, helper.token)).status).toBe(200);
    expect((await post("/admin/update-user", { userId: user.userId, data: { email: "new@example.com" } }, helper.token)).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL");
    expect((await post("/admin/update-user", { userId: user.userId, data: { role: "admin" } }, helper.token)).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    expect((await post("/admin/update-user", { userId: user.userId, data: { banned: true } }, helper.token)).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
  });
});

describe("set-role", () => {
  it("sets one role or several, and refuses an unknown one", async () => {
    const user = await server.signUp();
    expect((await post("/admin/set-role", { userId: user.userId, role: "admin" })).body.user.role).toBe("admin");
    expect((await post("/admin/set-role", { userId: user.userId, role: ["support", "user"] })).body.user.role).toBe("support,user");
    const unknown = await post("/admin/set-role", { userId: user.userId, role: "wizard" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE");
    expect((await post("/admin/set-role", { userId: "nobody", role: "user" })).status).toBe(404);
    const events = (await auditRows(server, "user.role-change")).filter((e) => e.targetId === user.userId);
    expect(events.map((e) => JSON.parse(e.metadata ?? "{}").to)).toEqual(["admin", "support,user"]);
  });

  it("takes effect on the user's next request", async () => {
    const user = await server.signUp();
    expect((await server.request("GET", "/admin/list-users", { token: user.token })).status).toBe(403);
    await post("/admin/set-role", { userId: user.userId, role: "admin" });
    expect((await server.request("GET", "/admin/list-users", { token: user.token })).status).toBe(200);
  });
});

describe("set-user-password", () => {
  it("sets a new password the user signs in with", async () => {
    const user = await server.signUp();
    const response = await post("/admin/set-user-password", { userId: user.userId, newPassword: "brand new secret" });
    expect(response.body).toEqual({ status: true });
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, "brand new secret")).status).toBe(200);
    expect((await auditRows(server, "user.password-set")).at(-1)).toMatchObject({ targetId: user.userId, actorId: admin.userId });
  });

  it("applies the password length rules", async () => {
    const user = await server.signUp();
    expect((await post("/admin/set-user-password", { userId: user.userId, newPassword: "1234567" })).body.code).toBe("PASSWORD_TOO_SHORT");
    expect((await post("/admin/set-user-password", { userId: user.userId, newPassword: "x".repeat(129) })).body.code).toBe("PASSWORD_TOO_LONG");
    expect((await post("/admin/set-user-password", { userId: "nobody", newPassword: "long enough" })).status).toBe(404);
  });

  it("creates the credential account of a user who had none", async () => {
    const created = await post("/admin/create-user", { email: "nopass@example.com", name: "No Pass" });
    await post("/admin/set-user-password", { userId: created.body.user.id, newPassword: "now has one" });
    expect((await signIn("nopass@example.com", "now has one")).status).toBe(200);
  });
});

describe("remove-user", () => {
  it("removes the user with their sessions, accounts and memberships", async () => {
    const user = await server.signUp();
    const db = server.database.db;
    const now = server.clock.now();
    await db.insertInto("organization").values({ id: "org-rm", name: "Org", slug: "org-rm", logo: null, metadata: null, createdAt: now, updatedAt: null }).execute();
    await db.insertInto("member").values({ id: "m-rm-1", organizationId: "org-rm", userId: admin.userId, role: "owner", teamId: null, createdAt: now }).execute();
    await db.insertInto("member").values({ id: "m-rm-2", organizationId: "org-rm", userId: user.userId, role: "member", teamId: null, createdAt: now }).execute();
    const response = await post("/admin/remove-user", { userId: user.userId });
    expect(response.body).toEqual({ success: true });
    for (const table of ["session", "account", "member"] as const) {
      expect(await db.selectFrom(table).select("id").where("userId", "=", user.userId).execute()).toEqual([]);
    }
    expect(await db.selectFrom("user").select("id").where("id", "=", user.userId).execute()).toEqual([]);
    expect((await auditRows(server, "user.remove")).at(-1)).toMatchObject({ targetId: user.userId });
  });

  it("refuses to remove yourself, an unknown user, or an organization's only owner", async () => {
    const self = await post("/admin/remove-user", { userId: admin.userId });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe("YOU_CANNOT_REMOVE_YOURSELF");
    expect((await post("/admin/remove-user", { userId: "nobody" })).status).toBe(404);
    const owner = await server.signUp();
    const member = await server.signUp();
    const db = server.database.db;
    const now = server.clock.now();
    await db.insertInto("organization").values({ id: "org-own", name: "Own", slug: "org-own", logo: null, metadata: null, createdAt: now, updatedAt: null }).execute();
    await db.insertInto("member").values({ id: "m-own-1", organizationId: "org-own", userId: owner.userId, role: "owner", teamId: null, createdAt: now }).execute();
    await db.insertInto("member").values({ id: "m-own-2", organizationId: "org-own", userId: member.userId, role: "member", teamId: null, createdAt: now }).execute();
    const response = await post("/admin/remove-user", { userId: owner.userId });
    expect(response.body.code).toBe("ORGANIZATION_HAS_NO_OTHER_OWNER");
  });
});
