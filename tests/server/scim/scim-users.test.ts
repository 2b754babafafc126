/**
 * Issue 36: SCIM 2.0 Users, with requests shaped as Okta and Entra ID send them (RFC 7644), on
 * SQLite and PostgreSQL. Deactivation means out: sessions, every sign-in, password reset, API keys.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type RawInit, type TestServer } from "../../helpers/test-server.js";
import { createOrganization, users, type SignedUp } from "../organization/support.js";

const CONFIGURED_TOKEN = "configured-okta-token-0123456789abcdef";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

let server: TestServer;
let owner: SignedUp;
let org: { id: string; slug: string };
let token: string;
let seq = 0;

const scim = (method: string, path: string, init: RawInit & { bearer?: string } = {}) =>
  server.request(method, `/scim/v2${path}`, {
    ...init,
    headers: { authorization: `Bearer ${init.bearer ?? token}`, ...(init.body !== undefined ? { "content-type": "application/scim+json" } : {}), ...init.headers },
    ...(init.body !== undefined ? { rawBody: JSON.stringify(init.body), body: undefined } : {}),
  });

/** An Okta-shaped create (Okta's SCIM 2.0 guide). */
function oktaUser(local = `person${++seq}`, extra: Record<string, unknown> = {}) {
  return {
    schemas: [USER],
    userName: `${local}@acme.example`,
    name: { givenName: "Ada", familyName: `Lovelace ${seq}` },
    emails: [{ primary: true, value: `${local}@acme.example`, type: "work" }],
    displayName: `Ada Lovelace ${seq}`,
    locale: "en-US",
    externalId: `00u${seq}`,
    groups: [],
    password: "never-stored",
    active: true,
    ...extra,
  };
}

async function withPassword(userId: string, password = "correct horse battery") {
  const hash = await server.app.context.passwords.hash(password);
  const now = server.clock.now();
  await server.database.db.insertInto("account").values({ id: `acc-${userId}`, userId, accountId: userId, providerId: "credential", password: hash, createdAt: now, updatedAt: now } as never).execute();
  await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", userId).execute();
  return password;
}

beforeAll(async () => {
  server = await startTestServer({ config: { scim: { enabled: true } } });
  [owner] = (await users(server, 1)) as [SignedUp];
  org = await createOrganization(server, owner);
  const created = await server.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.id, name: "okta" } });
  expect(created.status).toBe(200);
  token = created.body.token;
});
afterAll(async () => {
  await server.close();
});

describe("SCIM connections and tokens", () => {
  it("shows the token once: the list has its start and activity, never the token", async () => {
    await scim("GET", "/Users");
    const listed = await server.request("GET", `/scim/list-connections?organizationId=${org.id}`, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(token);
    expect(listed.body.connections).toHaveLength(1);
    expect(listed.body.connections[0]).toMatchObject({ name: "okta", configured: false, organizationId: org.id });
    expect(listed.body.connections[0].lastActivityAt).not.toBeNull();
    expect(token.startsWith(listed.body.connections[0].tokens[0].start)).toBe(true);
  });

  it("refuses a member who is not an owner, and an API key even of the owner", async () => {
    const [member] = (await users(server, 1)) as [SignedUp];
    await server.database.db.insertInto("member").values({ id: `m-${member.userId}`, organizationId: org.id, userId: member.userId, role: "member", teamId: null, createdAt: server.clock.now() }).execute();
    const refused = await server.request("POST", "/scim/create-token", { token: member.token, body: { organizationId: org.id, name: "mine" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("ONLY_OWNERS_MANAGE_SCIM");
    const key = await server.request("POST", "/api-key/create", { token: owner.token, body: { name: "script" } });
    const byKey = await server.request("POST", "/scim/create-token", { headers: { "x-api-key": key.body.key }, body: { organizationId: org.id, name: "leaked" } });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe("API_KEY_NOT_ALLOWED");
  });

  it("a SCIM token is no session anywhere else, and sessions and API keys are no SCIM token", async () => {
    const asSession = await server.request("GET", "/get-session", { token });
    expect(asSession.body).toBeNull();
    const listSessions = await server.request("GET", "/list-sessions", { token });
    expect(listSessions.status).toBe(401);
    const bySession = await scim("GET", "/Users", { bearer: owner.token });
    expect(bySession.status).toBe(401);
    expect(bySession.body).toMatchObject({ schemas: [ERROR], status: "401" });
    const key = await server.request("POST", "/api-key/create", { token: owner.token, body: { name: "script2" } });
    const byKey = await server.request("GET", "/scim/v2/Users", { headers: { "x-api-key": key.body.key } });
    expect(byKey.status).toBe(401);
    expect(byKey.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("a revoked token is refused from its next request", async () => {
    const made = await server.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.id, name: "okta" } });
    expect((await scim("GET", "/ServiceProviderConfig", { bearer: made.body.token })).status).toBe(200);
    const revoked = await server.request("POST", "/scim/revoke-token", { token: owner.token, body: { tokenId: made.body.tokenId } });
    expect(revoked.status).toBe(200);
    expect((await scim("GET", "/ServiceProviderConfig", { bearer: made.body.token })).status).toBe(401);
  });

  it("starts with better-auth's configured shape and provisions the organization it names", async () => {
    const configured = await startTestServer({
      config: { scim: { connections: [{ id: "okta-prod", provisioningDomainId: "acme-configured", credentials: [{ type: "bearer", id: "okta-1", token: CONFIGURED_TOKEN }] }] } },
    });
    try {
      const [boss] = (await users(configured, 1)) as [SignedUp];
      const missing = await configured.request("GET", "/scim/v2/Users", { headers: { authorization: `Bearer ${CONFIGURED_TOKEN}` } });
      expect(missing.status).toBe(403);
      const made = await createOrganization(configured, boss, { slug: "acme-configured" });
      const created = await configured.request("POST", "/scim/v2/Users", { headers: { authorization: `Bearer ${CONFIGURED_TOKEN}`, "content-type": "application/scim+json" }, rawBody: JSON.stringify(oktaUser("cfg")) });
      expect(created.status).toBe(201);
      const member = await configured.database.db.selectFrom("member").select("role").where("organizationId", "=", made.id).where("userId", "=", created.body.id).executeTakeFirst();
      expect(member?.role).toBe("member");
    } finally {
      await configured.close();
    }
  });
});

describe("SCIM discovery and media types", () => {
  it("answers ServiceProviderConfig, Schemas and ResourceTypes", async () => {
    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.headers.get("content-type")).toContain("application/scim+json");
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter).toMatchObject({ supported: true, maxResults: 1000 });
    const schemas = await scim("GET", "/Schemas");
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toContain(USER);
    expect((await scim("GET", `/Schemas/${USER}`)).body.name).toBe("User");
    expect((await scim("GET", "/ResourceTypes/Group")).body.endpoint).toBe("/Groups");
    expect((await scim("GET", "/ResourceTypes/Nope")).status).toBe(404);
  });

  it("takes application/json too, and answers 415 to anything else", async () => {
    const asJson = await server.request("POST", "/scim/v2/Users", { headers: { authorization: `Bearer ${token}` }, body: oktaUser() });
    expect(asJson.status).toBe(201);
    const asText = await server.request("POST", "/scim/v2/Users", { headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" }, rawBody: JSON.stringify(oktaUser()) });
    expect(asText.status).toBe(415);
    expect(asText.body).toMatchObject({ schemas: [ERROR], status: "415" });
  });
});

describe("SCIM Users", () => {
  it("creates a member of the organization: 201 with Location, nothing unsettable set", async () => {
    const body = oktaUser("grace", { emailVerified: true, role: "admin", id: "chosen-id", meta: { created: "2000-01-01T00:00:00Z" } });
    const created = await scim("POST", "/Users", { body });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${server.api}/scim/v2/Users/${created.body.id}`);
    expect(created.body).toMatchObject({ userName: "grace@acme.example", active: true, externalId: body.externalId, name: body.name, meta: { resourceType: "User" } });
    expect(created.body.id).not.toBe("chosen-id");
    expect(created.body.password).toBeUndefined();
    const row = await server.database.db.selectFrom("user").selectAll().where("id", "=", created.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: "grace@acme.example", emailVerified: 0, role: "user", name: body.displayName });
    const member = await server.database.db.selectFrom("member").select("role").where("organizationId", "=", org.id).where("userId", "=", row.id).executeTakeFirst();
    expect(member?.role).toBe("member");
  });

  it("refuses a second userName and someone else's email as uniqueness conflicts", async () => {
    const first = oktaUser();
    expect((await scim("POST", "/Users", { body: first })).status).toBe(201);
    const again = await scim("POST", "/Users", { body: { ...first, userName: first.userName.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: "409", scimType: "uniqueness" });
    const takeover = await scim("POST", "/Users", { body: oktaUser("x", { userName: "other-name", emails: [{ value: owner.email, primary: true }] }) });
    expect(takeover.status).toBe(409);
    expect(takeover.body.scimType).toBe("uniqueness");
  });

  it("lists with a filter (Okta's userName eq), startIndex and count, and rejects a bad filter", async () => {
    const made = await scim("POST", "/Users", { body: oktaUser("filtered") });
    const found = await scim("GET", `/Users?filter=${encodeURIComponent('userName eq "FILTERED@acme.example"')}&startIndex=1&count=100`);
    expect(found.body).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.body.Resources[0].id).toBe(made.body.id);
    const complex = await scim("GET", `/Users?filter=${encodeURIComponent('emails[value co "filtered@"] and active eq true')}`);
    expect(complex.body.Resources.map((r: { id: string }) => r.id)).toEqual([made.body.id]);
    const paged = await scim("GET", "/Users?startIndex=2&count=1");
    expect(paged.body.itemsPerPage).toBe(1);
    expect(paged.body.startIndex).toBe(2);
    expect(paged.body.totalResults).toBeGreaterThan(2);
    const none = await scim("GET", `/Users?filter=${encodeURIComponent('userName eq "nobody@acme.example"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    const bad = await scim("GET", `/Users?filter=${encodeURIComponent('userName eq "x" and (')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ schemas: [ERROR], status: "400", scimType: "invalidFilter" });
  });

  it("PUT replaces, PATCH replaces by path and by value object, and id is read-only", async () => {
    const made = await scim("POST", "/Users", { body: oktaUser("put") });
    const put = await scim("PUT", `/Users/${made.body.id}`, { body: { ...oktaUser("put"), displayName: "Ada Byron", name: { givenName: "Ada", familyName: "Byron" } } });
    expect(put.status).toBe(200);
    expect(put.body.name.familyName).toBe("Byron");
    const byPath = await scim("PATCH", `/Users/${made.body.id}`, { body: { schemas: [PATCH], Operations: [{ op: "replace", path: "name.familyName", value: "King" }, { op: "replace", path: 'emails[type eq "work"].value', value: "put.king@acme.example" }] } });
    expect(byPath.status).toBe(200);
    expect(byPath.body.name.familyName).toBe("King");
    const row = await server.database.db.selectFrom("user").select(["email"]).where("id", "=", made.body.id).executeTakeFirstOrThrow();
    expect(row.email).toBe("put.king@acme.example");
    const byValue = await scim("PATCH", `/Users/${made.body.id}`, { body: { schemas: [PATCH], Operations: [{ op: "replace", value: { displayName: "Countess" } }] } });
    expect(byValue.body.displayName).toBe("Countess");
    const mutability = await scim("PUT", `/Users/${made.body.id}`, { body: { ...oktaUser("put"), id: "another" } });
    expect(mutability.status).toBe(400);
    expect(mutability.body.scimType).toBe("mutability");
    const badActive = await scim("PATCH", `/Users/${made.body.id}`, { body: { schemas: [PATCH], Operations: [{ op: "replace", path: "active", value: "maybe" }] } });
    expect(badActive.body.scimType).toBe("invalidValue");
  });

  it("Entra's PATCH {op: Replace, value: 'False'} ends sessions, every sign-in, reset and API keys; 'True' lets them back", async () => {
    const made = await scim("POST", "/Users", { body: oktaUser("entra") });
    const id = made.body.id as string;
    const email = made.body.userName as string;
    const password = await withPassword(id);
    const signIn = () => server.request("POST", "/sign-in/email", { body: { email, password } });
    const first = await signIn();
    expect(first.status).toBe(200);
    const key = await server.request("POST", "/api-key/create", { token: first.body.token, body: { name: "laptop" } });
    expect(key.status).toBe(200);

    const off = await scim("PATCH", `/Users/${id}`, { body: { schemas: [PATCH], Operations: [{ op: "Replace", path: "active", value: "False" }] } });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await server.request("GET", "/get-session", { token: first.body.token })).body).toBeNull();
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("USER_DEACTIVATED");
    expect((await server.request("GET", "/api-key/list", { headers: { "x-api-key": key.body.key } })).status).toBe(401);
    expect(await server.database.db.selectFrom("apikey").select("id").where("referenceId", "=", id).execute()).toEqual([]);
    const before = (await server.outbox(email)).length;
    expect((await server.request("POST", "/request-password-reset", { body: { email } })).status).toBe(200);
    expect((await server.outbox(email)).length).toBe(before);
    await server.app.context.audit.flush();
    const audited = await server.database.db.selectFrom("auditEvent").select(["actorId", "action"]).where("targetId", "=", id).execute();
    expect(audited).toContainEqual({ actorId: expect.stringMatching(/^scim:/), action: "scim.user-deactivate" });

    const on = await scim("PATCH", `/Users/${id}`, { body: { schemas: [PATCH], Operations: [{ op: "Replace", value: { active: "True" } }] } });
    expect(on.body.active).toBe(true);
    expect((await signIn()).status).toBe(200);
  });

  it("DELETE removes the user (204), and GET then answers 404", async () => {
    const made = await scim("POST", "/Users", { body: oktaUser("gone") });
    const deleted = await scim("DELETE", `/Users/${made.body.id}`);
    expect(deleted.status).toBe(204);
    const again = await scim("GET", `/Users/${made.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ schemas: [ERROR], status: "404" });
    expect(await server.database.db.selectFrom("user").select("id").where("id", "=", made.body.id).executeTakeFirst()).toBeUndefined();
  });

  it("one connection never sees another's users, nor a user it did not provision", async () => {
    const [otherOwner] = (await users(server, 1)) as [SignedUp];
    const otherOrg = await createOrganization(server, otherOwner);
    const other = await server.request("POST", "/scim/create-token", { token: otherOwner.token, body: { organizationId: otherOrg.id, name: "entra" } });
    const mine = await scim("POST", "/Users", { body: oktaUser("isolated") });
    for (const [method, body] of [["GET"], ["PUT", oktaUser("isolated")], ["DELETE"]] as const) {
      expect((await scim(method, `/Users/${mine.body.id}`, { bearer: other.body.token, ...(body ? { body } : {}) })).status).toBe(404);
    }
    expect((await scim("GET", "/Users", { bearer: other.body.token })).body.totalResults).toBe(0);
    expect((await scim("PATCH", `/Users/${owner.userId}`, { body: { schemas: [PATCH], Operations: [{ op: "replace", path: "active", value: false }] } })).status).toBe(404);
  });
});
