/**
 * The relying-party recipes in docs/oidc-provider.md hold (issue 34, item 7): real ID tokens and
 * userinfo answers, fetched through openid-client, fed to the expressions the recipes give —
 * Grafana's JMESPath attribute paths evaluated by the `jmespath` package (the library Grafana's
 * expressions are written for), and the claim names Gitea/Forgejo, Nextcloud's user_oidc, Outline
 * and Immich read.
 */
import jmespath from "jmespath";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

/** The expressions exactly as docs/oidc-provider.md's Grafana recipe writes them. */
const GRAFANA = {
  login: "preferred_username",
  email: "email",
  name: "name",
  groups: "groups",
  role: "contains(groups[*], 'acme:owner') && 'Admin' || contains(groups[*], 'acme/Ops') && 'Editor' || 'Viewer'",
  serverAdmin: "contains(roles[*], 'admin')",
};

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "recipes-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

async function call(path: string, token: string, body: Record<string, unknown>) {
  const answer = await server.request("POST", path, { token, body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body as { id: string };
}

async function claimsOf(app: AppCredentials, email: string, scope: string) {
  const config = await rp.configFor(app);
  const { tokens } = await rp.signInToApp(config, await rp.browserOf(email), { scope });
  const idToken = tokens.claims()!;
  const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
  return { idToken, userinfo };
}

describe("recipes from docs/oidc-provider.md", () => {
  it("Grafana: role_attribute_path over groups gives Admin to acme's owners, Editor to acme/Ops, Viewer to the rest", async () => {
    const grafana = await rp.createApp({ client_name: "Grafana", skip_consent: true, scope: "openid profile email offline_access groups roles" });
    const owner = await server.signUp({ email: "olga@example.com", name: "Olga Owner" });
    const acme = await call("/organization/create", owner.token, { name: "Acme", slug: "acme" });
    const ops = await call("/organization/create-team", owner.token, { organizationId: acme.id, name: "Ops" });
    const operator = await server.signUp({ email: "oscar@example.com", name: "Oscar Ops" });
    await call("/organization/add-member", owner.token, { organizationId: acme.id, userId: operator.userId, role: "member" });
    await call("/organization/add-team-member", owner.token, { teamId: ops.id, userId: operator.userId });
    await server.signUp({ email: "vera@example.com", name: "Vera Viewer" });

    const expected = { "olga@example.com": "Admin", "oscar@example.com": "Editor", "vera@example.com": "Viewer", "recipes-admin@example.com": "Viewer" } as const;
    for (const [email, role] of Object.entries(expected)) {
      const { idToken, userinfo } = await claimsOf(grafana, email, "openid profile email groups roles");
      // Grafana reads the ID token first and userinfo (api_url) after: both must give the same answers.
      for (const claims of [idToken, userinfo]) {
        expect(jmespath.search(claims, GRAFANA.role), email).toBe(role);
        expect(jmespath.search(claims, GRAFANA.login)).toBe(email);
        expect(jmespath.search(claims, GRAFANA.email)).toBe(email);
        expect(jmespath.search(claims, GRAFANA.groups)).toEqual(claims.groups);
        expect(jmespath.search(claims, GRAFANA.serverAdmin)).toBe(email === "recipes-admin@example.com");
      }
    }
  });

  it("Gitea/Forgejo: the admin group and the team mapping name entries of the groups claim", async () => {
    const gitea = await rp.createApp({ client_name: "Gitea", skip_consent: true, scope: "openid profile email groups" });
    // --admin-group acme:owner; --group-team-map '{"acme/Ops": {"acme": ["ops"]}}'.
    const owner = (await claimsOf(gitea, "olga@example.com", "openid profile email groups")).idToken;
    expect(owner.groups).toContain("acme:owner");
    expect(owner.groups).not.toContain("acme/Ops");
    expect(owner.preferred_username).toBe("olga@example.com");
    const operator = (await claimsOf(gitea, "oscar@example.com", "openid profile email groups")).idToken;
    expect(operator.groups).toContain("acme/Ops");
    expect(operator.groups).not.toContain("acme:owner");
  });

  it("Nextcloud user_oidc and Outline: sub, name, email, groups and preferred_username as the recipes map them", async () => {
    const nextcloud = await rp.createApp({ client_name: "Nextcloud", skip_consent: true, scope: "openid profile email groups" });
    const { idToken, userinfo } = await claimsOf(nextcloud, "oscar@example.com", "openid profile email groups");
    for (const claims of [idToken, userinfo]) {
      expect(claims).toMatchObject({ sub: idToken.sub, name: "Oscar Ops", email: "oscar@example.com", preferred_username: "oscar@example.com" });
      expect(claims.groups).toEqual(["acme", "acme:member", "acme/Ops"]);
    }
  });

  it("Immich: immich_role from the global role, immich_quota as a literal", async () => {
    const immich = await rp.createApp({ client_name: "Immich", skip_consent: true, scope: "openid profile email", custom_claims: { immich_role: "user.role", immich_quota: "literal:500" } });
    const admin = await claimsOf(immich, "recipes-admin@example.com", "openid profile email");
    const person = await claimsOf(immich, "vera@example.com", "openid profile email");
    expect(admin.idToken).toMatchObject({ immich_role: "admin", immich_quota: "500" });
    expect(admin.userinfo).toMatchObject({ immich_role: "admin", immich_quota: "500" });
    expect(person.idToken).toMatchObject({ immich_role: "user", immich_quota: "500" });
  });
});
