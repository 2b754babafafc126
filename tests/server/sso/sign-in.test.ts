/**
 * Issue 35, OpenID sign-in through an organization's identity provider — a real oidc-provider on
 * loopback, driven like a browser: routing by verified email domain, PKCE S256 and nonce on the
 * authorize request, the state bound to the browser and used once, the person created on first
 * sign-in and made a member of the provider's organization, an existing account linked only under
 * a verified domain, and the method recorded as `sso:<providerId>`.
 */
import { createAuthClient } from "better-auth/client";
import { ssoClient } from "@better-auth/sso/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { startIdp, TestBrowser, type TestIdp } from "../social/support.js";
import { auditActions, createOrganization, users } from "../organization/support.js";

const PROVIDER = "acme-sso";
const UNVERIFIED = "beta-sso";
const ROLES = "roles-sso";
let idp: TestIdp;
let server: TestServer;
let organizationId: string;
let ownerToken: string;
let bossToken: string;

beforeAll(async () => {
  idp = await startIdp();
  server = await startTestServer({ config: { sso: { enabled: true }, trustedOrigins: [idp.issuer] } });
  idp.allow([`${server.api}/sso/callback/${PROVIDER}`, `${server.api}/sso/callback/${UNVERIFIED}`, `${server.api}/sso/callback/${ROLES}`]);
  const [owner] = await users(server, 1);
  const org = await createOrganization(server, owner!);
  organizationId = org.id;
  for (const [providerId, domain] of [[PROVIDER, "acme.test"], [UNVERIFIED, "beta.test"]] as const) {
    const registered = await server.request("POST", "/sso/register", { token: owner!.token, body: { providerId, issuer: idp.issuer, domain, organizationId, oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret, tokenEndpointAuthentication: "client_secret_post" } } });
    expect(registered.status, registered.text).toBe(200);
  }
  ownerToken = owner!.token;
  const boss = await server.signUp();
  bossToken = boss.token;
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", boss.userId).execute();
  expect((await server.request("POST", "/sso/mark-domain-verified", { token: boss.token, body: { providerId: PROVIDER } })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

let counter = 0;
function idpPerson(domain = "acme.test") {
  counter += 1;
  const sub = `sso-person-${counter}`;
  const email = `person${counter}@${domain}`;
  idp.users.set(sub, { sub, email, email_verified: false, name: `Person ${counter}` });
  return { sub, email };
}

async function start(browser: TestBrowser, body: Record<string, unknown>) {
  const response = await browser.request(`${server.api}/sign-in/sso`, { method: "POST", json: { callbackURL: "/console/account", errorCallbackURL: "/console/sign-in", ...body } });
  return { status: response.status, body: (await response.json()) as any };
}

/** Through the IdP's login and consent until the browser leaves the API for a page; that page's URL. */
async function finish(browser: TestBrowser, url: string): Promise<string> {
  const end = await browser.navigate(url, (u) => !u.startsWith(server.api) && !u.startsWith(idp.issuer));
  return end.url;
}

async function session(browser: TestBrowser) {
  const response = await browser.request(`${server.api}/get-session`);
  return (await response.json()) as { user: { id: string; email: string; emailVerified: boolean; name: string; lastLoginMethod?: string } } | null;
}

describe("OpenID sign-in by email domain", () => {
  it("a first sign-in creates the person, makes them a member of the provider's organization and records sso:<providerId>", async () => {
    const person = idpPerson();
    const browser = new TestBrowser();
    browser.login = person.sub;
    const started = await start(browser, { email: person.email });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.redirect).toBe(true);
    const authorize = new URL(started.body.url);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${server.api}/sso/callback/${PROVIDER}`);
    expect(authorize.searchParams.get("login_hint")).toBe(person.email);
    const landed = await finish(browser, started.body.url);
    expect(landed).toBe(`${server.url}/console/account`);
    const signedIn = await session(browser);
    expect(signedIn?.user.email).toBe(person.email);
    // The verified domain vouches for the address even though the IdP's claim says false.
    expect(signedIn?.user.emailVerified).toBe(true);
    const row = await server.database.db.selectFrom("user").select(["lastSignInMethod"]).where("id", "=", signedIn!.user.id).executeTakeFirstOrThrow();
    expect(row.lastSignInMethod).toBe(`sso:${PROVIDER}`);
    const member = await server.database.db.selectFrom("member").select("role").where("organizationId", "=", organizationId).where("userId", "=", signedIn!.user.id).executeTakeFirstOrThrow();
    expect(member.role).toBe("member");
    const account = await server.database.db.selectFrom("account").select(["accountId"]).where("providerId", "=", PROVIDER).where("userId", "=", signedIn!.user.id).executeTakeFirstOrThrow();
    expect(account.accountId).toBe(person.sub);
    expect(await auditActions(server, organizationId)).toContain("organization.member-add");

    // A second sign-in finds the same person through the SSO account.
    const again = new TestBrowser();
    again.login = person.sub;
    await finish(again, (await start(again, { providerId: PROVIDER })).body.url);
    expect((await session(again))?.user.id).toBe(signedIn!.user.id);
  });

  it("better-auth's ssoClient starts the same sign-in: {url, redirect: true}", async () => {
    const person = idpPerson();
    const jar = createCookieFetch(server.url);
    const client = createAuthClient({ baseURL: server.url, plugins: [ssoClient()], fetchOptions: { customFetchImpl: jar.fetch } });
    const answer = await client.signIn.sso({ email: person.email, callbackURL: "/console/account", fetchOptions: { disableSignal: true } } as never);
    expect(answer.error).toBeNull();
    expect((answer.data as { redirect: boolean }).redirect).toBe(true);
    expect(new URL((answer.data as { url: string }).url).searchParams.get("client_id")).toBe(idp.clientId);
  });

  it("an unverified domain routes nowhere, and naming its provider is refused until the domain is verified", async () => {
    const byEmail = await start(new TestBrowser(), { email: "someone@beta.test" });
    expect(byEmail.status).toBe(404);
    expect(byEmail.body.code).toBe("PROVIDER_NOT_FOUND");
    const byId = await start(new TestBrowser(), { providerId: UNVERIFIED });
    expect(byId.status).toBe(401);
    expect(byId.body.code).toBe("SSO_DOMAIN_NOT_VERIFIED");
  });

  it("an existing account under the verified domain is linked; one at another domain is not taken over", async () => {
    const insider = idpPerson();
    const existing = await server.signUp({ email: insider.email });
    const browser = new TestBrowser();
    browser.login = insider.sub;
    await finish(browser, (await start(browser, { email: insider.email })).body.url);
    expect((await session(browser))?.user.id).toBe(existing.userId);

    // The IdP asserts an address outside its verified domain that belongs to someone here.
    const outsider = idpPerson("elsewhere.test");
    await server.signUp({ email: outsider.email });
    const other = new TestBrowser();
    other.login = outsider.sub;
    const landed = await finish(other, (await start(other, { providerId: PROVIDER })).body.url);
    expect(new URL(landed).searchParams.get("error")).toBe("account_not_linked");
    expect(await session(other)).toBeNull();
  });
});

describe("claim role mapping", () => {
  it("a first sign-in's member role comes from the mapped claim; an unmapped value or one mapped to owner gives the default", async () => {
    const mapping = { email: "email", name: "name", role: "groups", roleMap: { "idp-admins": "admin", "idp-owners": "owner" } };
    const registered = await server.request("POST", "/sso/register", { token: ownerToken, body: { providerId: ROLES, issuer: idp.issuer, domain: "roles.test", organizationId, oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret, tokenEndpointAuthentication: "client_secret_post", mapping } } });
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body.oidcConfig.mapping).toMatchObject({ role: "groups", roleMap: { "idp-admins": "admin" } });
    expect((await server.request("POST", "/sso/mark-domain-verified", { token: bossToken, body: { providerId: ROLES } })).status).toBe(200);
    const roleOf = async (groups: string[]) => {
      const person = idpPerson("roles.test");
      idp.users.set(person.sub, { ...idp.users.get(person.sub)!, groups });
      const browser = new TestBrowser();
      browser.login = person.sub;
      expect(await finish(browser, (await start(browser, { email: person.email })).body.url)).toBe(`${server.url}/console/account`);
      const signedIn = await session(browser);
      const member = await server.database.db.selectFrom("member").select("role").where("organizationId", "=", organizationId).where("userId", "=", signedIn!.user.id).executeTakeFirstOrThrow();
      return member.role;
    };
    expect(await roleOf(["staff", "idp-admins"])).toBe("admin");
    expect(await roleOf(["staff"])).toBe("member");
    // Ownership is given by people, never by an identity provider's claim.
    expect(await roleOf(["idp-owners"])).toBe("member");
  });
});

describe("the callback", () => {
  it("refuses a callback finished in another browser (no state cookie) and a replayed callback URL", async () => {
    const person = idpPerson();
    const browser = new TestBrowser();
    browser.login = person.sub;
    const started = await start(browser, { email: person.email });
    const callback = (await browser.navigate(started.body.url, (u) => u.startsWith(`${server.api}/sso/callback/`))).url;

    const stranger = new TestBrowser();
    const foreign = await stranger.request(callback);
    expect(new URL(foreign.headers.get("location")!, server.url).searchParams.get("error")).toBe("invalid_state");
    expect(await session(stranger)).toBeNull();

    // The state was used by that attempt: the rightful browser cannot use it again either.
    const replay = await browser.request(callback);
    expect(new URL(replay.headers.get("location")!, server.url).searchParams.get("error")).toBe("invalid_state");
    expect(await session(browser)).toBeNull();
  });

  it("an error from the identity provider goes back to errorCallbackURL", async () => {
    const browser = new TestBrowser();
    const started = await start(browser, { providerId: PROVIDER });
    const state = new URL(started.body.url).searchParams.get("state")!;
    const answer = await browser.request(`${server.api}/sso/callback/${PROVIDER}?state=${state}&error=access_denied`);
    const location = new URL(answer.headers.get("location")!, server.url);
    expect(location.pathname).toBe("/console/sign-in");
    expect(location.searchParams.get("error")).toBe("access_denied");
  });
});
