/** A key acts within its permissions and never beyond its user's own rights; administrators see and revoke any user's keys. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditRows, signUpAdmin } from "../admin/admin-helpers.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const withKey = (key: string, method: string, path: string, body?: unknown) => server.request(method, path, { headers: { "x-api-key": key }, body });

async function createKey(token: string, body: Record<string, unknown>) {
  const answer = await server.request("POST", "/api-key/create", { token, body });
  expect(answer.status).toBe(200);
  return answer.body as { id: string; key: string };
}

describe("an admin key limited to user: [ban, list]", () => {
  it("bans and lists, but cannot set roles, delete users or change its user's account", async () => {
    const admin = await signUpAdmin(server);
    const { key } = await createKey(admin.token, { name: "cron bans", permissions: { user: ["ban", "list"] } });
    const target = await server.signUp();

    const banned = await withKey(key, "POST", "/admin/ban-user", { userId: target.userId, banReason: "nightly list" });
    expect(banned.status).toBe(200);
    expect(banned.body.user).toMatchObject({ id: target.userId, banned: true, banReason: "nightly list" });
    expect((await withKey(key, "GET", "/admin/list-users?limit=5")).status).toBe(200);

    const role = await withKey(key, "POST", "/admin/set-role", { userId: target.userId, role: "admin" });
    expect(role.status).toBe(403);
    expect(role.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    const removed = await withKey(key, "POST", "/admin/remove-user", { userId: target.userId });
    expect(removed.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS");
    const sessions = await withKey(key, "POST", "/admin/list-user-sessions", { userId: target.userId });
    expect(sessions.status).toBe(403);

    const rename = await withKey(key, "POST", "/update-user", { name: "Renamed by a key" });
    expect(rename.status).toBe(403);
    expect(rename.body.code).toBe("API_KEY_NOT_ALLOWED");

    // The audit log says a key did it.
    const events = await auditRows(server, "user.ban");
    const event = events.find((row) => row.targetId === target.userId)!;
    expect(event.actorId).toBe(admin.userId);
    expect(JSON.parse(event.metadata as string)).toMatchObject({ apiKeyId: expect.any(String) });
  });

  it("loses admin power when its user is demoted: a key never exceeds its user", async () => {
    const admin = await signUpAdmin(server);
    const { key } = await createKey(admin.token, { name: "demoted", permissions: { user: ["ban"] } });
    const target = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "user" }).where("id", "=", admin.userId).execute();
    const banned = await withKey(key, "POST", "/admin/ban-user", { userId: target.userId });
    expect(banned.status).toBe(403);
    expect(banned.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
  });

  it("an ordinary user's key asking for admin permissions gains nothing", async () => {
    const user = await server.signUp();
    const { key } = await createKey(user.token, { name: "wishful", permissions: { user: ["ban", "list"] } });
    const listed = await withKey(key, "GET", "/admin/list-users");
    expect(listed.status).toBe(403);
    expect(listed.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_USERS");
  });

  it("a key without permissions acts with its user's full rights, except impersonation", async () => {
    const admin = await signUpAdmin(server);
    const { key } = await createKey(admin.token, { name: "full" });
    expect((await withKey(key, "GET", "/admin/list-users?limit=1")).status).toBe(200);
    expect((await withKey(key, "POST", "/update-user", { name: "Renamed by a full key" })).status).toBe(200);
    const target = await server.signUp();
    const impersonate = await withKey(key, "POST", "/admin/impersonate-user", { userId: target.userId });
    expect(impersonate.status).toBe(403);
    expect(impersonate.body.code).toBe("API_KEY_NOT_ALLOWED");
    expect(impersonate.cookies).toEqual([]);
    expect((await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } })).status).toBe(200);
  });

  it("permissions also bound organization actions", async () => {
    const owner = await server.signUp();
    await server.verifyEmail(owner.email); // only verified accounts invite: the refusal below is the key's
    const org = await server.request("POST", "/organization/create", { token: owner.token, body: { name: "Keyed Org", slug: `keyed-${Date.now()}` } });
    expect(org.status).toBe(200);
    const { key } = await createKey(owner.token, { name: "org read-only", permissions: { member: ["update"] } });
    const invite = await withKey(key, "POST", "/organization/invite-member", { email: "someone@example.com", role: "member", organizationId: org.body.id });
    expect(invite.status).toBe(403);
    const bySession = await server.request("POST", "/organization/invite-member", { token: owner.token, body: { email: "someone@example.com", role: "member", organizationId: org.body.id } });
    expect(bySession.status).toBe(200);
  });
});

describe("administrators and other users' keys", () => {
  it("list and revoke any user's keys (session:list, session:revoke); the revoked key stops working; ordinary users may not", async () => {
    const admin = await signUpAdmin(server);
    const user = await server.signUp();
    const { id, key } = await createKey(user.token, { name: "laptop script" });

    const listed = await server.request("GET", `/admin/list-user-api-keys?userId=${user.userId}`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, apiKeys: [{ id, name: "laptop script", referenceId: user.userId }] });
    expect(listed.text).not.toContain(key);

    const other = await server.signUp();
    expect((await server.request("GET", `/admin/list-user-api-keys?userId=${user.userId}`, { token: other.token })).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_API_KEYS");
    expect((await server.request("POST", "/admin/revoke-user-api-key", { token: other.token, body: { keyId: id } })).body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_API_KEYS");

    const revoked = await server.request("POST", "/admin/revoke-user-api-key", { token: admin.token, body: { keyId: id } });
    expect(revoked.body).toEqual({ success: true });
    expect((await withKey(key, "GET", "/get-session")).body.code).toBe("INVALID_API_KEY");

    const events = await auditRows(server, "api-key.revoke");
    expect(events.some((row) => row.actorId === admin.userId && row.targetId === user.userId)).toBe(true);
    const created = await auditRows(server, "api-key.create");
    expect(created.some((row) => row.actorId === user.userId && JSON.parse(row.metadata as string).keyId === id)).toBe(true);
  });

  it("a user's keys go when the user is deleted", async () => {
    const user = await server.signUp();
    await createKey(user.token, { name: "gone" });
    await server.database.db.deleteFrom("user").where("id", "=", user.userId).execute();
    expect(await server.database.db.selectFrom("apikey").select("id").where("referenceId", "=", user.userId).execute()).toEqual([]);
  });
});
