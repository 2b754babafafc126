/**
 * Limits checked by counting, under concurrent requests. On PostgreSQL transactions run truly in
 * parallel, so each of these would pass its count check without the organization lock
 * (server/db/lock.ts); on SQLite they are serial anyway. Both must give the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { createOrganization, users, type SignedUp } from "./support.js";

let server: TestServer;
let owner: SignedUp;
beforeAll(async () => {
  server = await startTestServer({ config: { organization: { membershipLimit: 2, maximumTeams: 2 } } });
  [owner] = (await users(server, 1)) as [SignedUp];
});
afterAll(async () => {
  await server.close();
});

describe("limits under concurrent requests", () => {
  it("of four members added at once to an organization with one free place, exactly one joins", async () => {
    const org = await createOrganization(server, owner);
    const people = await users(server, 4);
    const results = await Promise.all(
      people.map((p) => server.request("POST", "/organization/add-member", { token: owner.token, body: { organizationId: org.id, userId: p.userId, role: "member" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403, 403]);
    expect(results.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(Array(3).fill("ORGANIZATION_MEMBERSHIP_LIMIT_REACHED"));
    const members = await server.database.db.selectFrom("member").select("userId").where("organizationId", "=", org.id).execute();
    expect(members).toHaveLength(2);
  });

  it("of three teams created at once where one more is allowed, exactly one is made", async () => {
    // A new organization comes with its default team, so one place is left.
    const org = await createOrganization(server, owner);
    const before = await server.database.db.selectFrom("team").select("id").where("organizationId", "=", org.id).execute();
    expect(before).toHaveLength(1);
    const results = await Promise.all(
      ["A", "B", "C"].map((name) => server.request("POST", "/organization/create-team", { token: owner.token, body: { organizationId: org.id, name } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const teams = await server.database.db.selectFrom("team").select("name").where("organizationId", "=", org.id).execute();
    expect(teams).toHaveLength(2);
  });
});
