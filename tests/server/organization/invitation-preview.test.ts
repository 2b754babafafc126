/**
 * GET /organization/invitation-preview: the signed-out view of an invitation link (issue 25 item 10).
 * The mailed id is the only credential; the answer repeats the mail and nothing more, and every id
 * that is not a pending, unexpired invitation gets the same INVITATION_NOT_FOUND.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStrictPath } from "../../../server/http/rate-limit.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { createOrganization, users, type SignedUp } from "./support.js";

// INVITATION_NOT_FOUND is a 400 on better-auth's wire (shared/errors/organization.ts); the preview keeps it.
const NOT_FOUND = { code: "INVITATION_NOT_FOUND", message: "Invitation not found" };

let server: TestServer;
let owner: SignedUp;
beforeAll(async () => {
  server = await startTestServer();
  const created = await server.signUp({ name: "Olga Owner" });
  await server.verifyEmail(created.email);
  owner = created;
});
afterAll(async () => {
  await server.close();
});

async function invite(organizationId: string, email: string, role = "admin"): Promise<string> {
  const response = await server.request("POST", "/organization/invite-member", { token: owner.token, body: { organizationId, email, role } });
  expect(response.status).toBe(200);
  return response.body.id as string;
}

function preview(id: string) {
  return server.request("GET", `/organization/invitation-preview?id=${encodeURIComponent(id)}`);
}

describe("organization/invitation-preview", () => {
  it("answers a pending invitation without a session with exactly the mail's facts", async () => {
    const org = await createOrganization(server, owner, { name: "Preview Works" });
    const email = `preview-${Date.now()}@example.com`;
    const id = await invite(org.id, email);
    const response = await preview(id);
    expect(response.status).toBe(200);
    const row = await server.database.db.selectFrom("invitation").select("expiresAt").where("id", "=", id).executeTakeFirstOrThrow();
    expect(response.body).toEqual({
      organizationName: "Preview Works",
      inviterName: "Olga Owner",
      email,
      role: "admin",
      expiresAt: new Date(Number(row.expiresAt)).toISOString(),
    });
    // Nothing beyond the mail: not the inviter's address, not the ids or the slug.
    const text = JSON.stringify(response.body);
    for (const secret of [owner.email, owner.userId, org.id, org.slug]) expect(text).not.toContain(secret);
  });

  it("answers unknown, expired, accepted, rejected and canceled ids with the same 400 INVITATION_NOT_FOUND", async () => {
    const org = await createOrganization(server, owner);
    const [accepter, rejecter] = await users(server, 2);
    const accepted = await invite(org.id, accepter!.email, "member");
    expect((await server.request("POST", "/organization/accept-invitation", { token: accepter!.token, body: { invitationId: accepted } })).status).toBe(200);
    const rejected = await invite(org.id, rejecter!.email, "member");
    expect((await server.request("POST", "/organization/reject-invitation", { token: rejecter!.token, body: { invitationId: rejected } })).status).toBe(200);
    const canceled = await invite(org.id, `canceled-${Date.now()}@example.com`, "member");
    expect((await server.request("POST", "/organization/cancel-invitation", { token: owner.token, body: { invitationId: canceled } })).status).toBe(200);
    const expired = await invite(org.id, `expired-${Date.now()}@example.com`, "member");
    expect((await preview(expired)).status).toBe(200);
    server.clock.advance(172_800_000 + 1000);

    const answers = await Promise.all([accepted, rejected, canceled, expired, "unknown-invitation-id"].map(preview));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(NOT_FOUND);
    }
  });

  it("refuses a missing id and a misspelt key with 400, and counts under the strict rate-limit rule", async () => {
    expect((await server.request("GET", "/organization/invitation-preview")).status).toBe(400);
    const misspelt = await server.request("GET", "/organization/invitation-preview?id=x&invitationId=x");
    expect(misspelt.status).toBe(400);
    expect(isStrictPath("/organization/invitation-preview")).toBe(true);
    expect(isStrictPath("/organization/get-invitation")).toBe(false);
  });

  it("refuses the eleventh preview in a minute with 429 when rate limiting is on", async () => {
    const limited = await startTestServer({ config: { rateLimit: { enabled: true } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await limited.request("GET", `/organization/invitation-preview?id=guess-${i}`)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
