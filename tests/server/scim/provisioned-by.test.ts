/**
 * Issue 36 item 4: an administrator's get-user names the SCIM connection that provisioned a user
 * (null for everyone else). Read-only: no admin or self endpoint sets it, and no self answer
 * (get-session, update-user) carries it. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { signUpAdmin } from "../admin/admin-helpers.js";
import { createOrganization, users, type SignedUp } from "../organization/support.js";

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";

let server: TestServer;
let admin: { token: string; userId: string };
let owner: SignedUp;
let org: { id: string };
let connectionId: string;
let provisioned: { id: string; password: string };

beforeAll(async () => {
  server = await startTestServer({ config: { scim: { enabled: true } } });
  admin = await signUpAdmin(server, { email: "provisioned-by-admin@example.com" });
  [owner] = (await users(server, 1)) as [SignedUp];
  org = await createOrganization(server, owner);
  const created = await server.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.id, name: "okta-provisioned-by" } });
  expect(created.status).toBe(200);
  const listed = await server.request("GET", `/scim/list-connections?organizationId=${org.id}`, { token: owner.token });
  connectionId = listed.body.connections[0].id;
  const user = await server.request("POST", "/scim/v2/Users", {
    headers: { authorization: `Bearer ${created.body.token}`, "content-type": "application/scim+json" },
    rawBody: JSON.stringify({ schemas: [USER], userName: "pat.provisioned@acme.example", name: { givenName: "Pat", familyName: "Provisioned" }, emails: [{ value: "pat.provisioned@acme.example", primary: true }], active: true }),
  });
  expect(user.status).toBe(201);
  // A password of their own, so the provisioned person can sign in and read their own answers.
  const password = "correct horse battery staple";
  const hash = await server.app.context.passwords.hash(password);
  const now = server.clock.now();
  await server.database.db.insertInto("account").values({ id: `acc-${user.body.id}`, userId: user.body.id, accountId: user.body.id, providerId: "credential", password: hash, createdAt: now, updatedAt: now } as never).execute();
  await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", user.body.id).execute();
  provisioned = { id: user.body.id, password };
});
afterAll(async () => {
  await server.close();
});

const getUser = (id: string) => server.request("GET", `/admin/get-user?id=${id}`, { token: admin.token });

describe("provisionedBy on the administrator's get-user", () => {
  it("names the connection for a provisioned user, and is null for everyone else", async () => {
    const answer = await getUser(provisioned.id);
    expect(answer.status).toBe(200);
    expect(answer.body.provisionedBy).toEqual({ connectionId, name: "okta-provisioned-by", organizationId: org.id });
    const other = await getUser(owner.userId);
    expect(other.status).toBe(200);
    expect(other.body.provisionedBy).toBeNull();
    // The list is the table's compact view: it does not carry it.
    const list = await server.request("GET", "/admin/list-users?limit=1000", { token: admin.token });
    expect(list.body.users.find((u: { id: string }) => u.id === provisioned.id)).not.toHaveProperty("provisionedBy");
  });

  it("cannot be set: admin update-user, admin create-user and self update-user refuse or drop it and change nothing", async () => {
    // better-auth's admin and self bodies drop keys they do not know (additional-fields.ts), so the
    // attempt is refused or ignored, never stored: no scimUser link appears and get-user still says null.
    const forged = { connectionId, name: "forged-connection", organizationId: org.id };
    const update = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: owner.userId, data: { provisionedBy: forged } } });
    // Alone, it is no data at all: a typed refusal.
    expect(update.status).toBe(400);
    expect(update.body.code).toBe("NO_DATA_TO_UPDATE");
    const create = await server.request("POST", "/admin/create-user", { token: admin.token, body: { email: "forged-provisioned@example.com", name: "Forged", data: { provisionedBy: forged } } });
    expect(create.status).toBe(200);
    expect(create.text).not.toContain("forged-connection");
    const self = await server.request("POST", "/update-user", { token: owner.token, body: { name: "Owner Renamed", provisionedBy: forged } });
    expect(self.status).toBe(200);
    for (const id of [owner.userId, create.body.user.id as string]) {
      const answer = await getUser(id);
      expect(answer.status).toBe(200);
      expect(answer.body.provisionedBy).toBeNull();
      expect(await server.database.db.selectFrom("scimUser").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    }
    // The real link is untouched by an update of the provisioned user.
    const again = await server.request("POST", "/admin/update-user", { token: admin.token, body: { userId: provisioned.id, data: { provisionedBy: null, name: "Pat Still Provisioned" } } });
    expect(again.status).toBe(200);
    expect((await getUser(provisioned.id)).body.provisionedBy).toEqual({ connectionId, name: "okta-provisioned-by", organizationId: org.id });
  });

  it("is not in the provisioned person's own answers", async () => {
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: "pat.provisioned@acme.example", password: provisioned.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.text).not.toContain("provisionedBy");
    expect(signIn.text).not.toContain(connectionId);
    const session = await server.request("GET", "/get-session", { token: signIn.body.token });
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(provisioned.id);
    expect(session.text).not.toContain("provisionedBy");
    expect(session.text).not.toContain(connectionId);
    // And a non-administrator cannot read get-user at all.
    const refused = await server.request("GET", `/admin/get-user?id=${provisioned.id}`, { token: signIn.body.token });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(connectionId);
  });
});
