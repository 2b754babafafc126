/** `auth org scim` against a real server (issue 36): a token printed once, listed without it, revoked. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { createOrganization, users, type SignedUp } from "../server/organization/support.js";
import { cliFor, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;
let org: { id: string; slug: string };

beforeAll(async () => {
  server = await startTestServer({ config: { scim: { enabled: true } } });
  const [owner] = (await users(server, 1)) as [SignedUp];
  org = await createOrganization(server, owner);
  cli = cliFor(server, { token: owner.token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("auth org scim", () => {
  it("creates a token printed once, lists the connection without it, and revokes it", async () => {
    const created = await cli.run(["org", "scim", "create-token", "--name", "okta", "--org", org.slug, "--json"]);
    expect(created.code).toBe(0);
    const token = created.json().token as string;
    expect(token).toMatch(/^lk_scim_/);
    expect(created.json().scimBaseURL).toBe(`${server.api}/scim/v2`);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await server.request("GET", "/scim/v2/ServiceProviderConfig", { headers: bearer })).status).toBe(200);

    const listed = await cli.run(["org", "scim", "list", "--org", org.slug, "--json"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(token);
    const [connection] = listed.json().connections;
    expect(connection).toMatchObject({ name: "okta", configured: false });

    const revoked = await cli.run(["org", "scim", "revoke", connection.tokens[0].id, "--yes"]);
    expect(revoked.code).toBe(0);
    expect((await server.request("GET", "/scim/v2/ServiceProviderConfig", { headers: bearer })).status).toBe(401);
  });

  it("refuses a member who is not an owner", async () => {
    const [member] = (await users(server, 1)) as [SignedUp];
    await server.database.db.insertInto("member").values({ id: `m-${member.userId}`, organizationId: org.id, userId: member.userId, role: "member", teamId: null, createdAt: server.clock.now() }).execute();
    const refused = await cliFor(server, { token: member.token }).run(["org", "scim", "create-token", "--name", "mine", "--org", org.id]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("owner");
  });
});
