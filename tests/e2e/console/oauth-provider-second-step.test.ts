/**
 * "Sign in with Latchkey" for an account with more than a password (issue 23): a relying party
 * driven by openid-client (a certified relying-party library) starts /oauth2/authorize with PKCE,
 * Chromium follows it to the console's sign-in page, where a two-factor account passes the
 * authenticator step, and a passkey account signs in with its passkey; both allow the app, the
 * app's loopback callback gets the code, and the ID token's `amr` says how the person signed in.
 * Runs on SQLite and, with LATCHKEY_TEST_DIALECT=postgres, on PostgreSQL.
 *
 * WebAuthn refuses IP addresses as relying parties, so the browser and the app reach the server
 * as http://localhost:PORT (the issuer follows the base URL).
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

let harness: ConsoleHarness;
let listener: AppListener;
let origin: string;
let config: oidc.Configuration;
let twoFactorUser: Awaited<ReturnType<typeof userWithTotp>>;

beforeAll(async () => {
  harness = await startConsole({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false }, trustedOrigins: ["http://localhost:*"] } });
  listener = await startAppListener();
  // Made over the API at the server's own address, before the base URL moves to localhost.
  twoFactorUser = await userWithTotp(harness.server, "second step password 1");
  const admin = await harness.server.signUp({ email: "rp-admin@example.com", name: "RP Admin" });
  await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  const created = await harness.server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Gitea", redirect_uris: [listener.callbackURL] } });
  expect(created.status).toBe(200);
  const app = created.body as { client_id: string; client_secret: string };

  origin = harness.server.url.replace("127.0.0.1", "localhost");
  Object.assign(harness.server.app.context as { baseURL: string; apiURL: string }, { baseURL: origin, apiURL: `${origin}/api/auth` });
  config = await oidc.discovery(new URL(`${origin}/api/auth`), app.client_id, app.client_secret, oidc.ClientSecretBasic(app.client_secret), { execute: [oidc.allowInsecureRequests] });
});
afterAll(async () => {
  await listener?.close();
  await harness?.close();
});

/** The app's side of one sign-in: its authorization URL and what it keeps to check the answer. */
async function startFlow() {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: listener.callbackURL, scope: "openid profile email", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce });
  return { url: url.toString(), verifier, state, nonce };
}

/** Opens the app's request; its callback answers 204, which Chromium reports as an aborted navigation. */
async function openAuthorize(page: import("playwright-core").Page, url: string) {
  await page.goto(url).catch((error: Error) => {
    if (!/ERR_ABORTED/.test(error.message)) throw error;
  });
}

/** Allows the app on the consent page and exchanges the code the callback got, as the app would. */
async function allowAndExchange(page: import("playwright-core").Page, flow: Awaited<ReturnType<typeof startFlow>>, email: string) {
  await page.getByRole("heading", { name: "Gitea wants to sign you in" }).waitFor();
  await page.getByText(`Signed in as ${email}`).waitFor();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect.poll(() => listener.received.find((entry) => entry.state === flow.state), { timeout: 15_000 }).toBeTruthy();
  const callback = listener.received.find((entry) => entry.state === flow.state)!;
  expect(callback.error).toBeNull();
  const tokens = await oidc.authorizationCodeGrant(config, new URL(callback.url), { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
  return tokens.claims()!;
}

describe("OpenID provider sign-in with a second step or a passkey in the browser", { timeout: 180_000 }, () => {
  it("a two-factor account passes the authenticator step inside the app's request, and the ID token says pwd and otp", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    const flow = await startFlow();
    await openAuthorize(page, flow.url);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/console/sign-in");
    await page.getByLabel("Email or username").fill(twoFactorUser.email);
    await page.getByLabel("Password", { exact: true }).fill(twoFactorUser.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    // The second step, on the sign-in page, with the app's request still waiting behind it.
    const code = page.getByLabel("Authenticator code");
    await code.waitFor();
    expect(new URL(page.url()).searchParams.get("return")).toMatch(/^\/api\/auth\/oauth2\/authorize\?/);
    await expectAccessible(page, "sign-in second step inside an app's request");
    await screenshot(page, "oauth-provider-second-step");
    await code.fill(totpAt(twoFactorUser.secret, harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();

    const claims = await allowAndExchange(page, flow, twoFactorUser.email);
    expect(claims.sub).toBe(twoFactorUser.userId);
    expect(claims.email).toBe(twoFactorUser.email);
    expect(claims.amr).toEqual(expect.arrayContaining(["pwd", "otp", "mfa"]));
    expect(claims.acr).toBe("urn:latchkey:acr:mfa");
    expect(claims.iss).toBe(`${origin}/api/auth`);
    expect(errors).toEqual([]);
  });

  it("a passkey signs in inside the app's request, and the ID token says hwk", async () => {
    const person = await harness.server.signUp({ email: "rp-passkey@example.com", name: "Pat Key", password: "pat password 1" });
    const { context, page } = await harness.newPage();
    const errors = watchPageErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    // The passkey is added the way a person adds one: on the account page, signed in by password.
    const signedIn = await page.request.post(`${origin}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin } });
    expect(signedIn.ok()).toBe(true);
    await page.goto(`${origin}/console/account`);
    const section = page.getByRole("region", { name: "Passkeys", exact: true });
    await section.getByLabel("Name for the new passkey").fill("Laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await section.getByRole("row", { name: /Laptop/ }).waitFor();
    await context.clearCookies();

    // Signed out: the app's request reaches the sign-in page, whose passkey button signs in.
    // Conditional UI is kept off, so the sign-in is the button's (as in a browser without autofill).
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    const flow = await startFlow();
    await openAuthorize(page, flow.url);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();

    const claims = await allowAndExchange(page, flow, person.email);
    expect(claims.sub).toBe(person.userId);
    expect(claims.amr).toEqual(["hwk"]);
    expect(claims.acr).toBe("urn:latchkey:acr:mfa");
    expect(errors).toEqual([]);
  });
});
