import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditActions, createOrganization, seedMember, sessionOf, users, type SignedUp } from "./support.js";

const TWO_DAYS = 172_800_000;

let server: TestServer;
let owner: SignedUp;
beforeAll(async () => {
  server = await startTestServer();
  [owner] = (await users(server, 1)) as [SignedUp];
});
afterAll(async () => {
  await server.close();
});

async function invite(organizationId: string, email: string, extra: Record<string, unknown> = {}, token = owner.token) {
  return server.request("POST", "/organization/invite-member", { token, body: { organizationId, email, role: "member", ...extra } });
}

describe("organization/invite-member", () => {
  it("creates a pending invitation expiring in 172800000 ms and mails an invitation link", async () => {
    const org = await createOrganization(server, owner);
    const [guest] = await users(server, 1);
    const response = await invite(org.id, guest!.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ organizationId: org.id, email: guest!.email, role: "member", status: "pending", inviterId: owner.userId, teamId: null });
    expect(Date.parse(response.body.expiresAt) - Date.parse(response.body.createdAt)).toBe(TWO_DAYS);
    const [mail] = await server.outbox(guest!.email);
    expect(mail!.kind).toBe("invitation");
    expect(mail!.url).toBe(`${server.url}/console/accept-invitation/${response.body.id}`);
    // The subject names the organization, quoted (#33); user values are quoted in the body too (#27).
    expect(mail!.subject).toBe(`You are invited to join “${org.body.name}” on Latchkey`);
    expect(mail!.text).toContain(`“${org.body.name}”`);
    expect(await auditActions(server, org.id)).toContain("invitation.create");
  });

  it("refuses to invite a pending address twice, and with resend renews and re-sends the same invitation", async () => {
    const org = await createOrganization(server, owner);
    const email = `twice-${Date.now()}@example.com`;
    const first = await invite(org.id, email);
    const again = await invite(org.id, email);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION", message: "User is already invited to this organization" });
    server.clock.advance(60_000);
    const resent = await invite(org.id, email, { resend: true });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(first.body.id);
    expect(Date.parse(resent.body.expiresAt)).toBe(Date.parse(first.body.expiresAt) + 60_000);
    expect(await server.outbox(email)).toHaveLength(2);
    const rows = await server.database.db.selectFrom("invitation").select("id").where("organizationId", "=", org.id).where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses an existing member, an invalid email, an unknown team and a non-owner granting owner", async () => {
    const org = await createOrganization(server, owner);
    const [member, admin] = await users(server, 2);
    await seedMember(server, org.id, member!.userId, "member");
    await seedMember(server, org.id, admin!.userId, "admin");
    expect((await invite(org.id, member!.email)).body.code).toBe("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    expect((await invite(org.id, "not-an-email")).body.code).toBe("INVALID_EMAIL");
    expect((await invite(org.id, "t@example.com", { teamId: "missing" })).body.code).toBe("TEAM_NOT_FOUND");
    const owner2 = await invite(org.id, "boss@example.com", { role: "owner" }, admin!.token);
    expect(owner2.status).toBe(403);
    expect(owner2.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE");
    expect((await invite(org.id, "boss@example.com", { role: "owner" })).status).toBe(200);
  });

  it("enforces the invitation limit", async () => {
    const limited = await startTestServer({ config: { organization: { invitationLimit: 2 } } });
    try {
      const [boss] = await users(limited, 1);
      const org = await createOrganization(limited, boss!);
      for (const n of [1, 2]) expect((await limited.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: `l${n}@example.com`, role: "member" } })).status).toBe(200);
      const third = await limited.request("POST", "/organization/invite-member", { token: boss!.token, body: { organizationId: org.id, email: "l3@example.com", role: "member" } });
      expect(third.status).toBe(403);
      expect(third.body.code).toBe("INVITATION_LIMIT_REACHED");
    } finally {
      await limited.close();
    }
  });
});

describe("invitation state machine", () => {
  it("accepting makes the recipient a member, activates the organization and is final", async () => {
    const org = await createOrganization(server, owner);
    const [guest] = await users(server, 1);
    const { body: invitation } = await invite(org.id, guest!.email, { role: "admin" });
    const accepted = await server.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.invitation.status).toBe("accepted");
    expect(accepted.body.member).toMatchObject({ organizationId: org.id, userId: guest!.userId, role: "admin" });
    expect((await sessionOf(server, guest!.token))?.activeOrganizationId).toBe(org.id);
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const again = await server.request("POST", path, { token: guest!.token, body: { invitationId: invitation.id } });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe("INVITATION_NOT_FOUND");
    }
    expect(await auditActions(server, org.id)).toEqual(expect.arrayContaining(["invitation.accept", "organization.member-add"]));
  });

  it("joins the invitation's team and makes it the active team", async () => {
    const org = await createOrganization(server, owner);
    const team = await server.request("POST", "/organization/create-team", { token: owner.token, body: { organizationId: org.id, name: "Crew" } });
    const [guest] = await users(server, 1);
    const { body: invitation } = await invite(org.id, guest!.email, { teamId: team.body.id });
    expect(invitation.teamId).toBe(team.body.id);
    await server.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(await sessionOf(server, guest!.token)).toMatchObject({ activeOrganizationId: org.id, activeTeamId: team.body.id });
    const members = await server.request("GET", `/organization/list-team-members?teamId=${team.body.id}`, { token: guest!.token });
    expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([guest!.userId]);
  });

  it("rejecting moves pending to rejected and creates no membership", async () => {
    const org = await createOrganization(server, owner);
    const [guest] = await users(server, 1);
    const { body: invitation } = await invite(org.id, guest!.email);
    const rejected = await server.request("POST", "/organization/reject-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ invitation: { id: invitation.id, status: "rejected" }, member: null });
    const accept = await server.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(accept.body.code).toBe("INVITATION_NOT_FOUND");
    const members = await server.database.db.selectFrom("member").select("id").where("organizationId", "=", org.id).where("userId", "=", guest!.userId).execute();
    expect(members).toEqual([]);
    expect(await auditActions(server, org.id)).toContain("invitation.reject");
  });

  it("refuses a user whose email does not match, with 403", async () => {
    const org = await createOrganization(server, owner);
    const [guest, stranger] = await users(server, 2);
    const { body: invitation } = await invite(org.id, guest!.email);
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const response = await server.request("POST", path, { token: stranger!.token, body: { invitationId: invitation.id } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION", message: "You are not the recipient of the invitation" });
    }
    const peek = await server.request("GET", `/organization/get-invitation?id=${invitation.id}`, { token: stranger!.token });
    expect(peek.status).toBe(403);
  });

  it("refuses an expired invitation once the clock passes 172800000 ms", async () => {
    const org = await createOrganization(server, owner);
    const [guest] = await users(server, 1);
    const { body: invitation } = await invite(org.id, guest!.email);
    server.clock.advance(TWO_DAYS - 1000);
    const stillThere = await server.request("GET", `/organization/get-invitation?id=${invitation.id}`, { token: guest!.token });
    expect(stillThere.status).toBe(200);
    server.clock.advance(1000);
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const response = await server.request("POST", path, { token: guest!.token, body: { invitationId: invitation.id } });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("INVITATION_NOT_FOUND");
    }
    const listed = await server.request("GET", "/organization/list-user-invitations", { token: guest!.token });
    expect(listed.body).toEqual([]);
    // An expired invitation no longer blocks a new one for the same address.
    expect((await invite(org.id, guest!.email)).status).toBe(200);
  });

  it("cancel needs the invitation cancel permission and works from any status", async () => {
    const org = await createOrganization(server, owner);
    const [guest, plain, admin] = await users(server, 3);
    await seedMember(server, org.id, plain!.userId, "member");
    await seedMember(server, org.id, admin!.userId, "admin");
    const { body: invitation } = await invite(org.id, guest!.email);
    const refused = await server.request("POST", "/organization/cancel-invitation", { token: plain!.token, body: { invitationId: invitation.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION");
    const outsider = await server.request("POST", "/organization/cancel-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(outsider.body.code).toBe("MEMBER_NOT_FOUND");
    const canceled = await server.request("POST", "/organization/cancel-invitation", { token: admin!.token, body: { invitationId: invitation.id } });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe("canceled");
    const accept = await server.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(accept.body.code).toBe("INVITATION_NOT_FOUND");
    const missing = await server.request("POST", "/organization/cancel-invitation", { token: admin!.token, body: { invitationId: "nope" } });
    expect(missing.body.code).toBe("INVITATION_NOT_FOUND");
    expect(await auditActions(server, org.id)).toContain("invitation.cancel");
  });

  it("refuses an invitation whose inviter is no longer a member", async () => {
    const org = await createOrganization(server, owner);
    const [admin, guest] = await users(server, 2);
    const adminMember = await seedMember(server, org.id, admin!.userId, "admin");
    const { body: invitation } = await invite(org.id, guest!.email, {}, admin!.token);
    await server.request("POST", "/organization/remove-member", { token: owner.token, body: { organizationId: org.id, memberIdOrEmail: adminMember } });
    const peek = await server.request("GET", `/organization/get-invitation?id=${invitation.id}`, { token: guest!.token });
    expect(peek.status).toBe(400);
    expect(peek.body).toEqual({ code: "INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION", message: "Inviter is no longer a member of the organization" });
    const accept = await server.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } });
    expect(accept.body.code).toBe("INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION");
  });

  it("of two concurrent accepts of one invitation, exactly one creates a membership", async () => {
    const org = await createOrganization(server, owner);
    const [guest] = await users(server, 1);
    const { body: invitation } = await invite(org.id, guest!.email);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => server.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.code === "INVITATION_NOT_FOUND")).toBe(true);
    const members = await server.database.db.selectFrom("member").select("id").where("organizationId", "=", org.id).where("userId", "=", guest!.userId).execute();
    expect(members).toHaveLength(1);
  });
});

describe("membership limit", () => {
  it("refuses to accept beyond the limit and leaves the invitation pending", async () => {
    const small = await startTestServer({ config: { organization: { membershipLimit: 2 } } });
    try {
      const [boss, first, second] = await users(small, 3);
      const org = await createOrganization(small, boss!);
      const a = await small.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: first!.email, role: "member" } });
      const b = await small.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: second!.email, role: "member" } });
      expect((await small.request("POST", "/organization/accept-invitation", { token: first!.token, body: { invitationId: a.body.id } })).status).toBe(200);
      const refused = await small.request("POST", "/organization/accept-invitation", { token: second!.token, body: { invitationId: b.body.id } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED", message: "Organization membership limit reached" });
      const row = await small.database.db.selectFrom("invitation").select("status").where("id", "=", b.body.id).executeTakeFirstOrThrow();
      expect(row.status).toBe("pending");
      const direct = await small.request("POST", "/organization/add-member", { token: boss!.token, body: { organizationId: org.id, userId: second!.userId, role: "member" } });
      expect(direct.body.code).toBe("ORGANIZATION_MEMBERSHIP_LIMIT_REACHED");
    } finally {
      await small.close();
    }
  });

  it("defaults to 100 members", async () => {
    const org = await createOrganization(server, owner);
    const db = server.database.db;
    const now = server.clock.now();
    const ids = Array.from({ length: 99 }, (_, i) => `limit-user-${org.id}-${i}`);
    await db.insertInto("user").values(ids.map((id) => ({ id, email: `${id}@example.com`, name: id, image: null, emailVerified: 0, createdAt: now, updatedAt: now, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null }))).execute();
    await db.insertInto("member").values(ids.map((id) => ({ id: `m-${id}`, organizationId: org.id, userId: id, role: "member", teamId: null, createdAt: now }))).execute();
    const [guest] = await users(server, 1);
    const response = await server.request("POST", "/organization/add-member", { token: owner.token, body: { organizationId: org.id, userId: guest!.userId, role: "member" } });
    expect(response.body.code).toBe("ORGANIZATION_MEMBERSHIP_LIMIT_REACHED");
  });
});

describe("invitation lookups", () => {
  it("get-invitation answers organization and inviter details to the recipient", async () => {
    const org = await createOrganization(server, owner);
    const [guest] = await users(server, 1);
    const { body: invitation } = await invite(org.id, guest!.email);
    const response = await server.request("GET", `/organization/get-invitation?id=${invitation.id}`, { token: guest!.token });
    expect(response.body).toMatchObject({ id: invitation.id, organizationName: org.body.name, organizationSlug: org.slug, inviterEmail: owner.email });
  });

  it("list-invitations needs the invite permission; list-user-invitations shows the caller's pending ones", async () => {
    const org = await createOrganization(server, owner);
    const [guest, plain] = await users(server, 2);
    await seedMember(server, org.id, plain!.userId, "member");
    await invite(org.id, guest!.email);
    await invite(org.id, "other@example.com");
    const listed = await server.request("GET", `/organization/list-invitations?organizationId=${org.id}&limit=1`, { token: owner.token });
    expect(listed.body).toHaveLength(1);
    const all = await server.request("GET", `/organization/list-invitations?organizationId=${org.id}`, { token: owner.token });
    expect(all.body).toHaveLength(2);
    const refused = await server.request("GET", `/organization/list-invitations?organizationId=${org.id}`, { token: plain!.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS");
    const mine = await server.request("GET", "/organization/list-user-invitations", { token: guest!.token });
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ email: guest!.email, organizationId: org.id, organizationName: org.body.name, status: "pending" });
  });

  it("refuses to let an account that never verified the invitee's address accept or reject, by default (#19)", async () => {
    const [boss] = await users(server, 1);
    const [squatter] = await users(server, 1, { verified: false });
    const org = await createOrganization(server, boss!);
    const { body: invitation } = await server.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: squatter!.email, role: "admin", organizationId: org.id } });
    for (const path of ["/organization/accept-invitation", "/organization/reject-invitation"]) {
      const refused = await server.request("POST", path, { token: squatter!.token, body: { invitationId: invitation.id } });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({ code: "EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION", message: "Email verification required before accepting or rejecting invitation" });
    }
    const list = await server.request("GET", "/organization/list-user-invitations", { token: squatter!.token });
    expect(list.body.code).toBe("EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION");
    expect(await server.database.db.selectFrom("member").select("id").where("organizationId", "=", org.id).where("userId", "=", squatter!.userId).execute()).toEqual([]);
    // Once the address is proven through the mailed link, the same invitation can be accepted.
    await server.verifyEmail(squatter!.email);
    expect((await server.request("POST", "/organization/accept-invitation", { token: squatter!.token, body: { invitationId: invitation.id } })).status).toBe(200);
  });

  it("lets organization.requireEmailVerificationOnInvitation: false accept unverified, as better-auth does (#19)", async () => {
    const lenient = await startTestServer({ config: { organization: { requireEmailVerificationOnInvitation: false } } });
    try {
      const [boss] = await users(lenient, 1);
      const [guest] = await users(lenient, 1, { verified: false });
      await createOrganization(lenient, boss!);
      const { body: invitation } = await lenient.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: guest!.email, role: "member" } });
      expect((await lenient.request("POST", "/organization/accept-invitation", { token: guest!.token, body: { invitationId: invitation.id } })).status).toBe(200);
    } finally {
      await lenient.close();
    }
  });

  it("refuses to send invitations from an unverified account, and sends nothing (#27)", async () => {
    const [fresh] = await users(server, 1, { verified: false });
    const org = await createOrganization(server, fresh!);
    const target = "victim-27@example.com";
    const refused = await server.request("POST", "/organization/invite-member", { token: fresh!.token, body: { email: target, role: "member", organizationId: org.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "EMAIL_VERIFICATION_REQUIRED_TO_INVITE", message: "Verify your email address before inviting others" });
    expect(await server.outbox(target)).toEqual([]);
    await server.verifyEmail(fresh!.email);
    expect((await server.request("POST", "/organization/invite-member", { token: fresh!.token, body: { email: target, role: "member", organizationId: org.id } })).status).toBe(200);
    expect((await server.outbox(target)).map((m) => m.kind)).toEqual(["invitation"]);
  });

  it("lets organization.requireEmailVerificationToInvite: false invite from an unverified account (#27)", async () => {
    const lenient = await startTestServer({ config: { organization: { requireEmailVerificationToInvite: false } } });
    try {
      const [boss] = await users(lenient, 1, { verified: false });
      await createOrganization(lenient, boss!);
      expect((await lenient.request("POST", "/organization/invite-member", { token: boss!.token, body: { email: "someone@example.com", role: "member" } })).status).toBe(200);
    } finally {
      await lenient.close();
    }
  });
});
