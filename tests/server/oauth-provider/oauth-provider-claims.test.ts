/**
 * What apps read about a person (issue 34), through openid-client as a relying party:
 * preferred_username is always there with the profile scope (the username if set, else the email),
 * and the groups scope's claim lists organizations, roles and teams — in the ID token and in
 * userinfo alike.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
let app: AppCredentials;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "claims-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
  rp = relyingParty(server, admin.token);
  app = await rp.createApp({ client_name: "Grafana", skip_consent: true, scope: "openid profile email offline_access groups" });
});
afterAll(async () => {
  await server.close();
});

/** The ID token's claims and userinfo's answer for a person signing in to the app with these scopes. */
async function claimsOf(email: string, scope: string) {
  const config = await rp.configFor(app);
  const { tokens } = await rp.signInToApp(config, await rp.browserOf(email), { scope });
  const idToken = tokens.claims()!;
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
  return { idToken, userinfo };
}

describe("preferred_username", () => {
  it("is the username when the person has one", async () => {
    await server.signUp({ email: "ada@example.com", username: "ada_l" });
    const { idToken, userinfo } = await claimsOf("ada@example.com", "openid profile");
    expect(idToken.preferred_username).toBe("ada_l");
    expect(userinfo.preferred_username).toBe("ada_l");
  });

  it("is the email when the person has no username", async () => {
    await server.signUp({ email: "grace@example.com" });
    const { idToken, userinfo } = await claimsOf("grace@example.com", "openid profile");
    expect(idToken.preferred_username).toBe("grace@example.com");
    expect(userinfo.preferred_username).toBe("grace@example.com");
  });

  it("is absent without the profile scope", async () => {
    const { idToken, userinfo } = await claimsOf("grace@example.com", "openid email");
    expect(idToken).not.toHaveProperty("preferred_username");
    expect(userinfo).not.toHaveProperty("preferred_username");
    expect(userinfo.email).toBe("grace@example.com");
  });
});

describe("groups", () => {
  async function call(path: string, token: string, body: Record<string, unknown>) {
    const answer = await server.request("POST", path, { token, body });
    expect(answer.status).toBe(200);
    return answer.body as { id: string };
  }

  it("is listed in discovery", async () => {
    const metadata = (await server.request("GET", "/.well-known/openid-configuration")).body as { scopes_supported: string[]; claims_supported: string[] };
    expect(metadata.scopes_supported).toContain("groups");
    expect(metadata.claims_supported).toContain("groups");
  });

  it("names each organization by slug, each role as slug:role and each team as slug/team", async () => {
    const person = await server.signUp({ email: "lin@example.com" });
    const acme = await call("/organization/create", person.token, { name: "Acme", slug: "acme" });
    const ops = await call("/organization/create-team", person.token, { organizationId: acme.id, name: "Ops" });
    await call("/organization/create-team", person.token, { organizationId: acme.id, name: "Dev" });
    await call("/organization/add-team-member", person.token, { teamId: ops.id, userId: person.userId });
    const beta = await call("/organization/create", adminToken, { name: "Beta", slug: "beta" });
    await call("/organization/add-member", adminToken, { organizationId: beta.id, userId: person.userId, role: ["member", "admin"] });
    const { idToken, userinfo } = await claimsOf("lin@example.com", "openid groups");
    // Creating an organization makes a default team of its name with the creator in it.
    expect(idToken.groups).toEqual(["acme", "acme:owner", "acme/Acme", "acme/Ops", "beta", "beta:admin", "beta:member"]);
    expect(userinfo.groups).toEqual(idToken.groups);
  });

  it("is an empty array for a person in no organization, and absent without the scope", async () => {
    await server.signUp({ email: "solo@example.com" });
    const withScope = await claimsOf("solo@example.com", "openid groups");
    expect(withScope.idToken.groups).toEqual([]);
    expect(withScope.userinfo.groups).toEqual([]);
    const without = await claimsOf("solo@example.com", "openid profile");
    expect(without.idToken).not.toHaveProperty("groups");
    expect(without.userinfo).not.toHaveProperty("groups");
  });
});
