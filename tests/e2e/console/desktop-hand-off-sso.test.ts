/**
 * The desktop hand-off through an organization's SSO (issue 35, item 4): the page the desktop app
 * opens in the browser offers "Sign in with single sign-on (SSO)"; the work address typed routes
 * to the organization's identity provider — oidc-provider (OpenID) or SimpleSAMLphp (SAML, on
 * "localhost", another site than Latchkey's 127.0.0.1, so its POST to the ACS is cross-site as in
 * production) — and the round trip ends on /console/sign-in?handoff=cookie, where the page passes
 * the code to the app's loopback listener; the app trades it for its own session. A failed round
 * trip comes back to the same hand-off, saying so.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { startSimpleSamlIdp, type SimpleSamlIdp } from "../../helpers/simplesamlphp.js";
import { desktopApp, sessionOfToken, type DesktopApp } from "../../server/electron/support.js";
import { startIdp, type TestIdp } from "../../server/social/support.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

const SAML_ENTITY = "https://sp.latchkey.test/desk-saml";
let idp: TestIdp;
let saml: SimpleSamlIdp;
let harness: ConsoleHarness;
let listener: AppListener;

beforeAll(async () => {
  idp = await startIdp();
  saml = await startSimpleSamlIdp({ hostname: "localhost" });
  harness = await startConsole({ stepTimeout: 15_000, config: { sso: { enabled: true, domainVerification: { enabled: false } }, trustedOrigins: [idp.issuer, saml.origin] } });
  const { server } = harness;
  idp.allow([`${server.api}/sso/callback/desk-oidc`]);
  listener = await startAppListener();
  const owner = await server.signUp({ name: "Dee Owner" });
  const organizationId = (await server.client(owner.token).createOrganization({ name: "Deskworks", slug: "deskworks" })).id;
  const providers = [
    { providerId: "desk-oidc", issuer: idp.issuer, domain: "desk-oidc.test", oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret, tokenEndpointAuthentication: "client_secret_post" } },
    { providerId: "desk-saml", issuer: SAML_ENTITY, domain: "desk-saml.test", samlConfig: { entryPoint: saml.ssoURL, cert: saml.certificate, idpMetadata: { entityID: saml.entityID } } },
  ];
  for (const body of providers) {
    const registered = await server.request("POST", "/sso/register", { token: owner.token, body: { ...body, organizationId } });
    expect(registered.status, registered.text).toBe(200);
  }
  saml.addSp(SAML_ENTITY, { AssertionConsumerService: `${server.api}/sso/saml2/sp/acs/desk-saml` });
}, 90_000);
afterAll(async () => {
  await listener?.close();
  await harness?.close();
  await saml?.close();
  await idp?.close();
});

/** Opens the hand-off page as the app would, types the address and picks SSO. */
async function startAtHandOff(app: DesktopApp, email: string): Promise<Page> {
  const { page } = await harness.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ ...app.query, redirect_uri: listener.callbackURL }).toString()}`);
  await page.getByRole("heading", { name: "Sign in to the Latchkey app" }).waitFor();
  await page.getByLabel("Email or username").fill(email);
  await page.getByRole("button", { name: "Sign in with single sign-on (SSO)" }).click();
  return page;
}

/** The page said "You can return to Latchkey", the app's listener got the code; the app trades it. */
async function appSignedIn(page: Page, app: DesktopApp, email: string) {
  await page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
  await expect.poll(() => listener.received.find((r) => r.state === app.state), { timeout: 20_000 }).toBeTruthy();
  const traded = await app.trade(listener.received.find((r) => r.state === app.state)!.code!);
  expect(traded.error).toBeNull();
  expect((await sessionOfToken(harness.server, traded.data!.token))?.user.email).toBe(email);
  // The page spent the cookie: nothing is left for a later visit.
  expect((await page.context().cookies()).some((cookie) => cookie.name === "latchkey.electron")).toBe(false);
}

describe("desktop hand-off through SSO", { timeout: 120_000 }, () => {
  it("OpenID: the app's browser page signs in at the organization's IdP and hands the session to the app", async () => {
    idp.users.set("desk-olga", { sub: "desk-olga", email: "olga@desk-oidc.test", email_verified: true, name: "Olga Desk" });
    const app = await desktopApp(harness.server);
    const { page: first } = await harness.newPage();
    const errors = watchPageErrors(first);
    await first.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ ...app.query, redirect_uri: listener.callbackURL }).toString()}`);
    await first.getByRole("button", { name: "Sign in with single sign-on (SSO)" }).waitFor();
    await first.getByLabel("Email or username").fill("olga@desk-oidc.test");
    await expectAccessible(first, "desktop hand-off with SSO");
    await screenshot(first, "desktop-hand-off-sso");
    await first.getByRole("button", { name: "Sign in with single sign-on (SSO)" }).click();
    await first.waitForURL((url) => url.origin === idp.issuer);
    await first.locator('input[name="login"]').fill("desk-olga");
    await first.locator('input[name="password"]').fill("any");
    await first.getByRole("button", { name: "Sign-in" }).click();
    await first.getByRole("button", { name: "Continue" }).click();
    await appSignedIn(first, app, "olga@desk-oidc.test");
    const user = await harness.server.database.db.selectFrom("user").select("lastSignInMethod").where("email", "=", "olga@desk-oidc.test").executeTakeFirstOrThrow();
    expect(user.lastSignInMethod).toBe("sso:desk-oidc");
    expect(errors).toEqual([]);
  });

  it("SAML: SimpleSAMLphp's form, the cross-site POST to the ACS, then the code to the app", async () => {
    saml.addPerson("desk-sami", { password: "sami-password", attributes: { email: ["sami@desk-saml.test"], displayName: ["Sami Desk"] } });
    const app = await desktopApp(harness.server);
    const page = await startAtHandOff(app, "sami@desk-saml.test");
    await page.waitForURL((url) => url.origin === saml.origin);
    await page.locator("input[name=username]").fill("desk-sami");
    await page.locator("input[name=password]").fill("sami-password");
    await page.locator("input[name=password]").press("Enter");
    await appSignedIn(page, app, "sami@desk-saml.test");
  });

  it("a two-factor account is held at Latchkey's second step after the IdP, and the code still reaches the app", async () => {
    const person = await userWithTotp(harness.server);
    await harness.server.database.db.updateTable("user").set({ email: "tara@desk-oidc.test" }).where("id", "=", person.userId).execute();
    idp.users.set("desk-tara", { sub: "desk-tara", email: "tara@desk-oidc.test", email_verified: true, name: "Tara Desk" });
    const app = await desktopApp(harness.server);
    const page = await startAtHandOff(app, "tara@desk-oidc.test");
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill("desk-tara");
    await page.locator('input[name="password"]').fill("any");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    // The IdP asserted no second factor: Latchkey's own step, then on to the hand-off.
    await page.waitForURL((url) => url.pathname === "/console/sign-in" && url.searchParams.get("reason") === "second-step");
    await page.getByLabel("Authenticator code").fill(totpAt(person.secret, harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();
    await appSignedIn(page, app, "tara@desk-oidc.test");
  });

  it("a refused round trip comes back to the same hand-off, saying so, and sends the app nothing", async () => {
    const app = await desktopApp(harness.server);
    const page = await startAtHandOff(app, "nina@desk-oidc.test");
    await page.waitForURL((url) => url.origin === idp.issuer);
    // Cancelled at the IdP's login page: the IdP answers error=access_denied.
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    await page.getByText("Signing in with the provider did not work (access_denied). Try again.").waitFor();
    // Still this app's hand-off: the form and the SSO choice are offered again.
    await page.getByRole("button", { name: "Sign in with single sign-on (SSO)" }).waitFor();
    expect(new URL(page.url()).searchParams.get("state")).toBe(app.state);
    expect(listener.received.some((r) => r.state === app.state)).toBe(false);
  });
});
