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

async function createTeam(organizationId: string, name: string, token = owner.token) {
  return server.request("POST", "/organization/create-team", { token, body: { organizationId, name } });
}

describe("organization/create-team", () => {
  it("creates a team in the active organization and audits it", async () => {
    const org = await createOrganization(server, owner);
    server.clock.advance(1000);
    const response = await server.request("POST", "/organization/create-team", { token: owner.token, body: { name: "Platform" } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Platform", organizationId: org.id });
    expect(typeof response.body.createdAt).toBe("string");
    const listed = await server.request("GET", "/organization/list-teams", { token: owner.token });
    expect(listed.body.map((t: { name: string }) => t.name)).toEqual([org.body.name, "Platform"]);
    expect(await auditActions(server, org.id)).toContain("team.create");
  });

  it("requires a name of at least one character", async () => {
    const org = await createOrganization(server, owner);
    const response = await createTeam(org.id, "");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
  });

  it("enforces the maximum number of teams", async () => {
    const capped = await startTestServer({ config: { organization: { maximumTeams: 2 } } });
    try {
      const [boss] = await users(capped, 1);
      await createOrganization(capped, boss!);
      expect((await capped.request("POST", "/organization/create-team", { token: boss!.token, body: { name: "Second" } })).status).toBe(200);
      const third = await capped.request("POST", "/organization/create-team", { token: boss!.token, body: { name: "Third" } });
      expect(third.status).toBe(400);
      expect(third.body.code).toBe("YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS");
    } finally {
      await capped.close();
    }
  });

  it("refuses outsiders of the organization", async () => {
    const org = await createOrganization(server, owner);
    const [stranger] = await users(server, 1);
    const response = await createTeam(org.id, "Nope", stranger!.token);
    expect(response.status).toBe(403);
    const list = await server.request("GET", `/organization/list-teams?organizationId=${org.id}`, { token: stranger!.token });
    expect(list.status).toBe(403);
  });
});

describe("organization/update-team", () => {
  it("renames a team of the active organization, and refuses a team of another one", async () => {
    const org = await createOrganization(server, owner);
    const team = await createTeam(org.id, "Old");
    const response = await server.request("POST", "/organization/update-team", { token: owner.token, body: { teamId: team.body.id, data: { name: "New" } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: team.body.id, name: "New" });
    const empty = await server.request("POST", "/organization/update-team", { token: owner.token, body: { teamId: team.body.id, data: { name: "" } } });
    expect(empty.body.code).toBe("VALIDATION_ERROR");
    const other = await createOrganization(server, owner);
    const foreign = await server.request("POST", "/organization/update-team", { token: owner.token, body: { teamId: team.body.id, data: { name: "X", organizationId: other.id } } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("TEAM_NOT_FOUND");
    expect(await auditActions(server, org.id)).toContain("team.update");
  });
});

describe("organization/remove-team", () => {
  it("refuses to remove the last team", async () => {
    const org = await createOrganization(server, owner);
    const teams = await server.request("GET", "/organization/list-teams", { token: owner.token });
    const response = await server.request("POST", "/organization/remove-team", { token: owner.token, body: { teamId: teams.body[0].id, organizationId: org.id } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "UNABLE_TO_REMOVE_LAST_TEAM", message: "Unable to remove last team" });
  });

  it("removes a team, clears it where active and from pending invitations", async () => {
    const org = await createOrganization(server, owner);
    const team = await createTeam(org.id, "Doomed");
    await server.request("POST", "/organization/set-active-team", { token: owner.token, body: { teamId: team.body.id } }).then(async (r) => {
      // The creator is not in a new team until added.
      expect(r.status).toBe(403);
      await server.request("POST", "/organization/add-team-member", { token: owner.token, body: { teamId: team.body.id, userId: owner.userId } });
    });
    expect((await server.request("POST", "/organization/set-active-team", { token: owner.token, body: { teamId: team.body.id } })).status).toBe(200);
    const invitation = await server.request("POST", "/organization/invite-member", { token: owner.token, body: { email: "teamed@example.com", role: "member", teamId: team.body.id } });
    const response = await server.request("POST", "/organization/remove-team", { token: owner.token, body: { teamId: team.body.id } });
    expect(response.body).toEqual({ message: "Team removed successfully." });
    expect((await sessionOf(server, owner.token))?.activeTeamId).toBeNull();
    const row = await server.database.db.selectFrom("invitation").select("teamId").where("id", "=", invitation.body.id).executeTakeFirstOrThrow();
    expect(row.teamId).toBeNull();
    expect(await auditActions(server, org.id)).toContain("team.remove");
  });

  it("removes the last team when configured to allow it", async () => {
    const open = await startTestServer({ config: { organization: { allowRemovingAllTeams: true } } });
    try {
      const [boss] = await users(open, 1);
      await createOrganization(open, boss!);
      const teams = await open.request("GET", "/organization/list-teams", { token: boss!.token });
      const response = await open.request("POST", "/organization/remove-team", { token: boss!.token, body: { teamId: teams.body[0].id } });
      expect(response.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe("team members and the active team", () => {
  it("adds, lists and removes team members, keeping the active team in step", async () => {
    const org = await createOrganization(server, owner);
    const team = await createTeam(org.id, "Squad");
    const [a, stranger] = await users(server, 2);
    await seedMember(server, org.id, a!.userId, "member");
    const added = await server.request("POST", "/organization/add-team-member", { token: owner.token, body: { teamId: team.body.id, userId: a!.userId } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ teamId: team.body.id, userId: a!.userId });
    const twice = await server.request("POST", "/organization/add-team-member", { token: owner.token, body: { teamId: team.body.id, userId: a!.userId } });
    expect(twice.body.id).toBe(added.body.id);
    const notMember = await server.request("POST", "/organization/add-team-member", { token: owner.token, body: { teamId: team.body.id, userId: stranger!.userId } });
    expect(notMember.body.code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
    const byMember = await server.request("POST", "/organization/add-team-member", { token: a!.token, body: { organizationId: org.id, teamId: team.body.id, userId: a!.userId } });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER");

    await server.request("POST", "/organization/set-active", { token: a!.token, body: { organizationId: org.id } });
    const active = await server.request("POST", "/organization/set-active-team", { token: a!.token, body: { teamId: team.body.id } });
    expect(active.body.id).toBe(team.body.id);
    expect((await sessionOf(server, a!.token))?.activeTeamId).toBe(team.body.id);
    const listed = await server.request("GET", "/organization/list-team-members", { token: a!.token });
    expect(listed.body.map((m: { userId: string }) => m.userId)).toEqual([a!.userId]);
    const mine = await server.request("GET", "/organization/list-user-teams", { token: a!.token });
    expect(mine.body.map((t: { id: string }) => t.id)).toEqual([team.body.id]);

    const removed = await server.request("POST", "/organization/remove-team-member", { token: owner.token, body: { teamId: team.body.id, userId: a!.userId } });
    expect(removed.body).toEqual({ message: "Team member removed successfully." });
    expect((await sessionOf(server, a!.token))?.activeTeamId).toBeNull();
    const again = await server.request("POST", "/organization/remove-team-member", { token: owner.token, body: { teamId: team.body.id, userId: a!.userId } });
    expect(again.body.code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_TEAM");
    const hidden = await server.request("GET", `/organization/list-team-members?teamId=${team.body.id}`, { token: a!.token });
    expect(hidden.status).toBe(403);
    expect(hidden.body.code).toBe("YOU_CAN_NOT_ACCESS_THE_MEMBERS_OF_THIS_TEAM");
    expect(await auditActions(server, org.id)).toEqual(expect.arrayContaining(["team.member-add", "team.member-remove"]));
  });

  it("clears the active team with null and refuses without one", async () => {
    await createOrganization(server, owner);
    expect((await sessionOf(server, owner.token))?.activeTeamId).not.toBeNull();
    const cleared = await server.request("POST", "/organization/set-active-team", { token: owner.token, body: { teamId: null } });
    expect(cleared.body).toBeNull();
    expect((await sessionOf(server, owner.token))?.activeTeamId).toBeNull();
    const noTeam = await server.request("GET", "/organization/list-team-members", { token: owner.token });
    expect(noTeam.body.code).toBe("YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM");
  });

  it("leaving the organization drops the user's team memberships", async () => {
    const org = await createOrganization(server, owner);
    const team = await createTeam(org.id, "Leavers");
    const [a] = await users(server, 1);
    await seedMember(server, org.id, a!.userId, "member");
    await server.request("POST", "/organization/add-team-member", { token: owner.token, body: { teamId: team.body.id, userId: a!.userId } });
    await server.request("POST", "/organization/leave", { token: a!.token, body: { organizationId: org.id } });
    const rows = await server.database.db.selectFrom("teamMember").select("id").where("userId", "=", a!.userId).execute();
    expect(rows).toEqual([]);
  });
});

describe("team member limit", () => {
  it("refuses to add beyond maximumMembersPerTeam, directly or by accepting an invitation", async () => {
    const capped = await startTestServer({ config: { organization: { maximumMembersPerTeam: 1 } } });
    try {
      const [boss, a, b] = await users(capped, 3);
      const org = await createOrganization(capped, boss!);
      const team = (await capped.request("POST", "/organization/create-team", { token: boss!.token, body: { name: "Tiny" } })).body;
      await seedMember(capped, org.id, a!.userId, "member");
      expect((await capped.request("POST", "/organization/add-team-member", { token: boss!.token, body: { teamId: team.id, userId: a!.userId } })).status).toBe(200);
      const invitation = await capped.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: b!.email, role: "member", teamId: team.id } });
      expect(invitation.status).toBe(403);
      expect(invitation.body.code).toBe("TEAM_MEMBER_LIMIT_REACHED");
      // An invitation made while there was room cannot overfill the team later.
      await capped.request("POST", "/organization/remove-team-member", { token: boss!.token, body: { teamId: team.id, userId: a!.userId } });
      const early = await capped.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: b!.email, role: "member", teamId: team.id } });
      await capped.request("POST", "/organization/add-team-member", { token: boss!.token, body: { teamId: team.id, userId: a!.userId } });
      const accept = await capped.request("POST", "/organization/accept-invitation", { token: b!.token, body: { invitationId: early.body.id } });
      expect(accept.status).toBe(403);
      expect(accept.body.code).toBe("TEAM_MEMBER_LIMIT_REACHED");
      const membership = await capped.database.db.selectFrom("member").select("id").where("userId", "=", b!.userId).execute();
      expect(membership).toEqual([]);
      const row = await capped.database.db.selectFrom("invitation").select("status").where("id", "=", early.body.id).executeTakeFirstOrThrow();
      expect(row.status).toBe("pending");
    } finally {
      await capped.close();
    }
  });
});
