/**
 * Issue 32, finding 7: where the provider deviated from the specifications the relying parties
 * follow — max_age (OIDC Core §3.1.2.1), prompt=login, RFC 6749 §5.2's grant-type errors, the
 * registered token_endpoint_auth_method, RFC 8252's loopback rule (native apps only) and RFC 8414
 * metadata for an issuer with a path. Driven by openid-client and oauth4webapi over real HTTP.
 */
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CookieFetch } from "../../helpers/cookie-fetch.js";
import { REDIRECT, relyingParty } from "../../helpers/oidc-relying-party.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

let server: TestServer;
let rp: ReturnType<typeof relyingParty>;
let person: { email: string; password: string; userId: string };

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const admin = await server.signUp({ email: "spec-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  rp = relyingParty(server, admin.token);
  person = await server.signUp({ email: "spec-person@example.com" });
});
afterAll(async () => {
  await server.close();
});

async function signInAgain(jar: CookieFetch) {
  const answer = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: person.email, password: person.password }) });
  expect(answer.status).toBe(200);
}

/** The sign-in page's `return` (a same-origin /oauth2/authorize path), when `location` is the sign-in page. */
function returnOf(location: string): string | null {
  const url = new URL(location);
  return url.pathname === "/console/sign-in" ? url.searchParams.get("return") : null;
}

describe.sequential("spec conformance", () => {
  it("max_age=0 sends the person to sign in once, then on to the app (no loop)", async () => {
    const app = await rp.createApp({ client_name: "Max age", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    server.clock.advance(5_000);
    const flow = await rp.authorize(config, jar, { max_age: "0" });
    const back = returnOf(flow.location);
    expect(back).not.toBeNull();
    server.clock.advance(3_000); // the person types their password
    await signInAgain(jar);
    server.clock.advance(1_000);
    const after = await jar.fetch(`${server.url}${back}`);
    const callback = after.headers.get("location") ?? "";
    expect(callback.startsWith(REDIRECT)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce, maxAge: 60 });
    expect(decodeJwt(tokens.id_token!).auth_time).toBeGreaterThanOrEqual(Math.floor((server.clock.now() - 2_000) / 1000));
  });

  it("prompt=login needs a sign-in newer than the request: a bare or forged signed_in flag is not one", async () => {
    const app = await rp.createApp({ client_name: "Prompt login", skip_consent: true });
    const config = await rp.configFor(app);
    const jar = await rp.browserOf(person.email);
    for (const forged of ["1", `${server.clock.now()}.${"A".repeat(43)}`, "0.x"]) {
      const flow = await rp.authorize(config, jar, { prompt: "login", signed_in: forged });
      expect([forged, returnOf(flow.location) !== null]).toEqual([forged, true]);
    }
    const flow = await rp.authorize(config, jar, { prompt: "login" });
    const back = returnOf(flow.location)!;
    // Coming back without signing in again: still the sign-in page.
    expect(returnOf((await jar.fetch(`${server.url}${back}`)).headers.get("location") ?? "")).not.toBeNull();
    server.clock.advance(1_000);
    await signInAgain(jar);
    expect((await jar.fetch(`${server.url}${back}`)).headers.get("location")!.startsWith(REDIRECT)).toBe(true);
    // The mark is good for ten minutes only.
    const later = await rp.authorize(config, jar, { prompt: "login" });
    const stale = returnOf(later.location)!;
    server.clock.advance(1_000);
    await signInAgain(jar);
    server.clock.advance(11 * 60_000);
    expect(returnOf((await jar.fetch(`${server.url}${stale}`)).headers.get("location") ?? "")).not.toBeNull();
  });

  it("a grant type the server does not do is unsupported_grant_type; one the client lacks is unauthorized_client", async () => {
    const app = await rp.createApp({ client_name: "Grants" });
    const config = await rp.configFor(app);
    await expect(oidc.genericGrantRequest(config, "password", { username: person.email, password: person.password })).rejects.toMatchObject({ error: "unsupported_grant_type" });
    // The device grant exists since issue 34, item 5: an app registered without it is unauthorized_client.
    await expect(oidc.genericGrantRequest(config, "urn:ietf:params:oauth:grant-type:device_code", { device_code: "x" })).rejects.toMatchObject({ error: "unauthorized_client" });
    await expect(oidc.clientCredentialsGrant(config)).rejects.toMatchObject({ error: "unauthorized_client" });
  });

  it("enforces the registered token_endpoint_auth_method", async () => {
    const basic = await rp.createApp({ client_name: "Basic", grant_types: ["client_credentials"], redirect_uris: undefined, scope: "api:read" });
    const post = await rp.createApp({ client_name: "Post", grant_types: ["client_credentials"], redirect_uris: undefined, scope: "api:read", token_endpoint_auth_method: "client_secret_post" });
    expect((await oidc.clientCredentialsGrant(await rp.configFor(basic, oidc.ClientSecretBasic(basic.client_secret)))).access_token).toBeTruthy();
    expect((await oidc.clientCredentialsGrant(await rp.configFor(post, oidc.ClientSecretPost(post.client_secret)))).access_token).toBeTruthy();
    // 401 invalid_client (openid-client reports the Basic challenge of a form-body attempt as such).
    await expect(oidc.clientCredentialsGrant(await rp.configFor(basic, oidc.ClientSecretPost(basic.client_secret)))).rejects.toMatchObject({ status: 401 });
    await expect(oidc.clientCredentialsGrant(await rp.configFor(post, oidc.ClientSecretBasic(post.client_secret)))).rejects.toMatchObject({ status: 401 });
    // Introspection and revocation authenticate the same way.
    const token = (await oidc.clientCredentialsGrant(await rp.configFor(post, oidc.ClientSecretPost(post.client_secret)))).access_token;
    await expect(oidc.tokenIntrospection(await rp.configFor(post, oidc.ClientSecretBasic(post.client_secret)), token)).rejects.toMatchObject({ status: 401 });
    expect((await oidc.tokenIntrospection(await rp.configFor(post, oidc.ClientSecretPost(post.client_secret)), token)).active).toBe(true);
  });

  it("the loopback any-port rule is for native apps, not confidential web apps", async () => {
    const registered = "http://127.0.0.1:4000/callback";
    const otherPort = "http://127.0.0.1:5123/callback";
    const web = await rp.createApp({ client_name: "Web", redirect_uris: [registered], skip_consent: true });
    const native = await rp.createApp({ client_name: "Native", redirect_uris: [registered], token_endpoint_auth_method: "none", skip_consent: true });
    const nativeConfidential = await rp.createApp({ client_name: "Native confidential", redirect_uris: [registered], application_type: "native", skip_consent: true });
    const jar = await rp.browserOf(person.email);
    const ask = async (clientId: string) => jar.fetch(`${server.api}/oauth2/authorize?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(otherPort)}&scope=openid&code_challenge=${"a".repeat(43)}&code_challenge_method=S256`);
    const refused = await ask(web.client_id);
    expect([refused.status, refused.headers.get("location")]).toEqual([400, null]);
    for (const app of [native, nativeConfidential]) {
      const allowed = await ask(app.client_id);
      expect(allowed.headers.get("location")!.startsWith(`${otherPort}?code=`)).toBe(true);
    }
  });

  it("serves RFC 8414 metadata for the issuer's path at /.well-known/oauth-authorization-server/api/auth (oauth4webapi)", async () => {
    const issuer = new URL(server.api);
    const response = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", [oauth.allowInsecureRequests]: true });
    expect(new URL(response.url).pathname).toBe("/.well-known/oauth-authorization-server/api/auth");
    const as = await oauth.processDiscoveryResponse(issuer, response);
    expect(as.token_endpoint).toBe(`${server.api}/oauth2/token`);
    const oidcStyle = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oidc", [oauth.allowInsecureRequests]: true }));
    expect(oidcStyle.issuer).toBe(server.api);
  });
});
