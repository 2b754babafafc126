import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditActions, createOrganization, seedMember, sessionOf, users, type SignedUp } from "./support.js";

let server: TestServer;
let owner: SignedUp;
beforeAll(async () => {
  server = await startTestServer();
  [owner] = (await users(server, 1)) as [SignedUp];
});
afterAll(async () => {
  await server.close();
});

describe("organization/list-members", () => {
  it("pages, sorts, filters and searches members with a total", async () => {
    const org = await createOrganization(server, owner);
    const people = await users(server, 4);
    for (const [i, person] of people.entries()) {
      server.clock.advance(1000);
      await server.request("POST", "/organization/add-member", { token: owner.token, body: { organizationId: org.id, userId: person.userId, role: i === 0 ? "admin" : "member" } });
    }
    const page = await server.request("GET", `/organization/list-members?organizationId=${org.id}&limit=2&offset=1`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(5);
    expect(page.body.members.map((m: { userId: string }) => m.userId)).toEqual([people[0]!.userId, people[1]!.userId]);
    expect(page.body.members[0].user).toMatchObject({ id: people[0]!.userId, email: people[0]!.email });
    const newest = await server.request("GET", `/organization/list-members?organizationId=${org.id}&sortBy=createdAt&sortDirection=desc&limit=1`, { token: owner.token });
    expect(newest.body.members[0].userId).toBe(people[3]!.userId);
    const admins = await server.request("GET", `/organization/list-members?organizationId=${org.id}&filterField=role&filterOperator=eq&filterValue=admin`, { token: owner.token });
    expect(admins.body.total).toBe(1);
    expect(admins.body.members[0].userId).toBe(people[0]!.userId);
    const search = await server.request("GET", `/organization/list-members?organizationId=${org.id}&searchField=email&searchValue=${encodeURIComponent(people[2]!.email.slice(0, 12))}`, { token: owner.token });
    expect(search.body.members.map((m: { userId: string }) => m.userId)).toContain(people[2]!.userId);
    expect(search.body.total).toBe(search.body.members.length);
    // Case is ignored on SQLite and PostgreSQL alike (server/db/like.ts).
    const { name } = await server.database.db.selectFrom("user").select("name").where("id", "=", people[2]!.userId).executeTakeFirstOrThrow();
    const byName = await server.request("GET", `/organization/list-members?organizationId=${org.id}&searchField=name&searchValue=${encodeURIComponent(name.toUpperCase())}`, { token: owner.token });
    expect(byName.body.members.map((m: { userId: string }) => m.userId)).toContain(people[2]!.userId);
    const literal = await server.request("GET", `/organization/list-members?organizationId=${org.id}&searchValue=%25`, { token: owner.token });
    expect(literal.body.total).toBe(0);
  });

  it("searches name or email in one box when no searchField is given, case-insensitively, with paging, total and sort", async () => {
    const org = await createOrganization(server, owner);
    const db = server.database.db;
    const now = server.clock.now();
    const people = [
      { id: `sb-${org.id}-1`, name: "Zoë Quartz", email: `zq-${org.id}@rock.test`.toLowerCase() },
      { id: `sb-${org.id}-2`, name: "Amy Stone", email: `quartz-fan-${org.id}@mail.test`.toLowerCase() },
      { id: `sb-${org.id}-3`, name: "Bo Quartzman", email: `bo-${org.id}@mail.test`.toLowerCase() },
      { id: `sb-${org.id}-4`, name: "Cy Granite", email: `cy-${org.id}@mail.test`.toLowerCase() },
    ];
    await db.insertInto("user").values(people.map((p) => ({ ...p, image: null, emailVerified: 0, createdAt: now, updatedAt: now, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null }))).execute();
    await db.insertInto("member").values(people.map((p, i) => ({ id: `m-${p.id}`, organizationId: org.id, userId: p.id, role: "member", teamId: null, createdAt: now + i }))).execute();
    const list = (query: string) => server.request("GET", `/organization/list-members?organizationId=${org.id}&${query}`, { token: owner.token });
    const names = (body: { members: Array<{ user: { name: string } }> }) => body.members.map((m) => m.user.name);

    const any = await list("searchValue=QUARTZ");
    expect(any.status).toBe(200);
    expect(names(any.body)).toEqual(["Zoë Quartz", "Amy Stone", "Bo Quartzman"]);
    expect(any.body.total).toBe(3);
    const sorted = await list("searchValue=quartz&sortBy=name&sortDirection=desc&limit=2");
    expect(names(sorted.body)).toEqual(["Zoë Quartz", "Bo Quartzman"]);
    expect(sorted.body.total).toBe(3);
    const second = await list("searchValue=quartz&sortBy=name&sortDirection=desc&limit=2&offset=2");
    expect(names(second.body)).toEqual(["Amy Stone"]);
    expect(second.body.total).toBe(3);
    // An explicit searchField narrows the search to that field.
    expect(names((await list("searchValue=quartz&searchField=name")).body)).toEqual(["Zoë Quartz", "Bo Quartzman"]);
    expect(names((await list("searchValue=quartz&searchField=email")).body)).toEqual(["Amy Stone"]);
    expect(names((await list("searchValue=quartz&searchOperator=starts_with")).body)).toEqual(["Amy Stone"]);
    // Search combines with better-auth's filter.
    await db.updateTable("member").set({ role: "admin" }).where("id", "=", `m-${people[2]!.id}`).execute();
    const admins = await list("searchValue=quartz&filterField=role&filterOperator=eq&filterValue=admin");
    expect(names(admins.body)).toEqual(["Bo Quartzman"]);
    expect(admins.body.total).toBe(1);
    // Bad input is refused and typed.
    for (const query of ["searchValue=x&searchField=role", "searchValue=x&searchOperator=regex", "sortBy=password", "limit=1001", "offset=-1"]) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("pages through members who joined in the same millisecond without skipping or repeating anyone", async () => {
    const org = await createOrganization(server, owner);
    const db = server.database.db;
    const now = server.clock.now();
    const ids = Array.from({ length: 249 }, (_, i) => `tie-${org.id}-${i}`);
    await db.insertInto("user").values(ids.map((id) => ({ id, email: `${id}@example.com`, name: id, image: null, emailVerified: 0, createdAt: now, updatedAt: now, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null }))).execute();
    await db.insertInto("member").values(ids.map((id) => ({ id: `m-${id}`, organizationId: org.id, userId: id, role: "member", teamId: null, createdAt: now }))).execute();
    for (const direction of ["asc", "desc"]) {
      const seen: string[] = [];
      for (let offset = 0; offset < 300; offset += 100) {
        const page = await server.request("GET", `/organization/list-members?organizationId=${org.id}&limit=100&offset=${offset}&sortDirection=${direction}`, { token: owner.token });
        expect(page.body.total).toBe(250);
        seen.push(...page.body.members.map((m: { id: string }) => m.id));
      }
      expect(seen).toHaveLength(250);
      expect(new Set(seen).size).toBe(250);
    }
    const beyond = await server.request("GET", `/organization/list-members?organizationId=${org.id}&limit=100&offset=250`, { token: owner.token });
    expect(beyond.body).toEqual({ members: [], total: 250 });
  });

  it("uses the active organization, refuses non-members and bad sort fields", async () => {
    const org = await createOrganization(server, owner);
    const active = await server.request("GET", "/organization/list-members", { token: owner.token });
    expect(active.body.members.map((m: { organizationId: string }) => m.organizationId)).toEqual([org.id]);
    const [stranger] = await users(server, 1);
    const refused = await server.request("GET", `/organization/list-members?organizationId=${org.id}`, { token: stranger!.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION");
    const noActive = await server.request("GET", "/organization/list-members", { token: stranger!.token });
    expect(noActive.body.code).toBe("NO_ACTIVE_ORGANIZATION");
    const badSort = await server.request("GET", `/organization/list-members?organizationId=${org.id}&sortBy=password`, { token: owner.token });
    expect(badSort.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("organization/get-active-member and get-active-member-role", () => {
  it("answers the caller's membership in the active organization", async () => {
    const org = await createOrganization(server, owner);
    const member = await server.request("GET", "/organization/get-active-member", { token: owner.token });
    expect(member.body).toMatchObject({ organizationId: org.id, userId: owner.userId, role: "owner", user: { email: owner.email } });
    const role = await server.request("GET", "/organization/get-active-member-role", { token: owner.token });
    expect(role.body).toEqual({ role: "owner" });
    const [fresh] = await users(server, 1);
    const none = await server.request("GET", "/organization/get-active-member", { token: fresh!.token });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("NO_ACTIVE_ORGANIZATION");
  });
});

describe("organization/remove-member", () => {
  it("removes by id or email, clears the removed user's active organization and audits it", async () => {
    const org = await createOrganization(server, owner);
    const [a, b] = await users(server, 2);
    const aMember = await seedMember(server, org.id, a!.userId, "member");
    await seedMember(server, org.id, b!.userId, "member");
    await server.request("POST", "/organization/set-active", { token: a!.token, body: { organizationId: org.id } });
    const byId = await server.request("POST", "/organization/remove-member", { token: owner.token, body: { memberIdOrEmail: aMember } });
    expect(byId.status).toBe(200);
    expect(byId.body.member).toMatchObject({ id: aMember, userId: a!.userId });
    expect((await sessionOf(server, a!.token))?.activeOrganizationId).toBeNull();
    const byEmail = await server.request("POST", "/organization/remove-member", { token: owner.token, body: { memberIdOrEmail: b!.email.toUpperCase(), organizationId: org.id } });
    expect(byEmail.status).toBe(200);
    const missing = await server.request("POST", "/organization/remove-member", { token: owner.token, body: { memberIdOrEmail: "nobody@example.com" } });
    expect(missing.body.code).toBe("MEMBER_NOT_FOUND");
    expect(await auditActions(server, org.id)).toContain("organization.member-remove");
  });

  it("never removes the only owner, and only owners remove owners", async () => {
    const org = await createOrganization(server, owner);
    const [admin, coOwner] = await users(server, 2);
    await seedMember(server, org.id, admin!.userId, "admin");
    const ownerMember = (await server.request("GET", "/organization/get-active-member", { token: owner.token })).body.id;
    const self = await server.request("POST", "/organization/remove-member", { token: owner.token, body: { memberIdOrEmail: ownerMember } });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER", message: "You cannot leave the organization as the only owner" });
    const byAdmin = await server.request("POST", "/organization/remove-member", { token: admin!.token, body: { organizationId: org.id, memberIdOrEmail: ownerMember } });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");
    await seedMember(server, org.id, coOwner!.userId, "owner");
    const withCoOwner = await server.request("POST", "/organization/remove-member", { token: coOwner!.token, body: { organizationId: org.id, memberIdOrEmail: ownerMember } });
    expect(withCoOwner.status).toBe(200);
  });

  it("refuses a member of another organization", async () => {
    const mine = await createOrganization(server, owner);
    const [other] = await users(server, 1);
    const theirs = await createOrganization(server, other!);
    const [x] = await users(server, 1);
    const foreign = await seedMember(server, theirs.id, x!.userId, "member");
    const response = await server.request("POST", "/organization/remove-member", { token: owner.token, body: { organizationId: mine.id, memberIdOrEmail: foreign } });
    expect(response.body.code).toBe("MEMBER_NOT_FOUND");
  });
});

describe("organization/update-member-role", () => {
  it("changes a role, accepts several roles and audits the change", async () => {
    const org = await createOrganization(server, owner);
    const [a] = await users(server, 1);
    const memberId = await seedMember(server, org.id, a!.userId, "member");
    const response = await server.request("POST", "/organization/update-member-role", { token: owner.token, body: { memberId, role: ["admin", "member"] } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: memberId, role: "admin,member" });
    expect(await auditActions(server, org.id)).toContain("organization.member-role-change");
  });

  it("refuses unknown roles, owner changes by non-owners and demoting the last owner", async () => {
    const org = await createOrganization(server, owner);
    const [admin, plain] = await users(server, 2);
    await seedMember(server, org.id, admin!.userId, "admin");
    const plainId = await seedMember(server, org.id, plain!.userId, "member");
    const ownerMember = (await server.request("GET", "/organization/get-active-member", { token: owner.token })).body.id;
    const unknown = await server.request("POST", "/organization/update-member-role", { token: owner.token, body: { memberId: plainId, role: "wizard" } });
    expect(unknown.body).toEqual({ code: "ROLE_NOT_FOUND", message: "Role not found: wizard" });
    const promote = await server.request("POST", "/organization/update-member-role", { token: admin!.token, body: { organizationId: org.id, memberId: plainId, role: "owner" } });
    expect(promote.status).toBe(403);
    const demoteOwner = await server.request("POST", "/organization/update-member-role", { token: admin!.token, body: { organizationId: org.id, memberId: ownerMember, role: "member" } });
    expect(demoteOwner.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    const lastOwner = await server.request("POST", "/organization/update-member-role", { token: owner.token, body: { memberId: ownerMember, role: "admin" } });
    expect(lastOwner.status).toBe(400);
    expect(lastOwner.body.code).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER");
  });
});

describe("organization/leave", () => {
  it("removes the caller, clears the active organization and team, and audits it", async () => {
    const org = await createOrganization(server, owner);
    const [a] = await users(server, 1);
    await seedMember(server, org.id, a!.userId, "member");
    await server.request("POST", "/organization/set-active", { token: a!.token, body: { organizationId: org.id } });
    const response = await server.request("POST", "/organization/leave", { token: a!.token, body: { organizationId: org.id } });
    expect(response.status).toBe(200);
    expect(response.body.userId).toBe(a!.userId);
    expect(await sessionOf(server, a!.token)).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    const again = await server.request("POST", "/organization/leave", { token: a!.token, body: { organizationId: org.id } });
    expect(again.body.code).toBe("MEMBER_NOT_FOUND");
    expect(await auditActions(server, org.id)).toContain("organization.leave");
  });

  it("refuses the only owner", async () => {
    const org = await createOrganization(server, owner);
    const response = await server.request("POST", "/organization/leave", { token: owner.token, body: { organizationId: org.id } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
  });

  it("when two owners leave at once, one of them stays", async () => {
    const org = await createOrganization(server, owner);
    const [second] = await users(server, 1);
    await seedMember(server, org.id, second!.userId, "owner");
    const results = await Promise.all([owner, second!].map((u) => server.request("POST", "/organization/leave", { token: u.token, body: { organizationId: org.id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const owners = await server.database.db.selectFrom("member").select("role").where("organizationId", "=", org.id).execute();
    expect(owners).toEqual([{ role: "owner" }]);
  });
});
