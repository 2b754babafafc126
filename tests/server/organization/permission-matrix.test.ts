/**
 * Role-by-role: every action of the organization statements, for every built-in role, is allowed
 * or refused over HTTP exactly as the shared role table says. The cases are generated from
 * `organizationStatements` × `organizationRoles`, so the table and the server cannot drift apart.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationRoles, organizationStatements } from "../../../shared/permissions.js";
import { startTestServer, type RawResponse, type TestServer } from "../../helpers/test-server.js";
import { seedMember, users, type SignedUp } from "./support.js";

type Role = keyof typeof organizationRoles;
type Resource = keyof typeof organizationStatements;

interface Fixture {
  organizationId: string;
  teamId: string;
  targetMemberId: string;
  invitationId: string;
  actor: SignedUp;
}

let server: TestServer;
let owner: SignedUp;
let target: SignedUp;
let outsider: SignedUp;
const actors = {} as Record<Role, SignedUp>;

beforeAll(async () => {
  server = await startTestServer();
  const signed = await users(server, 3 + Object.keys(organizationRoles).length);
  [owner, target, outsider] = signed as [SignedUp, SignedUp, SignedUp];
  Object.keys(organizationRoles).forEach((role, i) => (actors[role as Role] = signed[3 + i]!));
});
afterAll(async () => {
  await server.close();
});

/** A fresh organization (two teams, a target member, a pending invitation) with the actor holding `role`. */
async function fixture(role: Role): Promise<Fixture> {
  const db = server.database.db;
  const now = server.clock.now();
  const organizationId = randomUUID();
  await db.insertInto("organization").values({ id: organizationId, name: "Matrix", slug: `matrix-${organizationId}`, logo: null, metadata: null, createdAt: now, updatedAt: null }).execute();
  const teamId = randomUUID();
  await db.insertInto("team").values([
    { id: teamId, name: "One", organizationId, createdAt: now, updatedAt: now },
    { id: randomUUID(), name: "Two", organizationId, createdAt: now, updatedAt: now },
  ]).execute();
  await seedMember(server, organizationId, owner.userId, "owner");
  const actor = actors[role];
  await seedMember(server, organizationId, actor.userId, role);
  const targetMemberId = await seedMember(server, organizationId, target.userId, "member");
  const invitationId = randomUUID();
  await db.insertInto("invitation").values({
    id: invitationId, organizationId, email: `pending-${invitationId}@example.com`, role: "member", status: "pending",
    teamId: null, inviterId: owner.userId, expiresAt: now + 3_600_000, createdAt: now,
  }).execute();
  return { organizationId, teamId, targetMemberId, invitationId, actor };
}

/** The HTTP call that needs each permission, and the error it answers when refused. */
const calls: Partial<Record<`${Resource}:${string}`, { refusal: string; run: (f: Fixture) => Promise<RawResponse> }>> = {
  "organization:update": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION",
    run: (f) => server.request("POST", "/organization/update", { token: f.actor.token, body: { organizationId: f.organizationId, data: { name: "New name" } } }),
  },
  "organization:delete": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION",
    run: (f) => server.request("POST", "/organization/delete", { token: f.actor.token, body: { organizationId: f.organizationId } }),
  },
  "member:create": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER",
    run: (f) => server.request("POST", "/organization/add-member", { token: f.actor.token, body: { organizationId: f.organizationId, userId: outsider.userId, role: "member" } }),
  },
  "member:update": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
    run: (f) => server.request("POST", "/organization/update-member-role", { token: f.actor.token, body: { organizationId: f.organizationId, memberId: f.targetMemberId, role: "admin" } }),
  },
  "member:delete": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    run: (f) => server.request("POST", "/organization/remove-member", { token: f.actor.token, body: { organizationId: f.organizationId, memberIdOrEmail: f.targetMemberId } }),
  },
  "invitation:create": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
    run: (f) => server.request("POST", "/organization/invite-member", { token: f.actor.token, body: { organizationId: f.organizationId, email: `new-${randomUUID()}@example.com`, role: "member" } }),
  },
  "invitation:cancel": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION",
    run: (f) => server.request("POST", "/organization/cancel-invitation", { token: f.actor.token, body: { invitationId: f.invitationId } }),
  },
  "team:create": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION",
    run: (f) => server.request("POST", "/organization/create-team", { token: f.actor.token, body: { organizationId: f.organizationId, name: "Three" } }),
  },
  "team:update": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM",
    run: (f) => server.request("POST", "/organization/update-team", { token: f.actor.token, body: { teamId: f.teamId, data: { name: "Renamed", organizationId: f.organizationId } } }),
  },
  "team:delete": {
    refusal: "YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION",
    run: (f) => server.request("POST", "/organization/remove-team", { token: f.actor.token, body: { organizationId: f.organizationId, teamId: f.teamId } }),
  },
};

const cases = (Object.keys(organizationRoles) as Role[]).flatMap((role) =>
  (Object.entries(organizationStatements) as Array<[Resource, readonly string[]]>).flatMap(([resource, actions]) =>
    actions.map((action) => {
      const granted = ((organizationRoles[role] as Partial<Record<Resource, readonly string[]>>)[resource] ?? []).includes(action);
      return { role, resource, action, granted };
    }),
  ),
);

describe("organization permission matrix", () => {
  it("has an HTTP call for every action except dynamic access control (ac)", () => {
    const uncovered = Object.entries(organizationStatements)
      .flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}`))
      .filter((key) => !(key in calls) && !key.startsWith("ac:"));
    expect(uncovered).toEqual([]);
  });

  for (const { role, resource, action, granted } of cases) {
    const call = calls[`${resource}:${action}`];
    if (call) {
      it(`${granted ? "allows" : "refuses"} ${resource}:${action} for ${role} over HTTP`, async () => {
        const f = await fixture(role);
        const response = await call.run(f);
        if (granted) expect(response.status, response.text).toBe(200);
        else {
          expect(response.status).toBe(403);
          expect(response.body.code).toBe(call.refusal);
        }
      });
    }
    it(`answers has-permission ${resource}:${action} = ${granted} for ${role}`, async () => {
      const f = await fixture(role);
      const response = await server.request("POST", "/organization/has-permission", {
        token: f.actor.token,
        body: { organizationId: f.organizationId, permissions: { [resource]: [action] } },
      });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(granted);
    });
  }
});

describe("organization/has-permission", () => {
  it("refuses more than one resource at a time", async () => {
    const f = await fixture("owner");
    const response = await server.request("POST", "/organization/has-permission", {
      token: f.actor.token,
      body: { organizationId: f.organizationId, permissions: { organization: ["update"], member: ["create"] } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "ONE_RESOURCE_AT_A_TIME", message: "you can only check one resource permission at a time." });
  });

  it("accepts the older singular `permission` field and refuses non-members", async () => {
    const f = await fixture("admin");
    const ok = await server.request("POST", "/organization/has-permission", { token: f.actor.token, body: { organizationId: f.organizationId, permission: { invitation: ["cancel"] } } });
    expect(ok.body).toEqual({ error: null, success: true });
    const outside = await server.request("POST", "/organization/has-permission", { token: outsider.token, body: { organizationId: f.organizationId, permissions: { invitation: ["cancel"] } } });
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
  });
});

describe("custom organization roles from configuration", () => {
  it("grants exactly what the configured role lists, alone or combined with other roles", async () => {
    const custom = await startTestServer({ config: { organization: { roles: { billing: { organization: ["update"] }, recruiter: { invitation: ["create"] } } } } });
    try {
      const [boss, clerk] = await users(custom, 2);
      const created = await custom.request("POST", "/organization/create", { token: boss!.token, body: { name: "Custom", slug: `custom-${randomUUID()}` } });
      const organizationId = created.body.id as string;
      await seedMember(custom, organizationId, clerk!.userId, "billing");
      const update = await custom.request("POST", "/organization/update", { token: clerk!.token, body: { organizationId, data: { name: "Paid" } } });
      expect(update.status).toBe(200);
      const invite = await custom.request("POST", "/organization/invite-member", { token: clerk!.token, body: { organizationId, email: "x@example.com", role: "member" } });
      expect(invite.status).toBe(403);
      await custom.database.db.updateTable("member").set({ role: "billing, recruiter" }).where("userId", "=", clerk!.userId).execute();
      const combined = await custom.request("POST", "/organization/invite-member", { token: clerk!.token, body: { organizationId, email: "x@example.com", role: "billing" } });
      expect(combined.status).toBe(200);
      const unknown = await custom.request("POST", "/organization/invite-member", { token: boss!.token, body: { organizationId, email: "y@example.com", role: "wizard" } });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ code: "ROLE_NOT_FOUND", message: "Role not found: wizard" });
    } finally {
      await custom.close();
    }
  });
});
