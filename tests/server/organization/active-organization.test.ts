/** Active-organization bookkeeping seen through a browser whose session is cached in a cookie. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { freshSlug, seedMember, users } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { session: { cookieCache: { enabled: true, maxAge: 60 } } } });
});
afterAll(async () => {
  await server.close();
});

async function browser() {
  const jar = createCookieFetch(server.url);
  const email = `tab-${freshSlug()}@example.com`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await jar.fetch(server.api + path, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const signUp = await call("POST", "/sign-up/email", { email, password: "password123", name: "Tab" });
  await server.verifyEmail(email); // inviting and accepting need a verified address
  return { call, userId: signUp.body.user.id as string, email };
}

/** The session as the cookie cache answers it (no database lookup). */
async function cachedSession(tab: Awaited<ReturnType<typeof browser>>) {
  return (await tab.call("GET", "/get-session")).body.session as { activeOrganizationId: string | null; activeTeamId: string | null };
}

describe("active organization with a cached session", () => {
  it("follows create, set-active, accept, leave and delete without waiting for the cache to expire", async () => {
    const owner = await browser();
    const guest = await browser();
    const created = await owner.call("POST", "/organization/create", { name: "Cached", slug: freshSlug() });
    expect((await cachedSession(owner)).activeOrganizationId).toBe(created.body.id);
    expect((await cachedSession(owner)).activeTeamId).not.toBeNull();

    await owner.call("POST", "/organization/set-active", { organizationId: null });
    expect(await cachedSession(owner)).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
    await owner.call("POST", "/organization/set-active", { organizationId: created.body.id });
    expect((await cachedSession(owner)).activeOrganizationId).toBe(created.body.id);

    const invitation = await owner.call("POST", "/organization/invite-member", { email: guest.email, role: "member" });
    const accepted = await guest.call("POST", "/organization/accept-invitation", { invitationId: invitation.body.id });
    expect(accepted.status).toBe(200);
    expect((await cachedSession(guest)).activeOrganizationId).toBe(created.body.id);
    await guest.call("POST", "/organization/leave", { organizationId: created.body.id });
    expect((await cachedSession(guest)).activeOrganizationId).toBeNull();

    await owner.call("POST", "/organization/delete", { organizationId: created.body.id });
    expect((await cachedSession(owner)).activeOrganizationId).toBeNull();
  });

  it("clears the database session of a removed member, so the next uncached lookup has no active organization", async () => {
    const [boss, worker] = await users(server, 2);
    const created = await server.request("POST", "/organization/create", { token: boss!.token, body: { name: "Removal", slug: freshSlug() } });
    await seedMember(server, created.body.id, worker!.userId, "member");
    await server.request("POST", "/organization/set-active", { token: worker!.token, body: { organizationId: created.body.id } });
    await server.request("POST", "/organization/remove-member", { token: boss!.token, body: { memberIdOrEmail: worker!.email } });
    const rows = await server.database.db.selectFrom("session").select("activeOrganizationId").where("userId", "=", worker!.userId).execute();
    expect(rows.every((row) => row.activeOrganizationId === null)).toBe(true);
  });
});
