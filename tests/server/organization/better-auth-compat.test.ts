/**
 * better-auth's own client with `organizationClient({ teams: { enabled: true } })`, unchanged,
 * drives Latchkey's organization API through browser-like cookie jars.
 */
import { createAuthClient } from "better-auth/client";
import { organizationClient } from "better-auth/client/plugins";
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
  return createAuthClient({ baseURL: server.url, plugins: [organizationClient({ teams: { enabled: true } })], fetchOptions: { customFetchImpl: jar.fetch } });
}

async function signedIn(email: string) {
  const client = browserClient();
  const result = await client.signUp.email({ email, password: "password123", name: email.split("@")[0]! });
  expect(result.error).toBeNull();
  await server.verifyEmail(email); // inviting and accepting need a verified address
  return { client, id: result.data!.user.id, email };
}

describe("better-auth organizationClient() against Latchkey", () => {
  it("creates an organization, reads it back and manages it", async () => {
    const { client, id } = await signedIn("org-compat-owner@example.com");
    const slugFree = await client.organization.checkSlug({ slug: "compat-co" });
    expect(slugFree.data).toEqual({ status: true });
    const created = await client.organization.create({ name: "Compat Co", slug: "compat-co", metadata: { tier: "gold" } });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ name: "Compat Co", slug: "compat-co", metadata: { tier: "gold" } });
    expect(created.data!.members[0]).toMatchObject({ userId: id, role: "owner" });
    const organizationId = created.data!.id;

    const taken = await client.organization.checkSlug({ slug: "compat-co" });
    expect(taken.error).toMatchObject({ status: 400, code: "ORGANIZATION_SLUG_ALREADY_TAKEN", message: "slug is taken" });

    const session = await client.getSession();
    expect(session.data!.session.activeOrganizationId).toBe(organizationId);

    const full = await client.organization.getFullOrganization({ query: { membersLimit: 10 } });
    expect(full.data).toMatchObject({ id: organizationId, slug: "compat-co" });
    expect(full.data!.members.map((m) => m.user.email)).toEqual(["org-compat-owner@example.com"]);
    expect(full.data!.teams).toHaveLength(1);

    const listed = await client.organization.list();
    expect(listed.data!.map((o) => o.id)).toEqual([organizationId]);

    const updated = await client.organization.update({ data: { name: "Compat Company" } });
    expect(updated.data).toMatchObject({ id: organizationId, name: "Compat Company" });

    const member = await client.organization.getActiveMember();
    expect(member.data).toMatchObject({ userId: id, role: "owner" });
    const role = await client.organization.getActiveMemberRole();
    expect(role.data).toEqual({ role: "owner" });

    const allowed = await client.organization.hasPermission({ permissions: { organization: ["delete"] } });
    expect(allowed.data).toEqual({ error: null, success: true });
    expect(client.organization.checkRolePermission({ role: "admin", permissions: { organization: ["delete"] } })).toBe(false);

    const cleared = await client.organization.setActive({ organizationId: null });
    expect(cleared.error).toBeNull();
    expect((await client.getSession()).data!.session.activeOrganizationId).toBeNull();
    const active = await client.organization.setActive({ organizationSlug: "compat-co" });
    expect(active.data!.id).toBe(organizationId);

    const deleted = await client.organization.delete({ organizationId });
    expect(deleted.error).toBeNull();
    expect((await client.getSession()).data!.session.activeOrganizationId).toBeNull();
    expect((await client.organization.list()).data).toEqual([]);
  });

  it("invites, accepts, rejects and cancels invitations, and manages members", async () => {
    const owner = await signedIn("org-compat-inviter@example.com");
    const guest = await signedIn("org-compat-guest@example.com");
    const other = await signedIn("org-compat-other@example.com");
    const org = await owner.client.organization.create({ name: "Invites", slug: "compat-invites" });
    const organizationId = org.data!.id;

    const invitation = await owner.client.organization.inviteMember({ email: guest.email, role: "admin" });
    expect(invitation.error).toBeNull();
    expect(invitation.data).toMatchObject({ email: guest.email, role: "admin", status: "pending", organizationId });
    const duplicate = await owner.client.organization.inviteMember({ email: guest.email, role: "admin" });
    expect(duplicate.error).toMatchObject({ status: 400, code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION" });
    const [mail] = await server.outbox(guest.email);
    expect(mail!.kind).toBe("invitation");

    const wrong = await other.client.organization.acceptInvitation({ invitationId: invitation.data!.id });
    expect(wrong.error).toMatchObject({ status: 403, code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION" });

    const mine = await guest.client.organization.listUserInvitations();
    expect(mine.data!.map((i) => i.id)).toEqual([invitation.data!.id]);
    const details = await guest.client.organization.getInvitation({ query: { id: invitation.data!.id } });
    expect(details.data).toMatchObject({ organizationName: "Invites", organizationSlug: "compat-invites", inviterEmail: owner.email });

    server.clock.advance(1000);
    const accepted = await guest.client.organization.acceptInvitation({ invitationId: invitation.data!.id });
    expect(accepted.error).toBeNull();
    expect(accepted.data!.member).toMatchObject({ userId: guest.id, role: "admin" });
    expect((await guest.client.getSession()).data!.session.activeOrganizationId).toBe(organizationId);

    const second = await owner.client.organization.inviteMember({ email: other.email, role: "member" });
    const rejected = await other.client.organization.rejectInvitation({ invitationId: second.data!.id });
    expect(rejected.data!.invitation!.status).toBe("rejected");
    const third = await owner.client.organization.inviteMember({ email: "nobody-yet@example.com", role: "member" });
    const canceled = await guest.client.organization.cancelInvitation({ invitationId: third.data!.id });
    expect(canceled.data).toMatchObject({ id: third.data!.id, status: "canceled" });
    const invitations = await owner.client.organization.listInvitations({ query: { organizationId } });
    expect(invitations.data!.map((i) => i.status).sort()).toEqual(["accepted", "canceled", "rejected"]);

    const members = await owner.client.organization.listMembers({ query: { limit: 10, sortBy: "createdAt", sortDirection: "asc" } });
    expect(members.data!.total).toBe(2);
    expect(members.data!.members.map((m) => m.userId)).toEqual([owner.id, guest.id]);
    const guestMember = members.data!.members[1]!;
    const changed = await owner.client.organization.updateMemberRole({ memberId: guestMember.id, role: "member" });
    expect(changed.data).toMatchObject({ id: guestMember.id, role: "member" });

    const onlyOwner = await owner.client.organization.leave({ organizationId });
    expect(onlyOwner.error).toMatchObject({ status: 400, code: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER" });
    const removed = await owner.client.organization.removeMember({ memberIdOrEmail: guest.email });
    expect(removed.data!.member.userId).toBe(guest.id);
    expect((await guest.client.getSession()).data!.session.activeOrganizationId).toBeNull();
  });

  it("manages teams, team members and the active team", async () => {
    const owner = await signedIn("org-compat-teams@example.com");
    const mate = await signedIn("org-compat-mate@example.com");
    const org = await owner.client.organization.create({ name: "Teams", slug: "compat-teams" });
    const organizationId = org.data!.id;
    const invitation = await owner.client.organization.inviteMember({ email: mate.email, role: "member" });
    await mate.client.organization.acceptInvitation({ invitationId: invitation.data!.id });

    const team = await owner.client.organization.createTeam({ name: "Blue" });
    expect(team.data).toMatchObject({ name: "Blue", organizationId });
    const renamed = await owner.client.organization.updateTeam({ teamId: team.data!.id, data: { name: "Azure" } });
    expect(renamed.data!.name).toBe("Azure");
    const teams = await owner.client.organization.listTeams({ query: { organizationId } });
    expect(teams.data!.map((t) => t.name).sort()).toEqual(["Azure", "Teams"]);

    const added = await owner.client.organization.addTeamMember({ teamId: team.data!.id, userId: mate.id });
    expect(added.data).toMatchObject({ teamId: team.data!.id, userId: mate.id });
    const activeTeam = await mate.client.organization.setActiveTeam({ teamId: team.data!.id });
    expect(activeTeam.data!.id).toBe(team.data!.id);
    expect((await mate.client.getSession()).data!.session.activeTeamId).toBe(team.data!.id);
    const teamMembers = await mate.client.organization.listTeamMembers({ query: { teamId: team.data!.id } });
    expect(teamMembers.data!.map((m) => m.userId)).toEqual([mate.id]);
    const userTeams = await mate.client.organization.listUserTeams();
    expect(userTeams.data!.map((t) => t.id)).toEqual([team.data!.id]);

    const removedMember = await owner.client.organization.removeTeamMember({ teamId: team.data!.id, userId: mate.id });
    expect(removedMember.data).toEqual({ message: "Team member removed successfully." });
    const removedTeam = await owner.client.organization.removeTeam({ teamId: team.data!.id });
    expect(removedTeam.data).toEqual({ message: "Team removed successfully." });
    const defaultTeam = (await owner.client.organization.listTeams()).data![0]!;
    const last = await owner.client.organization.removeTeam({ teamId: defaultTeam.id });
    expect(last.error).toMatchObject({ status: 400, code: "UNABLE_TO_REMOVE_LAST_TEAM" });
  });
});
