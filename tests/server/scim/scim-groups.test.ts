/**
 * Issue 36: SCIM Groups become teams of the connection's organization; members added and removed
 * the ways Okta and Entra ID send them (RFC 7644 §3.5.2), on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type RawInit, type TestServer } from "../../helpers/test-server.js";
import { createOrganization, users, type SignedUp } from "../organization/support.js";

const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

let server: TestServer;
let org: { id: string };
let token: string;
let seq = 0;

const scim = (method: string, path: string, init: RawInit & { bearer?: string } = {}) =>
  server.request(method, `/scim/v2${path}`, {
    headers: { authorization: `Bearer ${init.bearer ?? token}`, ...(init.body !== undefined ? { "content-type": "application/scim+json" } : {}) },
    ...(init.body !== undefined ? { rawBody: JSON.stringify(init.body) } : {}),
  });

async function person(): Promise<string> {
  const n = ++seq;
  const made = await scim("POST", "/Users", { body: { userName: `member${n}@acme.example`, name: { givenName: "M", familyName: String(n) } } });
  expect(made.status).toBe(201);
  return made.body.id;
}

const teamMembers = async (teamId: string) =>
  (await server.database.db.selectFrom("teamMember").select("userId").where("teamId", "=", teamId).execute()).map((row) => row.userId).sort();

beforeAll(async () => {
  server = await startTestServer({ config: { scim: { enabled: true } } });
  const [owner] = (await users(server, 1)) as [SignedUp];
  org = await createOrganization(server, owner);
  token = (await server.request("POST", "/scim/create-token", { token: owner.token, body: { organizationId: org.id, name: "okta" } })).body.token;
});
afterAll(async () => {
  await server.close();
});

describe("SCIM Groups", () => {
  it("POST makes a team of the organization with its members; GET by displayName filter finds it", async () => {
    const [a, b] = [await person(), await person()];
    const created = await scim("POST", "/Groups", { body: { schemas: [GROUP], displayName: "Engineering", members: [{ value: a }, { value: b }] } });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`${server.api}/scim/v2/Groups/${created.body.id}`);
    const team = await server.database.db.selectFrom("team").selectAll().where("id", "=", created.body.id).executeTakeFirstOrThrow();
    expect(team).toMatchObject({ name: "Engineering", organizationId: org.id });
    expect(await teamMembers(team.id)).toEqual([a, b].sort());
    const found = await scim("GET", `/Groups?filter=${encodeURIComponent('displayName eq "Engineering"')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].members.map((m: { value: string }) => m.value).sort()).toEqual([a, b].sort());
  });

  it("PATCH adds members (Entra's capitalised Add) and removes by members[value eq]", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const group = await scim("POST", "/Groups", { body: { schemas: [GROUP], displayName: `Ops ${seq}`, members: [{ value: a }] } });
    const added = await scim("PATCH", `/Groups/${group.body.id}`, { body: { schemas: [PATCH], Operations: [{ op: "Add", path: "members", value: [{ value: b }, { value: c }] }] } });
    expect(added.status).toBe(200);
    expect(await teamMembers(group.body.id)).toEqual([a, b, c].sort());
    const removed = await scim("PATCH", `/Groups/${group.body.id}`, { body: { schemas: [PATCH], Operations: [{ op: "remove", path: `members[value eq "${a}"]` }] } });
    expect(removed.status).toBe(200);
    expect(await teamMembers(group.body.id)).toEqual([b, c].sort());
    const renamed = await scim("PATCH", `/Groups/${group.body.id}`, { body: { schemas: [PATCH], Operations: [{ op: "Replace", path: "displayName", value: "Operations" }] } });
    expect(renamed.body.displayName).toBe("Operations");
  });

  it("refuses members the connection did not provision, and DELETE removes the team", async () => {
    const [outsider] = (await users(server, 1)) as [SignedUp];
    const refused = await scim("POST", "/Groups", { body: { schemas: [GROUP], displayName: "Sneaky", members: [{ value: outsider.userId }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.scimType).toBe("invalidValue");
    const group = await scim("POST", "/Groups", { body: { schemas: [GROUP], displayName: "Short-lived" } });
    expect((await scim("DELETE", `/Groups/${group.body.id}`)).status).toBe(204);
    expect((await scim("GET", `/Groups/${group.body.id}`)).status).toBe(404);
    expect(await server.database.db.selectFrom("team").select("id").where("id", "=", group.body.id).executeTakeFirst()).toBeUndefined();
  });
});
