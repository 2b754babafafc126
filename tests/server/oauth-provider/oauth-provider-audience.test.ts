/**
 * Issue 32, finding 1: anonymous dynamic registration must not mint API scopes, and access tokens
 * name the API they are for (`aud`, RFC 8707 `resource`), never the calling client — otherwise an
 * API that trusts Latchkey's tokens by signature and scope is open to anyone who registers.
 * Driven by openid-client (registration, client credentials, code flow) over real HTTP.
 */
import * as oidc from "openid-client";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT, relyingParty } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const BILLING = "https://billing.example.test/";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true, allowDynamicClientRegistration: true, resources: [BILLING] }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "aud-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

const register = (body: Record<string, unknown>) => server.request("POST", "/oauth2/register", { body });

describe("self-registered apps and access-token audiences", () => {
  it("refuses an anonymous registration asking for client_credentials or for scopes not offered", async () => {
    for (const body of [
      { client_name: "Billing thief", grant_types: ["client_credentials"], scope: "billing:admin payments:write" },
      { client_name: "Billing thief", grant_types: ["client_credentials"] },
      { client_name: "Scope thief", redirect_uris: [REDIRECT], scope: "openid billing:admin" },
      { client_name: "Scope thief", redirect_uris: [REDIRECT], scope: "roles" },
    ]) {
      const answer = await register(body);
      expect([JSON.stringify(body), answer.status, answer.body.error]).toEqual([JSON.stringify(body), 400, "invalid_client_metadata"]);
    }
    expect(await server.database.db.selectFrom("oauthClient").select("clientId").execute()).toEqual([]);
  });

  it("refuses the device grant to a self-registered app unless an administrator registers it (#34)", async () => {
    const device = { client_name: "Living-room TV", grant_types: ["urn:ietf:params:oauth:grant-type:device_code"], token_endpoint_auth_method: "none" };
    const anonymous = await register(device);
    expect([anonymous.status, anonymous.body.error]).toEqual([400, "invalid_client_metadata"]);
    const someone = await server.signUp({ email: "aud-someone@example.com" });
    const byUser = await server.request("POST", "/oauth2/register", { token: someone.token, body: device });
    expect([byUser.status, byUser.body.error]).toEqual([400, "invalid_client_metadata"]);
    expect(await server.database.db.selectFrom("oauthClient").select("clientId").execute()).toEqual([]);
    const admin = await server.signUp({ email: "aud-device-admin@example.com" });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const byAdmin = await server.request("POST", "/oauth2/register", { token: admin.token, body: device });
    expect(byAdmin.status).toBe(201);
    const started = await server.request("POST", "/oauth2/device-authorization", { body: { client_id: (byAdmin.body as { client_id: string }).client_id } });
    expect([started.status, typeof (started.body as { device_code?: string }).device_code]).toEqual([200, "string"]);
    await server.database.db.deleteFrom("oauthClient").execute();
  });

  it("gives a self-registered app (openid-client's registration) the offered scopes only", async () => {
    const config = await oidc.dynamicClientRegistration(new URL(server.api), { client_name: "Outline", redirect_uris: [REDIRECT] }, oidc.ClientSecretBasic(), { execute: [oidc.allowInsecureRequests] });
    expect(config.clientMetadata().scope).toBe("openid profile email offline_access");
    // It cannot ask for a machine token: it has no such grant.
    await expect(oidc.clientCredentialsGrant(config, { scope: "billing:admin" })).rejects.toMatchObject({ error: "unauthorized_client" });
  });

  it("names the resource asked for in aud, the issuer otherwise, and refuses an unlisted resource", async () => {
    const machine = await rp.createApp({ client_name: "Billing job", redirect_uris: undefined, grant_types: ["client_credentials"], scope: "billing:read" });
    const config = await rp.configFor(machine);
    const keys = createRemoteJWKSet(new URL(`${server.api}/jwks`));
    const forBilling = await oidc.clientCredentialsGrant(config, { scope: "billing:read", resource: BILLING });
    const { payload, protectedHeader } = await jwtVerify(forBilling.access_token, keys, { issuer: server.api, audience: BILLING, typ: "at+jwt" });
    expect(protectedHeader.typ).toBe("at+jwt");
    expect(payload).toMatchObject({ client_id: machine.client_id, scope: "billing:read" });

    const plain = await oidc.clientCredentialsGrant(config, { scope: "billing:read" });
    expect(decodeJwt(plain.access_token).aud).toBe(server.api);
    await expect(oidc.clientCredentialsGrant(config, { scope: "billing:read", resource: "https://other.example.test/" })).rejects.toMatchObject({ error: "invalid_target" });
  });

  it("a person's access token is not addressed to the app, and a resource named at authorization binds the code", async () => {
    const person = await server.signUp({ email: "aud-person@example.com" });
    const app = await rp.createApp({ client_name: "Dashboard", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    const { tokens } = await rp.signInToApp(config, jar);
    expect(decodeJwt(tokens.access_token).aud).toBe(server.api);
    expect(decodeJwt(tokens.id_token!).aud).toBe(app.client_id);

    const bound = await rp.authorize(config, jar, { resource: BILLING });
    const redeemed = await oidc.authorizationCodeGrant(config, new URL(bound.location), { pkceCodeVerifier: bound.verifier, expectedState: bound.state, expectedNonce: bound.nonce });
    expect(decodeJwt(redeemed.access_token).aud).toBe(BILLING);

    const other = await rp.authorize(config, jar, { resource: BILLING });
    await expect(oidc.authorizationCodeGrant(config, new URL(other.location), { pkceCodeVerifier: other.verifier, expectedState: other.state, expectedNonce: other.nonce }, { resource: server.api })).rejects.toMatchObject({ error: "invalid_target" });

    const unlisted = await rp.authorize(config, jar, { resource: "https://other.example.test/" });
    expect(new URL(unlisted.location).searchParams.get("error")).toBe("invalid_target");
  });
});
