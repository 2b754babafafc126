/**
 * Who may use an app (issue 34, item 4), through openid-client as the relying party: an app limited
 * to an organization, a team or a global role lets those people in and sends anyone else back to
 * the app with `error=access_denied` and the app's `state` — never to the consent page. A refresh
 * checks again: a person who left the organization, or an app whose rules changed, gets
 * `invalid_grant`, and so does the code exchange when the membership went between authorize and token. The rules are set through the admin API (`auth apps --allow-*`).
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT, relyingParty } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "access-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

async function call(path: string, token: string, body: Record<string, unknown>) {
  const answer = await server.request("POST", path, { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: string };
}

/** Where /oauth2/authorize sends this person's browser: the app (with what), or the consent page. */
async function outcome(app: { client_id: string; client_secret?: string }, email: string) {
  const config = await rp.configFor(app);
  const flow = await rp.authorize(config, await rp.browserOf(email), { scope: "openid profile" });
  const location = new URL(flow.location, server.url);
  return { flow, location, atApp: flow.location.startsWith(REDIRECT), error: location.searchParams.get("error"), state: location.searchParams.get("state") };
}

describe("who may use an app", () => {
  it("an organization, a team or a global role lets people in; anyone else is sent back with access_denied and the state, never to consent", async () => {
    const owner = await server.signUp({ email: "org-owner@example.com" });
    const acme = await call("/organization/create", owner.token, { name: "Acme", slug: "acme-access" });
    const ops = await call("/organization/create-team", owner.token, { organizationId: acme.id, name: "Ops" });
    const teamMate = await server.signUp({ email: "ops-mate@example.com" });
    await call("/organization/add-member", owner.token, { organizationId: acme.id, userId: teamMate.userId, role: "member" });
    await call("/organization/add-team-member", owner.token, { teamId: ops.id, userId: teamMate.userId });
    await server.signUp({ email: "outsider@example.com" });

    // Consent is asked (no skip_consent): an allowed person reaches the consent page, a refused one never does.
    const byOrg = await rp.createApp({ client_name: "By org", scope: "openid profile", allowed_organizations: ["acme-access"] });
    const byTeam = await rp.createApp({ client_name: "By team", scope: "openid profile", allowed_teams: ["acme-access/Ops"] });
    const byRole = await rp.createApp({ client_name: "By role", scope: "openid profile", allowed_roles: ["admin"] });

    const allowed: Array<[typeof byOrg, string]> = [[byOrg, "org-owner@example.com"], [byOrg, "ops-mate@example.com"], [byTeam, "ops-mate@example.com"], [byRole, "access-admin@example.com"]];
    for (const [app, email] of allowed) {
      const seen = await outcome(app, email);
      expect([email, seen.location.pathname]).toEqual([email, "/console/oauth2/consent"]);
    }
    const refused: Array<[typeof byOrg, string]> = [[byOrg, "outsider@example.com"], [byTeam, "org-owner@example.com"], [byTeam, "outsider@example.com"], [byRole, "ops-mate@example.com"]];
    for (const [app, email] of refused) {
      const seen = await outcome(app, email);
      expect([email, seen.atApp, seen.error, seen.state]).toEqual([email, true, "access_denied", seen.flow.state]);
      expect(seen.location.searchParams.get("code")).toBeNull();
    }
    // openid-client reads it as the app would: an access_denied authorization error.
    const config = await rp.configFor(byOrg);
    const denied = await outcome(byOrg, "outsider@example.com");
    await expect(oidc.authorizationCodeGrant(config, denied.location, { pkceCodeVerifier: denied.flow.verifier, expectedState: denied.flow.state })).rejects.toMatchObject({ error: "access_denied" });
  });

  it("a refresh checks again: leaving the organization or a change of the app's rules ends access", async () => {
    const owner = await server.signUp({ email: "gamma-owner@example.com" });
    const gamma = await call("/organization/create", owner.token, { name: "Gamma", slug: "gamma-access" });
    const member = await server.signUp({ email: "gamma-member@example.com" });
    await call("/organization/add-member", owner.token, { organizationId: gamma.id, userId: member.userId, role: "member" });
    const app = await rp.createApp({ client_name: "Gamma app", skip_consent: true, allowed_organizations: ["gamma-access"] });
    const config = await rp.configFor(app);

    const { tokens } = await rp.signInToApp(config, await rp.browserOf("gamma-member@example.com"), { scope: "openid offline_access" });
    const renewed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(renewed.access_token).toBeTruthy();
    await call("/organization/remove-member", owner.token, { organizationId: gamma.id, memberIdOrEmail: "gamma-member@example.com" });
    await expect(oidc.refreshTokenGrant(config, renewed.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });

    const { tokens: ownerTokens } = await rp.signInToApp(config, await rp.browserOf("gamma-owner@example.com"), { scope: "openid offline_access" });
    const updated = await server.request("POST", "/admin/oauth2/update-client", { token: adminToken, body: { client_id: app.client_id, update: { allowed_organizations: ["somewhere-else"] } } });
    expect(updated.status).toBe(200);
    await expect(oidc.refreshTokenGrant(config, ownerTokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    // The family is gone: the owner's tokens do not come back with the old rules either.
    await server.request("POST", "/admin/oauth2/update-client", { token: adminToken, body: { client_id: app.client_id, update: { allowed_organizations: ["gamma-access"] } } });
    await expect(oidc.refreshTokenGrant(config, ownerTokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("the code exchange checks again: a membership removed between authorize and token gets invalid_grant and no tokens (#34)", async () => {
    const owner = await server.signUp({ email: "delta-owner@example.com" });
    const delta = await call("/organization/create", owner.token, { name: "Delta", slug: "delta-access" });
    const member = await server.signUp({ email: "delta-member@example.com" });
    await call("/organization/add-member", owner.token, { organizationId: delta.id, userId: member.userId, role: "member" });
    const app = await rp.createApp({ client_name: "Delta app", skip_consent: true, allowed_organizations: ["delta-access"] });
    const config = await rp.configFor(app);

    const flow = await rp.authorize(config, await rp.browserOf("delta-member@example.com"), { scope: "openid" });
    expect(flow.location.startsWith(REDIRECT)).toBe(true);
    expect(new URL(flow.location).searchParams.get("code")).toBeTruthy();
    await call("/organization/remove-member", owner.token, { organizationId: delta.id, memberIdOrEmail: "delta-member@example.com" });
    await expect(oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce })).rejects.toMatchObject({ error: "invalid_grant" });
    const tokens = await server.database.db.selectFrom("oauthToken").select("id").where("userId", "=", member.userId).execute();
    expect(tokens).toEqual([]);
  });

  it("rules are checked and cleared through the admin API; a malformed team is a typed error that changes nothing", async () => {
    const app = await rp.createApp({ client_name: "Rules", skip_consent: true, allowed_organizations: ["a", "a", "b"], allowed_roles: ["admin"] });
    const got = async () => (await server.request("GET", `/admin/oauth2/get-client?client_id=${app.client_id}`, { token: adminToken })).body as Record<string, unknown>;
    expect(await got()).toMatchObject({ allowed_organizations: ["a", "b"], allowed_roles: ["admin"] });
    const bad = await server.request("POST", "/admin/oauth2/update-client", { token: adminToken, body: { client_id: app.client_id, update: { allowed_teams: ["no-slash"] } } });
    expect([bad.status, (bad.body as { code: string }).code]).toEqual([400, "OAUTH_INVALID_CLIENT_METADATA"]);
    expect(await got()).not.toHaveProperty("allowed_teams");
    const cleared = await server.request("POST", "/admin/oauth2/update-client", { token: adminToken, body: { client_id: app.client_id, update: { allowed_organizations: [], allowed_roles: [] } } });
    expect(cleared.status).toBe(200);
    const after = await got();
    expect(after).not.toHaveProperty("allowed_organizations");
    expect(after).not.toHaveProperty("allowed_roles");
  });
});
