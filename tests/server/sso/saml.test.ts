/**
 * Issue 35, SAML sign-in through an organization's identity provider — Debian's SimpleSAMLphp 1.19
 * on loopback (tests/helpers/simplesamlphp.ts), independent of the Node SAML library we use, driven
 * like a browser through its login form. Strict by default: signed assertions, Audience,
 * Recipient, Destination, InResponseTo, validity window, one use per assertion, no IdP-initiated
 * sign-in unless the provider allows it, the flow bound to the browser that started it.
 */
import { createAuthClient } from "better-auth/client";
import { ssoClient } from "@better-auth/sso/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { acsURL, addSpAtIdp, markDomainVerified, registerSamlProvider, samlPersonFactory, spEntityID, startSamlWorld, type SamlWorld } from "../../helpers/saml-world.js";
import { responseThroughIdp, type PostedResponse as Posted, type SimpleSamlIdp, type SpEntry } from "../../helpers/simplesamlphp.js";
import type { TestServer } from "../../helpers/test-server.js";
import { TestBrowser } from "../social/support.js";
import { browserTab, secretOf, totpAt, totpOf } from "../two-factor/support.js";

let world: SamlWorld;
let idp: SimpleSamlIdp;
let server: TestServer;
let organizationId: string;

const acs = (providerId: string) => acsURL(server, providerId);

/** Registers a SAML provider for `domain` (verified by an administrator) and its SP at the IdP. */
async function provider(providerId: string, options: { domain?: string; samlConfig?: Record<string, unknown>; sp?: Partial<SpEntry>; verify?: boolean } = {}) {
  const registered = await registerSamlProvider(world, providerId, options);
  expect(registered.status, registered.text).toBe(200);
  if (options.verify !== false) expect(await markDomainVerified(world, providerId)).toBe(200);
  addSpAtIdp(world, providerId, options.sp);
}

const person = samlPersonFactory(() => idp, "saml-person");

beforeAll(async () => {
  world = await startSamlWorld();
  ({ idp, server, organizationId } = world);
  await provider("acme-saml", { domain: "acme.test" });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** Follows the IdP's redirects and login form (as `username`) to the auto-submitting form it answers with. */
const throughIdp = (browser: TestBrowser, url: string, username: string): Promise<Posted> => responseThroughIdp(browser, url, username, "idp-password");

async function start(browser: TestBrowser, body: Record<string, unknown>) {
  const response = await browser.request(`${server.api}/sign-in/sso`, { method: "POST", json: { callbackURL: "/console/account", errorCallbackURL: "/console/sign-in", ...body } });
  return { status: response.status, body: (await response.json()) as any };
}

/** Posts the response to the ACS as the IdP's page does, then follows our redirects; the final Location. */
async function post(browser: TestBrowser, posted: Posted, overrides: { samlResponse?: string; relayState?: string | null } = {}): Promise<URL> {
  const fields = new URLSearchParams({ SAMLResponse: overrides.samlResponse ?? posted.samlResponse });
  const relayState = overrides.relayState === null ? undefined : (overrides.relayState ?? posted.relayState);
  if (relayState) fields.set("RelayState", relayState);
  let response = await browser.request(posted.action, { method: "POST", body: fields.toString(), contentType: "application/x-www-form-urlencoded" });
  for (let step = 0; step < 3; step++) {
    expect(response.status, await response.clone().text()).toBe(302);
    const location = new URL(response.headers.get("location")!, server.api);
    if (!location.toString().startsWith(`${server.api}/sso/saml2/sp/acs/`)) return location;
    response = await browser.request(location.toString());
  }
  throw new Error("redirect loop");
}

async function session(browser: TestBrowser) {
  const response = await browser.request(`${server.api}/get-session`);
  return (await response.json()) as { user: { id: string; email: string; name: string; emailVerified: boolean; lastLoginMethod?: string } } | null;
}

async function signIn(providerId: string, who: { username: string; email: string }, browser = new TestBrowser()) {
  const started = await start(browser, { providerId });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const posted = await throughIdp(browser, started.body.url, who.username);
  return { browser, posted, started };
}

const decode = (value: string) => Buffer.from(value, "base64").toString("utf8");
const encode = (xml: string) => Buffer.from(xml, "utf8").toString("base64");

describe("SAML sign-in against SimpleSAMLphp", () => {
  it("a first sign-in by email domain: AuthnRequest to the IdP, the person created, made a member, method sso:<providerId>", async () => {
    const who = person("acme.test");
    const browser = new TestBrowser();
    const started = await start(browser, { email: who.email });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.redirect).toBe(true);
    const url = new URL(started.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(idp.ssoURL);
    expect(url.searchParams.get("SAMLRequest")).toBeTruthy();
    expect(url.searchParams.get("RelayState")).toMatch(/^[A-Za-z0-9]{32}$/);
    const posted = await throughIdp(browser, started.body.url, who.username);
    expect(posted.action).toBe(acs("acme-saml"));
    expect(posted.relayState).toBe(url.searchParams.get("RelayState"));
    const landed = await post(browser, posted);
    expect(landed.pathname).toBe("/console/account");
    const current = await session(browser);
    expect(current?.user).toMatchObject({ email: who.email, name: "Person " + who.username.split("-").pop(), emailVerified: true });
    const row = await server.database.db.selectFrom("user").select(["lastSignInMethod"]).where("id", "=", current!.user.id).executeTakeFirstOrThrow();
    expect(row.lastSignInMethod).toBe("sso:acme-saml");
    const member = await server.database.db.selectFrom("member").select("role").where("userId", "=", current!.user.id).where("organizationId", "=", organizationId).executeTakeFirst();
    expect(member?.role).toBe("member");
    const account = await server.database.db.selectFrom("account").select(["accountId", "providerId"]).where("userId", "=", current!.user.id).executeTakeFirstOrThrow();
    expect(account).toEqual({ providerId: "acme-saml", accountId: who.email });
  });

  it("an existing account under the verified domain is linked, not duplicated", async () => {
    const existing = await server.signUp({ email: "existing@acme.test" });
    idp.addPerson("existing", { password: "idp-password", attributes: { email: ["existing@acme.test"], displayName: ["Existing"] } });
    const { browser, posted } = await signIn("acme-saml", { username: "existing", email: "existing@acme.test" });
    expect((await post(browser, posted)).pathname).toBe("/console/account");
    expect((await session(browser))?.user.id).toBe(existing.userId);
  });

  it("better-auth's ssoClient starts a SAML sign-in the same way: {url, redirect: true}", async () => {
    const jar = createCookieFetch(server.url);
    const client = createAuthClient({ baseURL: server.url, plugins: [ssoClient()], fetchOptions: { customFetchImpl: jar.fetch } });
    const answer = await client.signIn.sso({ providerId: "acme-saml", callbackURL: "/console/account", fetchOptions: { disableSignal: true } } as never);
    expect(answer.error).toBeNull();
    expect((answer.data as { url: string; redirect: boolean }).url.startsWith(`${idp.ssoURL}?SAMLRequest=`)).toBe(true);
  });

  it("reads the certificate and entity ID from the IdP's metadata XML, and maps a role attribute", async () => {
    const metadata = await (await fetch(idp.metadataURL)).text();
    await provider("metadata-saml", { samlConfig: { cert: undefined, idpMetadata: { metadata }, mapping: { email: "email", name: "displayName", role: "groups", roleMap: { "idp-admins": "admin", "idp-owners": "owner" } } } });
    const who = person("metadata-saml.test", { groups: ["staff", "idp-admins"] });
    const { browser, posted } = await signIn("metadata-saml", who);
    expect((await post(browser, posted)).pathname).toBe("/console/account");
    const user = await session(browser);
    const member = await server.database.db.selectFrom("member").select("role").where("userId", "=", user!.user.id).where("organizationId", "=", organizationId).executeTakeFirst();
    expect(member?.role).toBe("admin");
    // Ownership is never given by an IdP's attribute.
    const owner = person("metadata-saml.test", { groups: ["idp-owners"] });
    const second = await signIn("metadata-saml", owner);
    await post(second.browser, second.posted);
    const ownerUser = await session(second.browser);
    const ownerMember = await server.database.db.selectFrom("member").select("role").where("userId", "=", ownerUser!.user.id).where("organizationId", "=", organizationId).executeTakeFirst();
    expect(ownerMember?.role).toBe("member");
  });

  it("the SP metadata names the entity ID, the ACS and wants signed assertions", async () => {
    const response = await fetch(`${server.api}/sso/saml2/sp/metadata?providerId=acme-saml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(`entityID="${spEntityID("acme-saml")}"`);
    expect(xml).toContain(`Location="${acs("acme-saml")}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    const missing = await server.request("GET", "/sso/saml2/sp/metadata?providerId=nobody");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("PROVIDER_NOT_FOUND");
  });

  it("refuses a response whose signed attribute was changed, and creates no one", async () => {
    const who = person("acme.test");
    const { browser, posted } = await signIn("acme-saml", who);
    const xml = decode(posted.samlResponse);
    expect(xml).toContain(who.email);
    const tampered = encode(xml.replaceAll(who.email, "ceo@acme.test"));
    const landed = await post(browser, posted, { samlResponse: tampered });
    expect(landed.pathname).toBe("/console/sign-in");
    expect(landed.searchParams.get("error")).toBe("invalid_signature");
    expect(await session(browser)).toBeNull();
    expect(await server.database.db.selectFrom("user").select("id").where("email", "in", ["ceo@acme.test", who.email]).execute()).toEqual([]);
  });

  it("refuses an unsigned assertion inside a signed response (wantAssertionsSigned is true by default)", async () => {
    await provider("unsigned-saml", { sp: { "saml20.sign.assertion": false, "saml20.sign.response": true } });
    const who = person("unsigned-saml.test");
    const { browser, posted } = await signIn("unsigned-saml", who);
    expect(decode(posted.samlResponse).match(/<ds:Signature[\s>]/g)).toHaveLength(1);
    const landed = await post(browser, posted);
    expect(landed.searchParams.get("error")).toBe("invalid_signature");
    expect(await session(browser)).toBeNull();
  });

  it("accepts an unsigned assertion inside a signed response only when the provider sets wantAssertionsSigned: false", async () => {
    await provider("lenient-saml", { samlConfig: { wantAssertionsSigned: false }, sp: { "saml20.sign.assertion": false, "saml20.sign.response": true } });
    const who = person("lenient-saml.test");
    const { browser, posted } = await signIn("lenient-saml", who);
    expect((await post(browser, posted)).pathname).toBe("/console/account");
    expect((await session(browser))?.user.email).toBe(who.email);
  });

  it("refuses a response carrying a second assertion", async () => {
    const who = person("acme.test");
    const { browser, posted } = await signIn("acme-saml", who);
    const xml = decode(posted.samlResponse);
    const assertion = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
    const landed = await post(browser, posted, { samlResponse: encode(xml.replace(assertion, assertion + assertion)) });
    expect(landed.searchParams.get("error")).toBe("invalid_signature");
    expect(await session(browser)).toBeNull();
  });

  it("refuses a response addressed to another provider's ACS (Destination), and an assertion for another Recipient", async () => {
    // The IdP believes this SP's ACS is acme-saml's: its response names that ACS.
    await provider("recipient-saml", { samlConfig: { allowIdpInitiated: true }, sp: { AssertionConsumerService: acs("acme-saml") } });
    const who = person("recipient-saml.test");
    const browser = new TestBrowser();
    const posted = await throughIdp(browser, idp.idpInitiatedURL(spEntityID("recipient-saml")), who.username);
    expect(posted.action).toBe(acs("acme-saml"));
    const mine = { ...posted, action: acs("recipient-saml") };
    expect((await post(browser, mine, { relayState: null })).searchParams.get("error")).toBe("invalid_destination");
    // Without the Response's Destination (its signature breaks; the assertion's still holds), the Recipient is checked.
    const withoutDestination = encode(decode(posted.samlResponse).replace(/ Destination="[^"]*"/, ""));
    expect((await post(browser, mine, { samlResponse: withoutDestination, relayState: null })).searchParams.get("error")).toBe("invalid_recipient");
    expect(await session(browser)).toBeNull();
  });

  it("refuses an assertion for another audience", async () => {
    await provider("audience-saml", { samlConfig: { audience: "https://someone-else.example/sp" } });
    const who = person("audience-saml.test");
    const { browser, posted } = await signIn("audience-saml", who);
    const landed = await post(browser, posted);
    expect(landed.searchParams.get("error")).toBe("invalid_audience");
    expect(await session(browser)).toBeNull();
  });

  it("refuses an expired (validly signed) assertion", async () => {
    await provider("expired-saml", { sp: { "assertion.lifetime": -600 } });
    const who = person("expired-saml.test");
    const { browser, posted } = await signIn("expired-saml", who);
    const landed = await post(browser, posted);
    expect(landed.searchParams.get("error")).toBe("assertion_expired");
    expect(await session(browser)).toBeNull();
  });

  it("refuses a replayed response, also under a fresh sign-in's RelayState", async () => {
    const who = person("acme.test");
    const { browser, posted } = await signIn("acme-saml", who);
    expect((await post(browser, posted)).pathname).toBe("/console/account");
    const again = await post(new TestBrowser(), posted);
    expect(again.searchParams.get("error")).toBeTruthy();
    const fresh = new TestBrowser();
    const restarted = await start(fresh, { providerId: "acme-saml" });
    const relayState = new URL(restarted.body.url).searchParams.get("RelayState")!;
    const replayed = await post(fresh, posted, { relayState });
    expect(replayed.searchParams.get("error")).toBe("invalid_in_response_to");
    expect(await session(fresh)).toBeNull();
  });

  it("refuses a response to another request of the same browser (InResponseTo mismatch)", async () => {
    const who = person("acme.test");
    const browser = new TestBrowser();
    const first = await start(browser, { providerId: "acme-saml" });
    const second = await start(browser, { providerId: "acme-saml" });
    const posted = await throughIdp(browser, first.body.url, who.username);
    const landed = await post(browser, posted, { relayState: new URL(second.body.url).searchParams.get("RelayState")! });
    expect(landed.searchParams.get("error")).toBe("invalid_in_response_to");
    expect(await session(browser)).toBeNull();
  });

  it("refuses a response finished in another browser (no state cookie): login CSRF", async () => {
    const who = person("acme.test");
    const { posted } = await signIn("acme-saml", who);
    const victim = new TestBrowser();
    const landed = await post(victim, posted);
    expect(landed.searchParams.get("error")).toBe("invalid_state");
    expect(await session(victim)).toBeNull();
  });

  it("refuses an IdP-initiated response unless the provider allows it; an allowed one is used once", async () => {
    const who = person("acme.test");
    const browser = new TestBrowser();
    const posted = await throughIdp(browser, idp.idpInitiatedURL(spEntityID("acme-saml")), who.username);
    expect(decode(posted.samlResponse)).not.toContain("InResponseTo");
    const refused = await post(browser, posted, { relayState: null });
    expect(refused.searchParams.get("error")).toBe("idp_initiated_not_allowed");
    expect(await session(browser)).toBeNull();

    await provider("idp-initiated-saml", { samlConfig: { allowIdpInitiated: true } });
    const allowedPerson = person("idp-initiated-saml.test");
    const other = new TestBrowser();
    const allowed = await throughIdp(other, idp.idpInitiatedURL(spEntityID("idp-initiated-saml")), allowedPerson.username);
    const landed = await post(other, allowed, { relayState: null });
    // No flow, so no callbackURL: the server's base URL.
    expect(landed.origin).toBe(new URL(server.url).origin);
    expect(landed.searchParams.get("error")).toBeNull();
    expect((await session(other))?.user.email).toBe(allowedPerson.email);
    const replayed = await post(new TestBrowser(), allowed, { relayState: null });
    expect(replayed.searchParams.get("error")).toBe("assertion_replayed");
  });

  it("holds a two-factor user at the second step, unless the IdP's AuthnContextClassRef says MFA", async () => {
    await provider("mfa-saml", { sp: { authproc: { 90: { class: "saml:AuthnContextClassRef", AuthnContextClassRef: "https://refeds.org/profile/mfa" } } } });
    const twoFactorUser = async (email: string) => {
      const password = "two-factor-password";
      const tab = browserTab(server);
      expect((await tab.client.signUp.email({ email, password, name: "Two Factor" })).error).toBeNull();
      const enabled = await tab.client.twoFactor.enable({ password });
      expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(secretOf(totpOf(enabled.data).totpURI), server.clock.now()) })).error).toBeNull();
      server.clock.advance(30_000);
    };
    await twoFactorUser("held@acme.test");
    idp.addPerson("held", { password: "idp-password", attributes: { email: ["held@acme.test"] } });
    const plain = await signIn("acme-saml", { username: "held", email: "held@acme.test" });
    const held = await post(plain.browser, plain.posted);
    expect(held.pathname).toBe("/console/sign-in");
    expect(held.searchParams.get("reason")).toBe("second-step");
    expect(await session(plain.browser)).toBeNull();

    await twoFactorUser("mfa@mfa-saml.test");
    idp.addPerson("mfa", { password: "idp-password", attributes: { email: ["mfa@mfa-saml.test"] } });
    const strong = await signIn("mfa-saml", { username: "mfa", email: "mfa@mfa-saml.test" });
    expect(decode(strong.posted.samlResponse)).toContain("https://refeds.org/profile/mfa");
    expect((await post(strong.browser, strong.posted)).pathname).toBe("/console/account");
    expect((await session(strong.browser))?.user.email).toBe("mfa@mfa-saml.test");
  });

  it("refuses a person deactivated by SCIM", async () => {
    const who = person("acme.test");
    const first = await signIn("acme-saml", who);
    await post(first.browser, first.posted);
    const user = await session(first.browser);
    await server.database.db.updateTable("user").set({ deactivated: 1 }).where("id", "=", user!.user.id).execute();
    const again = await signIn("acme-saml", who);
    const landed = await post(again.browser, again.posted);
    expect(landed.searchParams.get("error")).toBe("USER_DEACTIVATED");
    expect(await session(again.browser)).toBeNull();
  });

  it("refuses a banned person", async () => {
    const who = person("acme.test");
    const first = await signIn("acme-saml", who);
    await post(first.browser, first.posted);
    const user = await session(first.browser);
    await server.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", user!.user.id).execute();
    const again = await signIn("acme-saml", who);
    const landed = await post(again.browser, again.posted);
    expect(landed.searchParams.get("error")).toBe("BANNED_USER");
    expect(await session(again.browser)).toBeNull();
  });
});
