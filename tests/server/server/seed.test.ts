/**
 * Issue 39: the `qa` scenario seeded through the server's services, then every persona checked
 * against the real API — the states are what a person testing would meet, not rows that look right.
 * Then the server's clock moves 8 days: the week's ban lapses and the pending invitation expires.
 */
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadScenario, PERSONA_STATES } from "../../../server/maintenance/seed/scenario.js";
import { seedScenario, type SeedResult } from "../../../server/maintenance/seed/seed.js";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const DAY = 24 * 3600_000;

let server: TestServer;
let seeded: SeedResult;

const persona = (state: string) => seeded.personas.find((p) => p.state === state)!;

async function signIn(state: string, fetcher?: typeof fetch) {
  const who = persona(state);
  const response = await (fetcher ?? fetch)(`${server.api}/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The code an authenticator app shows for `secret` at the server's time (its clock is a test clock). */
const totpAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });

beforeAll(async () => {
  // Lockout counts only with rate limiting on: on, with room for every sign-in of this file.
  server = await startTestServer({ config: { rateLimit: { enabled: true, max: 100_000, strict: { window: 60, max: 10_000 } } } });
  seeded = await seedScenario(server.app.context, loadScenario("qa"));
});

afterAll(async () => {
  await server?.close();
});

describe("seed (issue 39)", () => {
  it("holds a persona in every state, with fixed emails, passwords and TOTP secrets from the scenario file", () => {
    expect(new Set(seeded.personas.map((p) => p.state))).toEqual(new Set(PERSONA_STATES));
    expect(persona("admin")).toMatchObject({ email: "admin@qa.example.com", password: "qa-admin-pass", role: "admin" });
    expect(persona("two-factor")).toMatchObject({ totpSecret: "LATCHKEYQATWOFACTORSEEDABCDEFGH2" });
    expect(persona("two-factor").backupCodes).toHaveLength(10);
  });

  it("signs the administrator, the member and the impersonation target in, and lets the administrator impersonate", async () => {
    const admin = await signIn("admin");
    expect(admin.status).toBe(200);
    expect(admin.body.user.role).toBe("admin");
    expect((await signIn("member")).status).toBe(200);
    const target = await signIn("impersonate");
    expect(target.status).toBe(200);
    const impersonated = await server.request("POST", "/admin/impersonate-user", { token: admin.body.token, headers: { origin: server.url }, body: { userId: target.body.user.id } });
    expect(impersonated.status, impersonated.text).toBe(200);
    expect(impersonated.body.session.impersonatedBy).toBe(admin.body.user.id);
  });

  it("leaves the unverified persona unverified, with its verification mail in the outbox", async () => {
    const unverified = await signIn("unverified");
    expect(unverified.status).toBe(200);
    expect(unverified.body.user.emailVerified).toBe(false);
    expect(await server.outbox("unverified@qa.example.com")).toHaveLength(1);
    expect(seeded.mails).toBe(3);
  });

  it("holds the two-factor persona at the second step, which a code from the printed TOTP secret and a printed backup code pass", async () => {
    const who = persona("two-factor");
    const browser = createCookieFetch(server.url);
    const first = await signIn("two-factor", browser.fetch);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    const code = totpAt(who.totpSecret!, server.clock.now());
    const second = await browser.fetch(`${server.api}/two-factor/verify-totp`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify({ code }) });
    expect(second.status).toBe(200);
    expect(((await second.json()) as any).user.email).toBe(who.email);

    const other = createCookieFetch(server.url);
    expect((await signIn("two-factor", other.fetch)).body).toMatchObject({ twoFactorRedirect: true });
    const backup = await other.fetch(`${server.api}/two-factor/verify-backup-code`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify({ code: who.backupCodes![3] }) });
    expect(backup.status).toBe(200);
  });

  it("refuses both banned personas with BANNED_USER and the locked one with the lockout's 429, right password and all", async () => {
    for (const state of ["banned-7d", "banned"]) {
      const refused = await signIn(state);
      expect(refused.status, state).toBe(403);
      expect(refused.body.code, state).toBe("BANNED_USER");
    }
    const locked = await signIn("locked");
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("TOO_MANY_SIGN_IN_ATTEMPTS");
  });

  it("leaves one invitation pending for 48 hours and one already expired", async () => {
    const pending = persona("invited");
    const preview = await server.request("GET", `/organization/invitation-preview?id=${pending.invitationId}`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ email: pending.email, organizationName: "Acme QA", role: "member" });
    expect(Date.parse(preview.body.expiresAt) - server.clock.now()).toBeGreaterThan(47 * 3600_000);
    const expired = await server.request("GET", `/organization/invitation-preview?id=${persona("invitation-expired").invitationId}`);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("INVITATION_NOT_FOUND");
    expect(await server.outbox(pending.email)).toHaveLength(1);
  });

  it("builds the organization with two teams and three roles", async () => {
    const admin = await signIn("admin");
    const organization = seeded.organizations[0]!;
    const full = await server.request("GET", `/organization/get-full-organization?organizationId=${organization.id}`, { token: admin.body.token });
    expect(full.status, full.text).toBe(200);
    expect(new Set(full.body.members.map((m: { role: string }) => m.role))).toEqual(new Set(["owner", "admin", "member"]));
    expect(full.body.members).toHaveLength(5);
    expect(full.body.teams.map((t: { name: string }) => t.name).sort()).toEqual(expect.arrayContaining(["Engineering", "Support"]));
  });

  it("gives the administrator's API key only the narrowed permission: listing users, not banning them", async () => {
    const key = seeded.apiKeys[0]!;
    expect(key.permissions).toEqual({ user: ["list"] });
    const listed = await server.request("GET", "/admin/list-users?limit=50", { headers: { "x-api-key": key.key } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.total).toBe(9);
    const ban = await server.request("POST", "/admin/ban-user", { headers: { "x-api-key": key.key }, body: { userId: persona("member").userId } });
    expect(ban.status).toBe(403);
    expect((await signIn("member")).status).toBe(200);
  });

  it("registers the OpenID app with a secret", async () => {
    const app = seeded.apps[0]!;
    expect(app.clientSecret.length).toBeGreaterThan(20);
    const row = await server.database.db.selectFrom("oauthClient").select("clientId").where("clientId", "=", app.clientId).executeTakeFirst();
    expect(row?.clientId).toBe(app.clientId);
  });

  it("refuses a second seed on the now non-empty database, and any seed in production", async () => {
    await expect(seedScenario(server.app.context, loadScenario("qa"))).rejects.toMatchObject({ code: "DATABASE_NOT_EMPTY" });
    await expect(seedScenario(server.app.context, loadScenario("demo"), { force: true, nodeEnv: "production" })).rejects.toMatchObject({ code: "SEED_IN_PRODUCTION" });
  });

  it("8 days later by the server's clock: the week's ban has lapsed, the lock has lifted, the other ban holds and the invitation has expired", async () => {
    server.clock.advance(8 * DAY);
    expect((await signIn("banned-7d")).status).toBe(200);
    expect((await signIn("locked")).status).toBe(200);
    expect((await signIn("banned")).body.code).toBe("BANNED_USER");
    const preview = await server.request("GET", `/organization/invitation-preview?id=${persona("invited").invitationId}`);
    expect(preview.body.code).toBe("INVITATION_NOT_FOUND");
  });
});
