/**
 * The OpenID provider driven by openid-client (a certified relying-party library): code + PKCE
 * for a confidential and a public client, the ID token verified against /jwks, userinfo, refresh
 * rotation and reuse, prompt=none, wrong redirect URI, code replay, PKCE mismatch, bans,
 * introspection, revocation, end-session and the consent API. The browser is a cookie jar that
 * signs in over the API and follows /oauth2/authorize by hand.
 */
import * as oidc from "openid-client";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch, type CookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const REDIRECT = "https://app.example.test/callback";
const LOGOUT_TO = "https://app.example.test/signed-out";

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "oidc-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
});
afterAll(async () => {
  await server.close();
});

async function createApp(body: Record<string, unknown>) {
  const answer = await server.request("POST", "/admin/oauth2/create-client", { token: adminToken, body });
  expect(answer.status).toBe(200);
  return answer.body as { client_id: string; client_secret?: string };
}

/** A person's browser: signed in by email and password, cookies kept. */
async function browserOf(email: string, password = "correct horse battery"): Promise<CookieFetch> {
  const jar = createCookieFetch(server.url);
  const signIn = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  expect(signIn.status).toBe(200);
  return jar;
}

async function configFor(clientId: string, secret?: string) {
  return oidc.discovery(new URL(server.api), clientId, secret, secret ? oidc.ClientSecretBasic(secret) : oidc.None(), { execute: [oidc.allowInsecureRequests] });
}

/** Starts the flow as the app would and follows the provider's redirects in the browser until the app's callback. */
async function authorize(config: oidc.Configuration, jar: CookieFetch, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid profile email offline_access", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce, ...extra });
  const answer = await jar.fetch(url.toString());
  return { answer, location: answer.headers.get("location") ?? "", verifier, state, nonce };
}

describe.sequential("OpenID provider with openid-client", () => {
  let confidential: { client_id: string; client_secret?: string };
  let publicApp: { client_id: string };
  let person: { userId: string; email: string };

  beforeAll(async () => {
    confidential = await createApp({ client_name: "Grafana", redirect_uris: [REDIRECT], post_logout_redirect_uris: [LOGOUT_TO], skip_consent: true });
    publicApp = await createApp({ client_name: "Desktop tool", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" });
    const signUp = await server.signUp({ email: "oidc-person@example.com", name: "Ada Person" });
    person = { userId: signUp.userId, email: signUp.email };
  });

  it("serves discovery at the issuer and at the server root", async () => {
    const atIssuer = await server.request("GET", "/.well-known/openid-configuration");
    expect(atIssuer.body).toMatchObject({ issuer: server.api, jwks_uri: `${server.api}/jwks`, code_challenge_methods_supported: ["S256"] });
    const root = await fetch(`${server.url}/.well-known/openid-configuration`);
    expect(((await root.json()) as { issuer: string }).issuer).toBe(server.api);
    const as = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(((await as.json()) as { token_endpoint: string }).token_endpoint).toBe(`${server.api}/oauth2/token`);
  });

  it("shows the confidential client's secret once and stores only a digest", async () => {
    expect(confidential.client_secret).toMatch(/^[A-Za-z0-9]{48}$/);
    const row = await server.database.db.selectFrom("oauthClient").selectAll().where("clientId", "=", confidential.client_id).executeTakeFirstOrThrow();
    expect(row.secretHash).not.toContain(confidential.client_secret);
    const listed = await server.request("GET", "/admin/oauth2/list-clients", { token: adminToken });
    expect(JSON.stringify(listed.body)).not.toContain(confidential.client_secret);
  });

  it("code + PKCE for a confidential client: ID token verified against /jwks, userinfo, refresh rotation, reuse revokes the family", async () => {
    const config = await configFor(confidential.client_id, confidential.client_secret);
    const jar = await browserOf(person.email);
    const flow = await authorize(config, jar);
    expect(flow.location.startsWith(REDIRECT)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(`${server.api}/jwks`)), { issuer: server.api, audience: confidential.client_id });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({ sub: person.userId, email: person.email, email_verified: false, name: "Ada Person", nonce: flow.nonce, amr: ["pwd"] });
    expect(typeof payload.sid).toBe("string");
    expect(typeof payload.auth_time).toBe("number");

    const info = await oidc.fetchUserInfo(config, tokens.access_token, person.userId);
    expect(info).toMatchObject({ sub: person.userId, email: person.email, name: "Ada Person" });

    const first = tokens.refresh_token!;
    const rotated = await oidc.refreshTokenGrant(config, first);
    expect(rotated.refresh_token).toBeDefined();
    expect(rotated.refresh_token).not.toBe(first);
    // The spent token again: refused, and the family (the new token too) is revoked.
    await expect(oidc.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(oidc.refreshTokenGrant(config, rotated.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("code + PKCE for a public client, through the consent API (deny, then allow, then remembered)", async () => {
    const config = await configFor(publicApp.client_id);
    const jar = await browserOf(person.email);
    const denied = await authorize(config, jar);
    const consentPage = new URL(denied.location);
    expect(consentPage.pathname).toBe("/console/oauth2/consent");
    const request = consentPage.searchParams.get("request")!;
    const details = await jar.fetch(`${server.api}/oauth2/consent-details?request=${request}`);
    expect(await details.json()).toMatchObject({ client: { client_id: publicApp.client_id, client_name: "Desktop tool" }, scopes: ["openid", "profile", "email", "offline_access"], account: { email: person.email } });
    const deny = await jar.fetch(`${server.api}/oauth2/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accept: false, request }) });
    const deniedAt = new URL(((await deny.json()) as { redirect_uri: string }).redirect_uri);
    expect(deniedAt.searchParams.get("error")).toBe("access_denied");
    expect(deniedAt.searchParams.get("state")).toBe(denied.state);

    const flow = await authorize(config, jar);
    const allowRequest = new URL(flow.location).searchParams.get("request")!;
    const allow = await jar.fetch(`${server.api}/oauth2/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ accept: true, request: allowRequest }) });
    const callback = ((await allow.json()) as { redirect_uri: string }).redirect_uri;
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    expect(tokens.claims()!.sub).toBe(person.userId);

    // Remembered: the next request goes straight back with a code.
    const again = await authorize(config, jar);
    expect(again.location.startsWith(REDIRECT)).toBe(true);
    const grants = await jar.fetch(`${server.api}/oauth2/get-consents`);
    expect(await grants.json()).toEqual([expect.objectContaining({ clientId: publicApp.client_id, clientName: "Desktop tool", scopes: ["openid", "profile", "email", "offline_access"] })]);
  });

  it("refuses a public client without PKCE, by redirect with error", async () => {
    const jar = await browserOf(person.email);
    const url = `${server.api}/oauth2/authorize?response_type=code&client_id=${publicApp.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=openid&state=s1`;
    const answer = await jar.fetch(url);
    const location = new URL(answer.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("s1");
  });

  it("prompt=none without a session → login_required; without a session → the sign-in page with a return", async () => {
    const config = await configFor(confidential.client_id, confidential.client_secret);
    const jar = createCookieFetch(server.url);
    const none = await authorize(config, jar, { prompt: "none" });
    expect(new URL(none.location).searchParams.get("error")).toBe("login_required");
    const signIn = await authorize(config, jar, { login_hint: person.email });
    const page = new URL(signIn.location);
    expect(page.pathname).toBe("/console/sign-in");
    expect(page.searchParams.get("email")).toBe(person.email);
    expect(page.searchParams.get("return")).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
  });

  it("refuses a wrong redirect URI with an error page, never a redirect", async () => {
    const jar = await browserOf(person.email);
    const answer = await jar.fetch(`${server.api}/oauth2/authorize?response_type=code&client_id=${confidential.client_id}&redirect_uri=${encodeURIComponent("https://evil.example.test/cb")}&scope=openid`);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(await answer.text()).toContain("not registered");
  });

  it("refuses a code used twice, and a PKCE mismatch", async () => {
    const config = await configFor(confidential.client_id, confidential.client_secret);
    const jar = await browserOf(person.email);
    const flow = await authorize(config, jar);
    await oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    await expect(oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce })).rejects.toMatchObject({ error: "invalid_grant" });

    const other = await authorize(config, jar);
    await expect(oidc.authorizationCodeGrant(config, new URL(other.location), { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: other.state, expectedNonce: other.nonce })).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("introspection and revocation", async () => {
    const config = await configFor(confidential.client_id, confidential.client_secret);
    const jar = await browserOf(person.email);
    const flow = await authorize(config, jar);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const active = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(active).toMatchObject({ active: true, sub: person.userId, client_id: confidential.client_id });
    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("a banned person's refresh is refused and their tokens are inactive", async () => {
    const banned = await server.signUp({ email: "oidc-banned@example.com" });
    const config = await configFor(confidential.client_id, confidential.client_secret);
    const jar = await browserOf(banned.email);
    const flow = await authorize(config, jar);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const ban = await server.request("POST", "/admin/ban-user", { token: adminToken, body: { userId: banned.userId } });
    expect(ban.status).toBe(200);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    const userInfo = await fetch(`${server.api}/oauth2/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect([userInfo.status, ((await userInfo.json()) as { error: string }).error]).toEqual([401, "invalid_token"]);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("end-session ends the sign-in's session and its tokens, and returns to the registered address with state", async () => {
    const config = await configFor(confidential.client_id, confidential.client_secret);
    const jar = await browserOf(person.email);
    const flow = await authorize(config, jar);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(flow.location), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const bad = await jar.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: "https://evil.example.test/" }).toString());
    expect(bad.status).toBe(400);
    const end = await jar.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: LOGOUT_TO, state: "bye" }).toString());
    expect(end.headers.get("location")).toBe(`${LOGOUT_TO}?state=bye`);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    const session = await jar.fetch(`${server.api}/get-session`);
    expect(await session.json()).toBeNull();
  });

  it("client_credentials for a machine client", async () => {
    const machine = await createApp({ client_name: "Backup job", grant_types: ["client_credentials"], scope: "backup:read" });
    const config = await configFor(machine.client_id, machine.client_secret);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "backup:read" });
    expect(tokens.scope).toBe("backup:read");
    expect((await oidc.tokenIntrospection(await configFor(machine.client_id, machine.client_secret), tokens.access_token)).active).toBe(true);
  });

  it("rotates a secret: the old one stops working at once", async () => {
    const app = await createApp({ client_name: "Rotating", redirect_uris: [REDIRECT] });
    const rotated = await server.request("POST", "/admin/oauth2/rotate-secret", { token: adminToken, body: { client_id: app.client_id } });
    expect(rotated.body.client_secret).not.toBe(app.client_secret);
    const basic = (secret: string) => `Basic ${Buffer.from(`${app.client_id}:${secret}`).toString("base64")}`;
    const introspect = (secret: string) => server.request("POST", "/oauth2/introspect", { rawBody: new URLSearchParams({ token: "x" }).toString(), headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(secret) } });
    expect((await introspect(rotated.body.client_secret as string)).status).toBe(200);
    const old = await introspect(app.client_secret!);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe("invalid_client");
  });
});
