/**
 * An app signing people in through Latchkey (the OpenID provider) meets a person whose
 * organization signs in through its own identity provider (issue 35, item 4): the app
 * (openid-client) sends the browser to /oauth2/authorize; not signed in, the person lands on the
 * sign-in page, types their work address and picks SSO; oidc-provider (the organization's IdP)
 * signs them in; the browser comes back to the waiting request, the consent page asks, and the
 * app's callback gets a code whose ID token names that person, `amr` ["fed"].
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { startIdp, type TestIdp } from "../../server/social/support.js";

let idp: TestIdp;
let harness: ConsoleHarness;
let listener: AppListener;
let config: oidc.Configuration;

beforeAll(async () => {
  idp = await startIdp();
  harness = await startConsole({ stepTimeout: 15_000, config: { oauthProvider: { enabled: true }, sso: { enabled: true, domainVerification: { enabled: false } }, trustedOrigins: [idp.issuer] } });
  const { server } = harness;
  idp.allow([`${server.api}/sso/callback/wayfare`]);
  listener = await startAppListener();
  const owner = await server.signUp({ name: "Wes Owner" });
  const organizationId = (await server.client(owner.token).createOrganization({ name: "Wayfare", slug: "wayfare" })).id;
  const registered = await server.request("POST", "/sso/register", {
    token: owner.token,
    body: { providerId: "wayfare", issuer: idp.issuer, domain: "wayfare.test", organizationId, oidcConfig: { clientId: idp.clientId, clientSecret: idp.clientSecret, tokenEndpointAuthentication: "client_secret_post" } },
  });
  expect(registered.status, registered.text).toBe(200);
  const admin = await harness.createAdmin();
  const signedIn = await server.request("POST", "/sign-in/email", { body: { email: admin.email, password: admin.password } });
  const created = await server.request("POST", "/admin/oauth2/create-client", { token: signedIn.body.token, body: { client_name: "Trailhead", redirect_uris: [listener.callbackURL] } });
  expect(created.status, created.text).toBe(200);
  const app = created.body as { client_id: string; client_secret: string };
  config = await oidc.discovery(new URL(server.api), app.client_id, app.client_secret, oidc.ClientSecretBasic(app.client_secret), { execute: [oidc.allowInsecureRequests] });
}, 90_000);
afterAll(async () => {
  await listener?.close();
  await harness?.close();
  await idp?.close();
});

describe("the OpenID provider's authorize through SSO", { timeout: 120_000 }, () => {
  it("the app's request waits through the organization's IdP, then the consent page, then a code naming the person", async () => {
    idp.users.set("way-remy", { sub: "way-remy", email: "remy@wayfare.test", email_verified: true, name: "Remy Wayfare" });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const authorize = oidc.buildAuthorizationUrl(config, { redirect_uri: listener.callbackURL, scope: "openid email profile", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce });

    const { page } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    const errors = watchPageErrors(page);
    await page.goto(authorize.toString());
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).searchParams.get("return")).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
    await page.getByLabel("Email or username").fill("remy@wayfare.test");
    await expectAccessible(page, "sign-in for an app, with SSO");
    await page.getByRole("button", { name: "Sign in with single sign-on (SSO)" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill("way-remy");
    await page.locator('input[name="password"]').fill("any");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();

    // Back at the app's request: Latchkey's consent page, as the person now signed in.
    await page.getByRole("heading", { name: "Trailhead wants to sign you in" }).waitFor();
    await page.getByText("Signed in as remy@wayfare.test").waitFor();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect.poll(() => listener.received.find((entry) => entry.state === state), { timeout: 20_000 }).toBeTruthy();
    const { url } = listener.received.find((entry) => entry.state === state)!;

    const tokens = await oidc.authorizationCodeGrant(config, new URL(url), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const claims = tokens.claims()!;
    expect(claims.email).toBe("remy@wayfare.test");
    expect(claims.name).toBe("Remy Wayfare");
    expect(claims.amr).toEqual(["fed"]);
    const user = await harness.server.database.db.selectFrom("user").select(["id", "lastSignInMethod"]).where("email", "=", "remy@wayfare.test").executeTakeFirstOrThrow();
    expect(user.lastSignInMethod).toBe("sso:wayfare");
    expect(errors).toEqual([]);
  });
});
