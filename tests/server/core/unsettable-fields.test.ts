/**
 * Issue 12 (item 4): unknown body keys are now dropped instead of refused, so this proves, for
 * every public endpoint that writes a user or an organization, that the fields a caller must not
 * set (role, banned, emailVerified, id, timestamps, lockout and two-factor state, ownership)
 * stay unset whatever the body says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PAST = "2001-01-01T00:00:00.000Z";
/** What an attacker would like to set on their own user. */
const USER_PRIVILEGES = {
  id: "chosen-id",
  role: "admin",
  banned: true,
  banReason: "x",
  banExpires: PAST,
  emailVerified: true,
  createdAt: PAST,
  updatedAt: PAST,
  twoFactorEnabled: true,
  lockedUntil: PAST,
  failedSignInCount: 99,
  lastSignInAt: PAST,
  lastSignInMethod: "passkey",
  additionalFields: '{"plan":"pro"}',
  isAdmin: true,
  __proto__: { role: "admin" },
};

async function userRow(email: string) {
  return server.database.db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

function expectPlainUser(row: Awaited<ReturnType<typeof userRow>>, since: number) {
  expect(row.id).not.toBe("chosen-id");
  expect(row.role).toBe("user");
  expect(Boolean(row.banned)).toBe(false);
  expect(row.banReason).toBeNull();
  expect(row.banExpires).toBeNull();
  expect(Boolean(row.emailVerified)).toBe(false);
  expect(Number(row.createdAt)).toBeGreaterThanOrEqual(since);
  expect(Number(row.updatedAt)).toBeGreaterThanOrEqual(since);
  expect(Boolean(row.twoFactorEnabled)).toBe(false);
  expect(row.lockedUntil ?? null).toBeNull();
  expect(Number(row.failedSignInCount ?? 0)).toBe(0);
  expect(row.additionalFields).toBeNull();
}

/** JSON with a real `__proto__` key (an object literal's `__proto__:` sets the prototype instead). */
function hostileJson(extra: Record<string, unknown>): string {
  const { __proto__: _ignored, ...rest } = USER_PRIVILEGES as Record<string, unknown>;
  return JSON.stringify({ ...rest, ...extra }).replace(/^\{/, '{"__proto__":{"role":"admin"},');
}

describe("fields a caller must not set stay unset", () => {
  it("POST /sign-up/email", async () => {
    const since = server.clock.now();
    const response = await server.request("POST", "/sign-up/email", {
      rawBody: hostileJson({ email: "signup-priv@example.com", password: "password123", name: "S" }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toBe("user");
    expectPlainUser(await userRow("signup-priv@example.com"), since);
  });

  it("POST /update-user", async () => {
    const since = server.clock.now();
    const { token } = await server.signUp({ email: "update-priv@example.com" });
    const response = await server.request("POST", "/update-user", { token, rawBody: hostileJson({ name: "Renamed" }), headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
    const row = await userRow("update-priv@example.com");
    expect(row.name).toBe("Renamed");
    expectPlainUser(row, since);
    // Only privileged keys, nothing settable: still "nothing to update", not a silent success.
    const only = await server.request("POST", "/update-user", { token, body: { role: "admin", banned: false } });
    expect(only.status).toBe(400);
    expect(only.body.code).toBe("NO_FIELDS_TO_UPDATE");
  });

  it("POST /admin/create-user and /admin/update-user keep id and timestamps out of reach", async () => {
    const admin = await server.signUp({ email: "priv-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const since = server.clock.now();
    const created = await server.request("POST", "/admin/create-user", {
      token: admin.token,
      body: { email: "made-priv@example.com", password: "password123", name: "M", id: "chosen-id", createdAt: PAST, data: { id: "chosen-id", createdAt: PAST, updatedAt: PAST, twoFactorEnabled: true } },
    });
    expect(created.status).toBe(200);
    const row = await userRow("made-priv@example.com");
    expect(row.id).not.toBe("chosen-id");
    expect(Number(row.createdAt)).toBeGreaterThanOrEqual(since);
    expect(Boolean(row.twoFactorEnabled)).toBe(false);
    const renamed = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: row.id, data: { id: "chosen-id" } } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe("USER_ID_CANNOT_BE_UPDATED");
    const dated = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: row.id, data: { createdAt: PAST, name: "N" } } });
    expect(dated.status).toBe(200);
    expect(Number((await userRow("made-priv@example.com")).createdAt)).toBeGreaterThanOrEqual(since);
  });

  it("POST /organization/create and /organization/update keep id, owner and timestamps out of reach", async () => {
    const owner = await server.signUp({ email: "org-owner@example.com" });
    const other = await server.signUp({ email: "org-other@example.com" });
    const since = server.clock.now();
    const created = await server.request("POST", "/organization/create", {
      token: owner.token,
      body: { name: "Acme", slug: "acme-priv", id: "chosen-org", createdAt: PAST, members: [{ userId: other.userId, role: "owner" }] },
    });
    expect(created.status).toBe(200);
    expect(created.body.id).not.toBe("chosen-org");
    const org = await server.database.db.selectFrom("organization").selectAll().where("slug", "=", "acme-priv").executeTakeFirstOrThrow();
    expect(Number(org.createdAt)).toBeGreaterThanOrEqual(since);
    const members = await server.database.db.selectFrom("member").select(["userId", "role"]).where("organizationId", "=", org.id).execute();
    expect(members).toEqual([{ userId: owner.userId, role: "owner" }]);

    const asOther = await server.request("POST", "/organization/create", { token: other.token, body: { name: "Theirs", slug: "theirs-priv", userId: owner.userId } });
    if (asOther.status === 200) {
      const theirs = await server.database.db.selectFrom("member").innerJoin("organization", "organization.id", "member.organizationId").select("member.userId").where("organization.slug", "=", "theirs-priv").execute();
      expect(theirs).toEqual([{ userId: other.userId }]);
    } else expect(asOther.status).toBeGreaterThanOrEqual(400);

    const updated = await server.request("POST", "/organization/update", {
      token: owner.token,
      body: { organizationId: org.id, data: { name: "Acme 2", id: "chosen-org", createdAt: PAST }, id: "x" },
    });
    expect(updated.status).toBe(200);
    const after = await server.database.db.selectFrom("organization").selectAll().where("id", "=", org.id).executeTakeFirstOrThrow();
    expect(after.name).toBe("Acme 2");
    expect(Number(after.createdAt)).toBe(Number(org.createdAt));
  });
});
