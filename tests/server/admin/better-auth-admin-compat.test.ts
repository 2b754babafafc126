/** better-auth's own client with its `adminClient()` plugin, unchanged, drives Latchkey's admin API. */
import { createAuthClient } from "better-auth/client";
import { adminClient } from "better-auth/client/plugins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function browserClient() {
  const jar = createCookieFetch(server.url);
  const client = createAuthClient({ baseURL: server.url, plugins: [adminClient()], fetchOptions: { customFetchImpl: jar.fetch } });
  return { client, jar };
}

async function signedInAdmin(email: string) {
  const tab = browserClient();
  const signUp = await tab.client.signUp.email({ email, password: "password123", name: "Admin" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", signUp.data!.user.id).execute();
  return { ...tab, id: signUp.data!.user.id };
}

describe("better-auth adminClient() against Latchkey", () => {
  it("creates, finds, updates and removes users", async () => {
    const { client } = await signedInAdmin("compat-admin1@example.com");
    const created = await client.admin.createUser({ email: "compat-user1@example.com", password: "password123", name: "Compat One", role: "user" });
    expect(created.error).toBeNull();
    const id = created.data!.user.id;
    expect(created.data!.user).toMatchObject({ email: "compat-user1@example.com", role: "user" });

    const listed = await client.admin.listUsers({ query: { searchValue: "Compat", searchField: "name", searchOperator: "contains", limit: 10, sortBy: "createdAt", sortDirection: "desc" } });
    expect(listed.error).toBeNull();
    expect(listed.data!.total).toBe(1);
    expect(listed.data!.users[0]!.id).toBe(id);

    const fetched = await client.admin.getUser({ query: { id } });
    expect(fetched.data).toMatchObject({ id, name: "Compat One" });

    const updated = await client.admin.updateUser({ userId: id, data: { name: "Compat Renamed" } });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ id, name: "Compat Renamed" });

    const role = await client.admin.setRole({ userId: id, role: ["admin", "user"] });
    expect(role.data!.user.role).toBe("admin,user");

    const password = await client.admin.setUserPassword({ userId: id, newPassword: "reset by admin" });
    expect(password.data).toEqual({ status: true });
    const userTab = browserClient();
    expect((await userTab.client.signIn.email({ email: "compat-user1@example.com", password: "reset by admin" })).error).toBeNull();

    const removed = await client.admin.removeUser({ userId: id });
    expect(removed.data).toEqual({ success: true });
    expect((await client.admin.getUser({ query: { id } })).error).toMatchObject({ status: 404, code: "USER_NOT_FOUND" });
  });

  it("bans and unbans, and the banned user's sign-in gets BANNED_USER", async () => {
    const { client } = await signedInAdmin("compat-admin2@example.com");
    const user = browserClient();
    const signUp = await user.client.signUp.email({ email: "compat-banned@example.com", password: "password123", name: "Banned" });
    const id = signUp.data!.user.id;

    const banned = await client.admin.banUser({ userId: id, banReason: "compat reason", banExpiresIn: 3600 });
    expect(banned.error).toBeNull();
    expect(banned.data!.user).toMatchObject({ banned: true, banReason: "compat reason" });
    expect((await user.client.getSession()).data).toBeNull();
    const refused = await user.client.signIn.email({ email: "compat-banned@example.com", password: "password123" });
    expect(refused.error).toMatchObject({ status: 403, code: "BANNED_USER" });
    expect(refused.error!.message).toContain("compat reason");

    const unbanned = await client.admin.unbanUser({ userId: id });
    expect(unbanned.data!.user.banned).toBe(false);
    expect((await user.client.signIn.email({ email: "compat-banned@example.com", password: "password123" })).error).toBeNull();

    const self = await client.admin.banUser({ userId: (await client.getSession()).data!.user.id });
    expect(self.error).toMatchObject({ status: 400, code: "YOU_CANNOT_BAN_YOURSELF" });
  });

  it("lists and revokes a user's sessions", async () => {
    const { client } = await signedInAdmin("compat-admin3@example.com");
    const user = browserClient();
    const signUp = await user.client.signUp.email({ email: "compat-sessions@example.com", password: "password123", name: "Sessions" });
    await browserClient().client.signIn.email({ email: "compat-sessions@example.com", password: "password123" });
    const id = signUp.data!.user.id;

    const sessions = await client.admin.listUserSessions({ userId: id });
    expect(sessions.data!.sessions).toHaveLength(2);
    const one = await client.admin.revokeUserSession({ sessionToken: sessions.data!.sessions[0]!.token });
    // better-auth's `success`, plus Latchkey's `revoked` (false when the handle matched nothing).
    expect(one.data).toEqual({ success: true, revoked: true });
    expect((await client.admin.listUserSessions({ userId: id })).data!.sessions).toHaveLength(1);
    const all = await client.admin.revokeUserSessions({ userId: id });
    expect(all.data).toEqual({ success: true });
    expect((await client.admin.listUserSessions({ userId: id })).data!.sessions).toEqual([]);
    expect((await user.client.getSession()).data).toBeNull();
  });

  it("impersonates a user and stops, restoring the admin's session", async () => {
    const { client, id: adminId } = await signedInAdmin("compat-admin4@example.com");
    const target = await client.admin.createUser({ email: "compat-target@example.com", password: "password123", name: "Target" });
    const targetId = target.data!.user.id;

    const started = await client.admin.impersonateUser({ userId: targetId });
    expect(started.error).toBeNull();
    const during = await client.getSession();
    expect(during.data!.user.id).toBe(targetId);
    expect(during.data!.session.impersonatedBy).toBe(adminId);

    const stopped = await client.admin.stopImpersonating();
    expect(stopped.error).toBeNull();
    const after = await client.getSession();
    expect(after.data!.user.id).toBe(adminId);
    expect(after.data!.session.impersonatedBy).toBeNull();

    const notImpersonating = await client.admin.stopImpersonating();
    expect(notImpersonating.error).toMatchObject({ status: 400, message: "You are not impersonating anyone" });
  });

  it("checks permissions, and refuses a plain user with the admin error codes", async () => {
    const { client } = await signedInAdmin("compat-admin5@example.com");
    expect((await client.admin.hasPermission({ permissions: { user: ["ban"] } })).data).toMatchObject({ success: true });

    const plain = browserClient();
    await plain.client.signUp.email({ email: "compat-plain@example.com", password: "password123", name: "Plain" });
    expect((await plain.client.admin.hasPermission({ permissions: { user: ["ban"] } })).data).toMatchObject({ success: false });
    expect((await plain.client.admin.listUsers({ query: {} })).error).toMatchObject({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS" });
    expect((await plain.client.admin.createUser({ email: "x@example.com", password: "password123", name: "X" })).error).toMatchObject({
      status: 403,
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS",
    });
    expect((await plain.client.admin.impersonateUser({ userId: "whoever" })).error).toMatchObject({ status: 403, code: "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS" });

    // The client-side role check (same role table) agrees with the server.
    expect(plain.client.admin.checkRolePermission({ role: "admin", permissions: { user: ["ban"] } })).toBe(true);
    expect(plain.client.admin.checkRolePermission({ role: "user", permissions: { user: ["ban"] } })).toBe(false);
  });
  it("parses the administrator's user shape with the last sign-in time and method", async () => {
    const { client } = await signedInAdmin("compat-admin-last@example.com");
    const userTab = browserClient();
    const signUp = await userTab.client.signUp.email({ email: "compat-last@example.com", password: "password123", name: "Compat Last" });
    const id = signUp.data!.user.id;
    const listed = await client.admin.listUsers({ query: { searchValue: "compat-last@", sortBy: "lastSignInAt", sortDirection: "desc" } });
    expect(listed.error).toBeNull();
    // better-auth's client turns ISO strings into Dates, as it does for createdAt.
    expect(listed.data!.users[0]).toMatchObject({ id, lastSignInMethod: "email", lastSignInAt: expect.any(Date) });
    const fetched = await client.admin.getUser({ query: { id } });
    expect(fetched.error).toBeNull();
    expect(fetched.data).toMatchObject({ id, lastSignInMethod: "email" });
    expect((fetched.data as unknown as { lastSignInAt: unknown }).lastSignInAt).toBeInstanceOf(Date);
  });
});
