/**
 * What apps read about a person (issue 34), through openid-client as a relying party:
 * preferred_username is always there with the profile scope (the username if set, else the email),
 * in the ID token and in userinfo alike.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relyingParty, type AppCredentials } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
let app: AppCredentials;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "claims-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
  app = await rp.createApp({ client_name: "Outline", skip_consent: true });
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
