/**
 * Provider quirks beyond the happy path of providers.test.ts: Microsoft's per-tenant issuer on
 * the multi-tenant endpoints (and the account classes a tenant setting allows), Apple's ES256
 * client secret, GitLab on a self-hosted instance, GitHub without a verified primary address,
 * Discord's default avatars, and config overriding a provider's default authorize parameters.
 */
import { afterEach, describe, expect, it } from "vitest";
import { exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader } from "jose";
import { effectiveEndpoints, type ProviderSettings } from "../../../server/features/social/provider.js";
import { appleClientSecret } from "../../../server/features/social/providers/apple.js";
import { discordAvatarURL } from "../../../server/features/social/providers/discord.js";
import { gitlab } from "../../../server/features/social/providers/gitlab.js";
import { microsoft } from "../../../server/features/social/providers/microsoft.js";
import { openToken } from "../../../server/features/social/sealed-tokens.js";
import { startTestServer } from "../../helpers/test-server.js";
import { runProviderSignIn, startFakeProvider, type FakeProvider, type ProviderRun } from "./provider-harness.js";

const CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const WORK_TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

const settings = (extra: Partial<ProviderSettings> = {}): ProviderSettings => ({ clientId: "x", scopes: [], disableDefaultScope: false, audiences: [], authorizationParams: {}, endpoints: {}, ...extra });

let fake: FakeProvider | undefined;
let run: ProviderRun | undefined;
afterEach(async () => {
  await run?.close();
  await fake?.close();
  run = fake = undefined;
});

/**
 * A Microsoft sign-in on a multi-tenant endpoint of the fake: no fixed issuer configured.
 * `idToken` gets the nonce Latchkey sent in the authorize URL (a real tenant echoes it).
 */
async function microsoftSignIn(tenantSetting: string, idToken: (fake: FakeProvider, nonce: string | null) => Promise<string>) {
  fake = await startFakeProvider();
  const current = fake;
  let nonce: string | null = null;
  current.on("POST /token", async () => ({ json: { token_type: "Bearer", access_token: "ms-at", expires_in: 3599, id_token: await idToken(current, nonce) } }));
  current.on("GET /v1.0/me/photos/48x48/$value", () => ({ status: 404, json: { error: { code: "ImageNotFound" } } }));
  // The authorize URL names the tenant as Microsoft's does; an empty issuer override leaves none set.
  run = await runProviderSignIn({ providerId: "microsoft", fake: current, settings: { tenantId: tenantSetting, endpoints: { authorization: `${current.url}/${tenantSetting}/oauth2/v2.0/authorize`, issuer: "" } }, onNonce: (value) => (nonce = value) });
  return run;
}

describe("Microsoft tenants", () => {
  it("derives every endpoint from tenantId, with a fixed issuer only for a single tenant", () => {
    expect(effectiveEndpoints(microsoft, settings())).toMatchObject({ authorization: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize", jwks: "https://login.microsoftonline.com/common/discovery/v2.0/keys" });
    expect(effectiveEndpoints(microsoft, settings()).issuer).toBeUndefined();
    expect(effectiveEndpoints(microsoft, settings({ tenantId: WORK_TENANT }))).toMatchObject({
      authorization: `https://login.microsoftonline.com/${WORK_TENANT}/oauth2/v2.0/authorize`,
      token: `https://login.microsoftonline.com/${WORK_TENANT}/oauth2/v2.0/token`,
      issuer: `https://login.microsoftonline.com/${WORK_TENANT}/v2.0`,
    });
  });

  it("on the common endpoint accepts an ID token whose issuer names its own tenant, keeps the oid as account id and stores the ID token sealed", async () => {
    let sent = "";
    const result = await microsoftSignIn("common", async (f, nonce) => (sent = await f.signIdToken({ sub: "s1", oid: "oid-1", tid: WORK_TENANT, email: "a@contoso.com", name: "A", email_verified: true, nonce }, { issuer: `${f.url}/${WORK_TENANT}/v2.0` })));
    expect(result.authorizeURL.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(result.landed.pathname).toBe("/done");
    expect(result.user).toMatchObject({ email: "a@contoso.com", emailVerified: true, image: null });
    expect(result.account?.accountId).toBe("oid-1");
    expect(result.account?.idToken).toBeTruthy();
    expect(result.account?.idToken).not.toBe(sent);
    expect(openToken("test-secret-test-secret-test-secret-42", result.account?.idToken)).toBe(sent);
  });

  it("refuses a common-endpoint ID token without the nonce Latchkey sent, or with another", async () => {
    const missing = await microsoftSignIn("common", (f) => f.signIdToken({ sub: "s1", oid: "oid-1", tid: WORK_TENANT, email: "a@contoso.com" }, { issuer: `${f.url}/${WORK_TENANT}/v2.0` }));
    expect(missing.landed.searchParams.get("error")).toBe("invalid_code");
    expect(missing.user).toBeNull();
    await run?.close();
    await fake?.close();
    const other = await microsoftSignIn("common", (f) => f.signIdToken({ sub: "s1", oid: "oid-1", tid: WORK_TENANT, email: "a@contoso.com", nonce: "replayed-nonce" }, { issuer: `${f.url}/${WORK_TENANT}/v2.0` }));
    expect(other.landed.searchParams.get("error")).toBe("invalid_code");
  });

  it("refuses an ID token whose issuer names another tenant than its tid", async () => {
    const result = await microsoftSignIn("common", (f, nonce) => f.signIdToken({ sub: "s1", oid: "oid-1", tid: WORK_TENANT, email: "a@contoso.com", nonce }, { issuer: `${f.url}/${CONSUMER_TENANT}/v2.0` }));
    expect(result.landed.searchParams.get("error")).toBe("invalid_code");
    expect(result.user).toBeNull();
  });

  it("refuses a personal account when the tenant setting is organizations, and a work account for consumers", async () => {
    const personal = await microsoftSignIn("organizations", (f, nonce) => f.signIdToken({ sub: "s1", oid: "oid-2", tid: CONSUMER_TENANT, email: "me@outlook.com", nonce }, { issuer: `${f.url}/${CONSUMER_TENANT}/v2.0` }));
    expect(personal.landed.searchParams.get("error")).toBe("invalid_code");
    await run?.close();
    await fake?.close();
    const work = await microsoftSignIn("consumers", (f, nonce) => f.signIdToken({ sub: "s1", oid: "oid-2", tid: WORK_TENANT, email: "w@contoso.com", nonce }, { issuer: `${f.url}/${WORK_TENANT}/v2.0` }));
    expect(work.landed.searchParams.get("error")).toBe("invalid_code");
  });

  it("refuses an ID token minted for another client", async () => {
    const result = await microsoftSignIn("common", (f, nonce) => f.signIdToken({ sub: "s1", oid: "oid-3", tid: WORK_TENANT, email: "a@contoso.com", nonce }, { issuer: `${f.url}/${WORK_TENANT}/v2.0`, audience: "someone-else" }));
    expect(result.landed.searchParams.get("error")).toBe("invalid_code");
  });

  it("applies the same tenant rules to ID-token sign-in (a native app's token)", async () => {
    fake = await startFakeProvider();
    const f = fake;
    const server = await startTestServer({ config: { socialProviders: { microsoft: { clientId: "fake-client-id", tenantId: "organizations", endpoints: { authorization: `${f.url}/organizations/oauth2/v2.0/authorize`, token: `${f.url}/token`, jwks: `${f.url}/jwks`, api: f.url } } } } });
    try {
      const personal = await f.signIdToken({ sub: "p", oid: "oid-p", tid: CONSUMER_TENANT, email: "me@outlook.com", nonce: "n1" }, { issuer: `${f.url}/${CONSUMER_TENANT}/v2.0` });
      const refused = await server.request("POST", "/sign-in/social", { body: { provider: "microsoft", idToken: { token: personal, nonce: "n1" } } });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe("INVALID_TOKEN");
      const wrongNonce = await f.signIdToken({ sub: "w", oid: "oid-w", tid: WORK_TENANT, email: "w@contoso.com", email_verified: true, nonce: "other" }, { issuer: `${f.url}/${WORK_TENANT}/v2.0` });
      expect((await server.request("POST", "/sign-in/social", { body: { provider: "microsoft", idToken: { token: wrongNonce, nonce: "n2" } } })).status).toBe(401);
      const work = await f.signIdToken({ sub: "w", oid: "oid-w", tid: WORK_TENANT, email: "w@contoso.com", email_verified: true, nonce: "n2" }, { issuer: `${f.url}/${WORK_TENANT}/v2.0` });
      const accepted = await server.request("POST", "/sign-in/social", { body: { provider: "microsoft", idToken: { token: work, nonce: "n2" } } });
      expect(accepted.status).toBe(200);
      expect(accepted.body.user.email).toBe("w@contoso.com");
    } finally {
      await server.close();
    }
  });
});

describe("Apple", () => {
  it("makes the ES256 client secret Apple wants from team id, key id and the .p8 key", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const now = Date.UTC(2026, 0, 1);
    const secret = await appleClientSecret({ teamId: "TEAM123456", keyId: "KEY7654321", privateKey: pem, clientId: "com.example.web", now });
    expect(decodeProtectedHeader(secret)).toEqual({ alg: "ES256", kid: "KEY7654321" });
    const { payload } = await jwtVerify(secret, publicKey, { issuer: "TEAM123456", audience: "https://appleid.apple.com", subject: "com.example.web", currentDate: new Date(now) });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(180 * 24 * 3600);
  });

  it("signs in without a name on later consents (no user field), taking the address Apple vouches for", async () => {
    fake = await startFakeProvider();
    const current = fake;
    let nonce: string | null = null;
    current.on("POST /token", async () => ({ json: { access_token: "a", token_type: "Bearer", id_token: await current.signIdToken({ sub: "001.again", email: "back@example.com", email_verified: "true", nonce }) } }));
    run = await runProviderSignIn({ providerId: "apple", fake: current, callbackMethod: "POST", onNonce: (value) => (nonce = value) });
    expect(run.landed.pathname).toBe("/done");
    expect(run.user).toMatchObject({ email: "back@example.com", emailVerified: true, name: "back" });
  });
});

describe("GitLab, GitHub and Discord", () => {
  it("moves every GitLab endpoint to a self-hosted instance given by baseURL or the issuer", () => {
    expect(effectiveEndpoints(gitlab, settings({ baseURL: "https://git.example.org/" }))).toMatchObject({
      authorization: "https://git.example.org/oauth/authorize",
      token: "https://git.example.org/oauth/token",
      userInfo: "https://git.example.org/api/v4/user",
      issuer: "https://git.example.org",
    });
    // better-auth calls the same setting `issuer`: an issuer override moves the others too.
    expect(effectiveEndpoints(gitlab, settings({ endpoints: { issuer: "https://gitlab.corp.example" } }))).toMatchObject({ token: "https://gitlab.corp.example/oauth/token", issuer: "https://gitlab.corp.example" });
  });

  it("refuses a blocked GitLab user", async () => {
    fake = await startFakeProvider();
    fake.on("POST /token", () => ({ json: { access_token: "gl", token_type: "Bearer" } }));
    fake.on("GET /userinfo", () => ({ json: { id: 9, username: "blocked", email: "b@example.com", state: "blocked", locked: false } }));
    run = await runProviderSignIn({ providerId: "gitlab", fake });
    expect(run.landed.searchParams.get("error")).toBe("unable_to_get_user_info");
    expect(run.user).toBeNull();
  });

  it("takes GitHub's public address as unverified when /user/emails has no verified primary", async () => {
    fake = await startFakeProvider();
    fake.on("POST /token", () => ({ json: { access_token: "gho_x", token_type: "bearer", scope: "read:user" } }));
    fake.on("GET /userinfo", () => ({ json: { id: 42, login: "hubot", name: null, email: "hubot@example.com", avatar_url: null } }));
    fake.on("GET /user/emails", () => ({ status: 404, json: { message: "Not Found" } }));
    run = await runProviderSignIn({ providerId: "github", fake });
    expect(run.user).toMatchObject({ email: "hubot@example.com", emailVerified: false, name: "hubot" });
  });

  it("builds Discord's default avatar from the id (new usernames) or the discriminator (legacy)", () => {
    expect(discordAvatarURL({ id: "80351110224678912", avatar: null, discriminator: "0" })).toBe(`https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`);
    expect(discordAvatarURL({ id: "1", avatar: null, discriminator: "1337" })).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
    expect(discordAvatarURL({ id: "1", avatar: "a_1269e74af4df7417b13759eae50c83dc", discriminator: "0" })).toBe("https://cdn.discordapp.com/avatars/1/a_1269e74af4df7417b13759eae50c83dc.gif");
  });

  it("lets config replace a provider's default authorize parameters (Reddit's duration, Discord's prompt)", async () => {
    fake = await startFakeProvider();
    run = await runProviderSignIn({ providerId: "reddit", fake, settings: { authorizationParams: { duration: "temporary" } } });
    expect(run.authorizeURL.searchParams.get("duration")).toBe("temporary");
    await run.close();
    run = await runProviderSignIn({ providerId: "discord", fake, settings: { authorizationParams: { prompt: "consent" } } });
    expect(run.authorizeURL.searchParams.get("prompt")).toBe("consent");
  });
});
