/**
 * Issue 35, item 4's last sentence: SSO sign-ins carry through the desktop hand-off and the OpenID
 * provider's own /oauth2/authorize. Real parts: oidc-provider (OpenID IdP), SimpleSAMLphp (SAML
 * IdP) and openid-client as the relying party, the browser a cookie-keeping client.
 * - The desktop app's hand-off parameters on /sign-in/sso ride through the IdP's round trip: the
 *   callback (OIDC) or the ACS (SAML) ends with the app's code in the page's cookie, the app
 *   trades it once for its own session, recorded `sso:<providerId>`.
 * - An app's authorize request waits while the person signs in through SSO (OpenID or SAML); the
 *   callback lands back on it, the app gets a code whose ID token names that person, `amr`
 *   ["fed"] — ["fed", "mfa"] and acr mfa when the IdP asserted its own second factor.
 * - callbackURL and its siblings keep their open-redirect checks: a foreign address is refused.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT, relyingParty } from "../../helpers/oidc-relying-party.js";
import { responseThroughIdp, startSimpleSamlIdp, type SimpleSamlIdp } from "../../helpers/simplesamlphp.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { decodeHandOffCookie, desktopApp, sessionOfToken } from "../electron/support.js";
import { createOrganization, users } from "../organization/support.js";
import { startIdp, TestBrowser, type TestIdp } from "../social/support.js";
import { userWithTotp } from "../two-factor/support.js";

const OIDC = "carry-oidc";
const SAML = "carry-saml";
const SAML_ENTITY = "https://sp.latchkey.test/carry-saml";
let idp: TestIdp;
let saml: SimpleSamlIdp;
let server: TestServer;
let adminToken: string;
let organizationId: string;

beforeAll(async () => {
  idp = await startIdp();
  saml = await startSimpleSamlIdp();
  server = await startTestServer({ config: { sso: { enabled: true }, oauthProvider: { enabled: true }, trustedOrigins: [idp.issuer, saml.origin] } });
  idp.allow([`${server.api}/sso/callback/${OIDC}`]);
  const [owner] = await users(server, 1);
  organizationId = (await createOrganization(server, owner!)).id;
  const admin = await server.signUp();
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
  const providers = [
    { providerId: OIDC, issuer: idp.issuer, domain: "carry-oidc.test", oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret, tokenEndpointAuthentication: "client_secret_post" } },
    { providerId: SAML, issuer: SAML_ENTITY, domain: "carry-saml.test", samlConfig: { entryPoint: saml.ssoURL, cert: saml.certificate, idpMetadata: { entityID: saml.entityID } } },
  ];
  for (const body of providers) {
    const registered = await server.request("POST", "/sso/register", { token: owner!.token, body: { ...body, organizationId } });
    expect(registered.status, registered.text).toBe(200);
    expect((await server.request("POST", "/sso/mark-domain-verified", { token: adminToken, body: { providerId: body.providerId } })).status).toBe(200);
  }
  saml.addSp(SAML_ENTITY, { AssertionConsumerService: `${server.api}/sso/saml2/sp/acs/${SAML}` });
}, 90_000);
afterAll(async () => {
  await server?.close();
  await saml?.close();
  await idp?.close();
});

/** POST /sign-in/sso from the browser, with the query (hand-off parameters) the page adds. */
async function startSso(browser: TestBrowser, body: Record<string, unknown>, query: Record<string, string> = {}) {
  const search = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : "";
  const response = await browser.request(`${server.api}/sign-in/sso${search}`, { method: "POST", json: body });
  return { status: response.status, body: (await response.json()) as { url: string; code?: string } };
}

/** Through the OpenID IdP's login and consent until the browser leaves Latchkey's API for a page. */
async function throughOidc(browser: TestBrowser, url: string): Promise<string> {
  return (await browser.navigate(url, (u) => !u.startsWith(server.api) && !u.startsWith(idp.issuer))).url;
}

/** Through SimpleSAMLphp's login form, the POST to the ACS and Latchkey's redirects; where the browser lands. */
async function throughSaml(browser: TestBrowser, url: string, username: string): Promise<string> {
  const posted = await responseThroughIdp(browser, url, username, "idp-password");
  const fields = new URLSearchParams({ SAMLResponse: posted.samlResponse, ...(posted.relayState ? { RelayState: posted.relayState } : {}) });
  let response = await browser.request(posted.action, { method: "POST", body: fields.toString(), contentType: "application/x-www-form-urlencoded" });
  for (let step = 0; step < 3; step++) {
    expect(response.status, await response.clone().text()).toBe(302);
    const location = new URL(response.headers.get("location")!, server.api).toString();
    if (!location.startsWith(`${server.api}/sso/saml2/sp/acs/`)) return location;
    response = await browser.request(location);
  }
  throw new Error("redirect loop at the ACS");
}

const HAND_OFF_PAGE = "/console/sign-in?handoff=cookie";

describe("the desktop hand-off through SSO", () => {
  it("OpenID: the hand-off parameters on /sign-in/sso end in a code for the app, traded once for a session of sso:<providerId>", async () => {
    idp.users.set("carry-ola", { sub: "carry-ola", email: "ola@carry-oidc.test", email_verified: true, name: "Ola Carry" });
    const app = await desktopApp(server);
    const browser = new TestBrowser();
    browser.login = "carry-ola";
    const started = await startSso(browser, { email: "ola@carry-oidc.test", callbackURL: HAND_OFF_PAGE, errorCallbackURL: "/console/sign-in" }, app.query);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(new URL(started.body.url).origin).toBe(idp.issuer);
    expect(await throughOidc(browser, started.body.url)).toBe(`${server.url}${HAND_OFF_PAGE}`);
    const { identifier, state } = decodeHandOffCookie(browser.cookie(server.url, "latchkey.electron"));
    expect(state).toBe(app.state);
    const traded = await app.trade(identifier);
    expect(traded.error).toBeNull();
    expect(traded.data!.user.email).toBe("ola@carry-oidc.test");
    expect((await sessionOfToken(server, traded.data!.token))?.user.email).toBe("ola@carry-oidc.test");
    const row = await server.database.db.selectFrom("user").select("lastSignInMethod").where("email", "=", "ola@carry-oidc.test").executeTakeFirstOrThrow();
    expect(row.lastSignInMethod).toBe(`sso:${OIDC}`);
    // The code is single use.
    expect((await app.trade(identifier)).error?.status).toBe(404);
  });

  it("SAML: the hand-off rides the AuthnRequest's flow and the ACS ends with the app's code", async () => {
    saml.addPerson("carry-sid", { password: "idp-password", attributes: { email: ["sid@carry-saml.test"], displayName: ["Sid Carry"] } });
    const app = await desktopApp(server);
    const browser = new TestBrowser();
    const started = await startSso(browser, { email: "sid@carry-saml.test", callbackURL: HAND_OFF_PAGE, errorCallbackURL: "/console/sign-in" }, app.query);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.url.startsWith(saml.ssoURL)).toBe(true);
    expect(await throughSaml(browser, started.body.url, "carry-sid")).toBe(`${server.url}${HAND_OFF_PAGE}`);
    const { identifier, state } = decodeHandOffCookie(browser.cookie(server.url, "latchkey.electron"));
    expect(state).toBe(app.state);
    const traded = await app.trade(identifier);
    expect(traded.error).toBeNull();
    expect(traded.data!.user.email).toBe("sid@carry-saml.test");
  });

  it("a sign-in without the hand-off parameters issues no code, and a half hand-off is refused before the IdP", async () => {
    idp.users.set("carry-noa", { sub: "carry-noa", email: "noa@carry-oidc.test", email_verified: true, name: "Noa Carry" });
    const browser = new TestBrowser();
    browser.login = "carry-noa";
    const started = await startSso(browser, { email: "noa@carry-oidc.test", callbackURL: "/console/account" });
    expect(await throughOidc(browser, started.body.url)).toBe(`${server.url}/console/account`);
    expect(browser.cookie(server.url, "latchkey.electron")).toBeUndefined();

    const app = await desktopApp(server);
    const noChallenge = await startSso(new TestBrowser(), { email: "noa@carry-oidc.test", callbackURL: HAND_OFF_PAGE }, { client_id: "electron", state: app.state });
    expect(noChallenge.status).toBe(400);
    expect(noChallenge.body.code).toBe("MISSING_PKCE");
  });
});

/** An app (openid-client) asks Latchkey to sign someone in; the browser is not signed in yet. */
async function appRequest() {
  const rp = relyingParty(server, adminToken);
  const config = await rp.configFor(await rp.createApp({ skip_consent: true }));
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid profile email", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce });
  return { config, url, verifier, state, nonce };
}

/** Follows the request to the sign-in page and starts SSO there as the page does: the request is the callback. */
async function ssoFromSignInPage(browser: TestBrowser, authorize: URL, email: string): Promise<string> {
  const asked = await browser.request(authorize.toString());
  expect(asked.status).toBe(302);
  const signInPage = new URL(asked.headers.get("location")!);
  expect(signInPage.pathname).toBe("/console/sign-in");
  const back = signInPage.searchParams.get("return")!;
  expect(back.startsWith("/api/auth/oauth2/authorize?")).toBe(true);
  const started = await startSso(browser, { email, callbackURL: back, errorCallbackURL: `/console/sign-in?${new URLSearchParams({ return: back }).toString()}` });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.url;
}

describe("the OpenID provider's /oauth2/authorize through SSO", () => {
  it("OpenID IdP: the app's request waits while the person signs in at their IdP, then the app gets a code whose ID token names them", async () => {
    idp.users.set("carry-ada", { sub: "carry-ada", email: "ada@carry-oidc.test", email_verified: true, name: "Ada Carry" });
    const request = await appRequest();
    const browser = new TestBrowser();
    browser.login = "carry-ada";
    const landed = await throughOidc(browser, await ssoFromSignInPage(browser, request.url, "ada@carry-oidc.test"));
    expect(landed.startsWith(REDIRECT)).toBe(true);

    const tokens = await oidc.authorizationCodeGrant(request.config, new URL(landed), { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
    const claims = tokens.claims()!;
    expect(claims.email).toBe("ada@carry-oidc.test");
    expect(claims.amr).toEqual(["fed"]);
    expect(claims.acr).toBe("urn:latchkey:acr:single");
    const user = await server.database.db.selectFrom("user").select(["id", "lastSignInMethod"]).where("email", "=", "ada@carry-oidc.test").executeTakeFirstOrThrow();
    expect(user.lastSignInMethod).toBe(`sso:${OIDC}`);
    const info = await oidc.fetchUserInfo(request.config, tokens.access_token, claims.sub);
    expect(info.email).toBe("ada@carry-oidc.test");
  });

  it("SAML IdP: the ACS lands back on the waiting request, and the app's ID token names the person", async () => {
    saml.addPerson("carry-sue", { password: "idp-password", attributes: { email: ["sue@carry-saml.test"], displayName: ["Sue Carry"] } });
    const request = await appRequest();
    const browser = new TestBrowser();
    const back = await throughSaml(browser, await ssoFromSignInPage(browser, request.url, "sue@carry-saml.test"), "carry-sue");
    // The ACS sends the browser to the request, which answers the app's redirect with a code.
    expect(back.startsWith(`${server.api}/oauth2/authorize?`)).toBe(true);
    const landed = (await browser.navigate(back, (u) => u.startsWith(REDIRECT))).url;
    const tokens = await oidc.authorizationCodeGrant(request.config, new URL(landed), { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
    expect(tokens.claims()).toMatchObject({ email: "sue@carry-saml.test", name: "Sue Carry", amr: ["fed"] });
  });

  it("a two-factor person whose IdP asserted MFA passes straight through: amr fed and mfa, acr mfa", async () => {
    const person = await userWithTotp(server);
    await server.database.db.updateTable("user").set({ email: "mia@carry-oidc.test" }).where("id", "=", person.userId).execute();
    idp.users.set("carry-mia", { sub: "carry-mia", email: "mia@carry-oidc.test", email_verified: true, name: "Mia Carry", amr: ["pwd", "mfa"] });
    const request = await appRequest();
    const browser = new TestBrowser();
    browser.login = "carry-mia";
    const landed = await throughOidc(browser, await ssoFromSignInPage(browser, request.url, "mia@carry-oidc.test"));
    expect(landed.startsWith(REDIRECT)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(request.config, new URL(landed), { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
    expect(tokens.claims()).toMatchObject({ email: "mia@carry-oidc.test", amr: ["fed", "mfa"], acr: "urn:latchkey:acr:mfa" });
  });
});

describe("where /sign-in/sso may send the browser", () => {
  it("refuses a foreign callbackURL, errorCallbackURL or newUserCallbackURL with a typed error, before the IdP", async () => {
    const cases = [
      { body: { callbackURL: "https://evil.example/steal" }, code: "INVALID_CALLBACK_URL" },
      { body: { callbackURL: "//evil.example/steal" }, code: "INVALID_CALLBACK_URL" },
      { body: { callbackURL: "/console/account", errorCallbackURL: "https://evil.example/e" }, code: "INVALID_ERROR_CALLBACK_URL" },
      { body: { callbackURL: "/console/account", newUserCallbackURL: "https://evil.example/n" }, code: "INVALID_NEW_USER_CALLBACK_URL" },
    ];
    for (const each of cases) {
      const browser = new TestBrowser();
      const answer = await startSso(browser, { email: "ola@carry-oidc.test", ...each.body });
      expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 403, code: each.code });
      // Nothing was started: no state cookie for a flow.
      expect([...(browser.jars.get(new URL(server.url).host)?.keys() ?? [])].some((name) => name.includes("sso_state"))).toBe(false);
    }
    // A trusted origin (the server's own) is accepted.
    const own = await startSso(new TestBrowser(), { email: "ola@carry-oidc.test", callbackURL: `${server.url}/console/account` });
    expect(own.status).toBe(200);
  });
});
