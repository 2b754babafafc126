import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditActions, createOrganization, freshSlug, seedMember, sessionOf, users, type SignedUp } from "./support.js";

let server: TestServer;
let alice: SignedUp;
let bob: SignedUp;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = (await users(server, 2)) as [SignedUp, SignedUp];
});
afterAll(async () => {
  await server.close();
});

describe("organization/create", () => {
  it("makes the creator an owner member, creates a default team and activates both", async () => {
    const slug = freshSlug();
    const response = await server.request("POST", "/organization/create", { token: alice.token, body: { name: "Acme", slug, metadata: { plan: "pro" }, logo: "https://x.test/l.png" } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Acme", slug, logo: "https://x.test/l.png", metadata: { plan: "pro" } });
    expect(response.body.members).toHaveLength(1);
    expect(response.body.members[0]).toMatchObject({ userId: alice.userId, role: "owner", organizationId: response.body.id });
    const teams = await server.request("GET", `/organization/list-teams?organizationId=${response.body.id}`, { token: alice.token });
    expect(teams.body.map((t: { name: string }) => t.name)).toEqual(["Acme"]);
    const session = await sessionOf(server, alice.token);
    expect(session?.activeOrganizationId).toBe(response.body.id);
    expect(session?.activeTeamId).toBe(teams.body[0].id);
    expect(await auditActions(server, response.body.id)).toEqual(expect.arrayContaining(["organization.create", "team.create"]));
  });

  it("keeps the current active organization when asked", async () => {
    const first = await createOrganization(server, bob);
    await createOrganization(server, bob, { keepCurrentActiveOrganization: true });
    expect((await sessionOf(server, bob.token))?.activeOrganizationId).toBe(first.id);
  });

  it("refuses a slug that exists with ORGANIZATION_ALREADY_EXISTS", async () => {
    const { slug } = await createOrganization(server, alice);
    const response = await server.request("POST", "/organization/create", { token: bob.token, body: { name: "Copy", slug } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "ORGANIZATION_ALREADY_EXISTS", message: "Organization already exists" });
  });

  it("of two concurrent creations with one slug, exactly one succeeds", async () => {
    const slug = freshSlug("race");
    const results = await Promise.all([alice, bob].map((u) => server.request("POST", "/organization/create", { token: u.token, body: { name: "Race", slug } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("needs a session and a non-empty name", async () => {
    expect((await server.request("POST", "/organization/create", { body: { name: "x", slug: freshSlug() } })).status).toBe(401);
    const empty = await server.request("POST", "/organization/create", { token: alice.token, body: { name: "", slug: freshSlug() } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("VALIDATION_ERROR");
  });

  it("enforces the configured organization limit", async () => {
    const limited = await startTestServer({ config: { organization: { organizationLimit: 1 } } });
    try {
      const [carol] = await users(limited, 1);
      await createOrganization(limited, carol!);
      const second = await limited.request("POST", "/organization/create", { token: carol!.token, body: { name: "Two", slug: freshSlug() } });
      expect(second.status).toBe(403);
      expect(second.body).toEqual({ code: "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS", message: "You have reached the maximum number of organizations" });
    } finally {
      await limited.close();
    }
  });

  it("refuses creation when users may not create organizations", async () => {
    const closed = await startTestServer({ config: { organization: { allowUserToCreateOrganization: false } } });
    try {
      const [dave] = await users(closed, 1);
      const response = await closed.request("POST", "/organization/create", { token: dave!.token, body: { name: "No", slug: freshSlug() } });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION");
    } finally {
      await closed.close();
    }
  });
});

describe("organization/check-slug", () => {
  it("answers status true for a free slug and 'slug is taken' for a used one", async () => {
    const free = await server.request("POST", "/organization/check-slug", { token: alice.token, body: { slug: freshSlug("free") } });
    expect(free.body).toEqual({ status: true });
    const { slug } = await createOrganization(server, alice);
    const taken = await server.request("POST", "/organization/check-slug", { token: alice.token, body: { slug } });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ code: "ORGANIZATION_SLUG_ALREADY_TAKEN", message: "slug is taken" });
  });
});

describe("organization/update", () => {
  it("updates fields of the active organization for an owner", async () => {
    const org = await createOrganization(server, alice);
    const response = await server.request("POST", "/organization/update", { token: alice.token, body: { data: { name: "Renamed", metadata: { a: 1 }, logo: null } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: org.id, name: "Renamed", metadata: { a: 1 }, logo: null });
    expect(response.body.updatedAt).not.toBeNull();
    expect(await auditActions(server, org.id)).toContain("organization.update");
  });

  it("refuses a slug held by another organization, and a non-member", async () => {
    const one = await createOrganization(server, alice);
    const two = await createOrganization(server, alice);
    const clash = await server.request("POST", "/organization/update", { token: alice.token, body: { organizationId: two.id, data: { slug: one.slug } } });
    expect(clash.body).toEqual({ code: "ORGANIZATION_SLUG_ALREADY_TAKEN", message: "Organization slug already taken" });
    const outsider = await server.request("POST", "/organization/update", { token: bob.token, body: { organizationId: one.id, data: { name: "x" } } });
    expect(outsider.status).toBe(400);
    expect(outsider.body.code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  });

  it("drops unknown data fields as better-auth does, changing nothing (issue 12)", async () => {
    const org = await createOrganization(server, alice);
    const before = await server.database.db.selectFrom("organization").selectAll().where("id", "=", org.id).executeTakeFirstOrThrow();
    const response = await server.request("POST", "/organization/update", { token: alice.token, body: { organizationId: org.id, data: { owner: "me", id: "chosen" } } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(org.id);
    const { updatedAt: _touched, ...after } = await server.database.db.selectFrom("organization").selectAll().where("id", "=", org.id).executeTakeFirstOrThrow();
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
  });
});

describe("organization/delete", () => {
  it("deletes the organization with its members, invitations and teams and clears it from every session", async () => {
    const org = await createOrganization(server, alice);
    await seedMember(server, org.id, bob.userId, "member");
    await server.request("POST", "/organization/set-active", { token: bob.token, body: { organizationId: org.id } });
    expect((await sessionOf(server, bob.token))?.activeOrganizationId).toBe(org.id);
    const response = await server.request("POST", "/organization/delete", { token: alice.token, body: { organizationId: org.id } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(org.id);
    const db = server.database.db;
    expect(await db.selectFrom("member").select("id").where("organizationId", "=", org.id).execute()).toEqual([]);
    expect(await db.selectFrom("team").select("id").where("organizationId", "=", org.id).execute()).toEqual([]);
    expect((await sessionOf(server, alice.token))?.activeOrganizationId).toBeNull();
    expect((await sessionOf(server, bob.token))).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    expect(await auditActions(server, org.id)).toContain("organization.delete");
  });

  it("answers 404 ORGANIZATION_DELETION_DISABLED when deletion is turned off", async () => {
    const locked = await startTestServer({ config: { organization: { disableOrganizationDeletion: true } } });
    try {
      const [boss] = await users(locked, 1);
      const org = await createOrganization(locked, boss!);
      const response = await locked.request("POST", "/organization/delete", { token: boss!.token, body: { organizationId: org.id } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: "ORGANIZATION_DELETION_DISABLED", message: "Organization deletion is disabled" });
    } finally {
      await locked.close();
    }
  });

  it("refuses a non-member (400) and a member without the delete permission (403)", async () => {
    const org = await createOrganization(server, alice);
    const outsider = await server.request("POST", "/organization/delete", { token: bob.token, body: { organizationId: org.id } });
    expect(outsider.status).toBe(400);
    await seedMember(server, org.id, bob.userId, "admin");
    const admin = await server.request("POST", "/organization/delete", { token: bob.token, body: { organizationId: org.id } });
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({ code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION", message: "You are not allowed to delete this organization" });
  });
});

describe("organization/list", () => {
  it("lists the caller's organizations in pages", async () => {
    const [carol] = await users(server, 1);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createOrganization(server, carol!)).id);
      server.clock.advance(1000);
    }
    const all = await server.request("GET", "/organization/list", { token: carol!.token });
    expect(all.body.map((o: { id: string }) => o.id)).toEqual(ids);
    const page = await server.request("GET", "/organization/list?limit=1&offset=1", { token: carol!.token });
    expect(page.body.map((o: { id: string }) => o.id)).toEqual([ids[1]]);
    const tooBig = await server.request("GET", "/organization/list?limit=5000", { token: carol!.token });
    expect(tooBig.body.code).toBe("VALIDATION_ERROR");
  });
});

describe("organization/get-full-organization", () => {
  it("answers the active organization with members, invitations and teams; by id and slug too", async () => {
    const org = await createOrganization(server, alice);
    server.clock.advance(1000);
    await seedMember(server, org.id, bob.userId, "member");
    await server.request("POST", "/organization/invite-member", { token: alice.token, body: { email: "invitee@example.com", role: "member" } });
    const active = await server.request("GET", "/organization/get-full-organization", { token: alice.token });
    expect(active.body.id).toBe(org.id);
    expect(active.body.members.map((m: { userId: string }) => m.userId).sort()).toEqual([alice.userId, bob.userId].sort());
    expect(active.body.members[0].user).toMatchObject({ id: alice.userId, email: alice.email });
    expect(active.body.invitations.map((i: { email: string }) => i.email)).toEqual(["invitee@example.com"]);
    expect(active.body.teams).toHaveLength(1);
    const bySlug = await server.request("GET", `/organization/get-full-organization?organizationSlug=${org.slug}&membersLimit=1`, { token: alice.token });
    expect(bySlug.body.id).toBe(org.id);
    expect(bySlug.body.members).toHaveLength(1);
    // A plain member cannot invite, so invitation ids (which act as links) are hidden.
    const asMember = await server.request("GET", `/organization/get-full-organization?organizationId=${org.id}`, { token: bob.token });
    expect(asMember.body.invitations).toEqual([]);
  });

  it("answers null with no active organization, and refuses a non-member with 403, clearing it", async () => {
    const [carol] = await users(server, 1);
    expect((await server.request("GET", "/organization/get-full-organization", { token: carol!.token })).body).toBeNull();
    const org = await createOrganization(server, alice);
    const refused = await server.request("GET", `/organization/get-full-organization?organizationId=${org.id}`, { token: carol!.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
    const missing = await server.request("GET", "/organization/get-full-organization?organizationId=nope", { token: carol!.token });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("ORGANIZATION_NOT_FOUND");
  });
});

describe("organization/set-active", () => {
  it("sets by id or slug, clears with null, and refuses organizations the caller is not in", async () => {
    const one = await createOrganization(server, alice);
    const two = await createOrganization(server, alice);
    const bySlug = await server.request("POST", "/organization/set-active", { token: alice.token, body: { organizationSlug: one.slug } });
    expect(bySlug.body.id).toBe(one.id);
    expect((await sessionOf(server, alice.token))).toMatchObject({ activeOrganizationId: one.id, activeTeamId: null });
    await server.request("POST", "/organization/set-active", { token: alice.token, body: { organizationId: two.id } });
    expect((await sessionOf(server, alice.token))?.activeOrganizationId).toBe(two.id);
    const cleared = await server.request("POST", "/organization/set-active", { token: alice.token, body: { organizationId: null } });
    expect(cleared.body).toBeNull();
    expect((await sessionOf(server, alice.token))?.activeOrganizationId).toBeNull();
    const refused = await server.request("POST", "/organization/set-active", { token: bob.token, body: { organizationId: one.id } });
    expect(refused.status).toBe(403);
  });
});
