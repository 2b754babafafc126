/**
 * "Sign in with Latchkey" in a real browser (issue 23): an app sends a signed-out person to
 * /oauth2/authorize, they sign in on the console's sign-in page, see the consent page (the app's
 * name, its scopes in words, their account), deny once (the app gets error=access_denied), then
 * allow (the app gets a code that the token endpoint exchanges), find the app under Connected
 * apps and revoke it. A loopback listener plays the app's callback.
 */
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let listener: AppListener;
let app: { client_id: string; client_secret: string };
const VERIFIER = "a-fixed-pkce-verifier-for-this-test-0123456789abcdefghijklmnop";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

beforeAll(async () => {
  harness = await startConsole({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  listener = await startAppListener();
  const admin = await harness.server.signUp({ email: "apps-admin@example.com", name: "Apps Admin" });
  await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  const created = await harness.server.request("POST", "/admin/oauth2/create-client", {
    token: admin.token,
    // A plain-http logo: the consent page must not load it (the console's CSP forbids it too).
    body: { client_name: "Grafana", redirect_uris: [listener.callbackURL], logo_uri: "http://logos.example.test/grafana.png", client_uri: "https://grafana.example.test" },
  });
  expect(created.status).toBe(200);
  app = created.body as typeof app;
});
afterAll(async () => {
  await listener?.close();
  await harness?.close();
});

function authorizeURL(state: string): string {
  const query = new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: listener.callbackURL, scope: "openid profile email", state, code_challenge: CHALLENGE, code_challenge_method: "S256" });
  return `${harness.server.api}/oauth2/authorize?${query.toString()}`;
}

async function callbackFor(state: string) {
  await expect.poll(() => listener.received.find((entry) => entry.state === state), { timeout: 15_000 }).toBeTruthy();
  return listener.received.find((entry) => entry.state === state)!;
}

/**
 * Opens the app's authorization request. When it ends at the app's callback, the listener answers
 * 204 and the browser stays where it was, which Chromium reports as an aborted navigation.
 */
async function openAuthorize(page: Page, state: string) {
  await page.goto(authorizeURL(state)).catch((error: Error) => {
    if (!/ERR_ABORTED/.test(error.message)) throw error;
  });
}

async function consentPage(page: Page) {
  await page.getByRole("heading", { name: "Grafana wants to sign you in" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/console/oauth2/consent");
}

describe("consent in the console", { timeout: 180_000 }, () => {
  it("signs in on the console, denies, allows, and the app receives error=access_denied, then a code that exchanges for tokens", async () => {
    const person = await harness.server.signUp({ email: "ada@example.com", name: "Ada Lovelace" });
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);

    // Signed out: the app's request lands on the console's sign-in page, which sends the browser back.
    await openAuthorize(page, "state-deny");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/console/sign-in");
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await consentPage(page);
    const scopes = page.getByRole("list", { name: "What the app asks for" });
    expect(await scopes.getByRole("listitem").allTextContents()).toEqual([
      "Confirm who you are (your account ID)",
      "See your name, username and profile picture",
      "See your email address and whether it is verified",
    ]);
    await page.getByText("Signed in as ada@example.com").waitFor();
    await page.getByRole("link", { name: "Not you? Switch account" }).waitFor();
    // The http logo is never requested: the app's initial stands in for it.
    expect(await page.locator("img").count()).toBe(0);
    await expectAccessible(page, "consent page");
    await screenshot(page, "oauth-provider-consent");

    await page.getByRole("button", { name: "Deny" }).click();
    expect(await callbackFor("state-deny")).toMatchObject({ error: "access_denied", code: null });

    // Still signed in: straight to the consent page, nothing was remembered by the denial.
    await openAuthorize(page, "state-allow");
    await consentPage(page);
    const consentURL = page.url();
    await page.getByRole("button", { name: "Allow" }).click();
    const allowed = await callbackFor("state-allow");
    expect(allowed.error).toBeNull();
    expect(allowed.code).toMatch(/^[\w-]{20,}$/);

    // The code is real: the token endpoint exchanges it (with the PKCE verifier and the secret).
    const token = await fetch(`${harness.server.api}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code: allowed.code!, redirect_uri: listener.callbackURL, code_verifier: VERIFIER }),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ token_type: "Bearer", scope: "openid profile email" });

    // The answered request cannot be answered again: the page says so.
    await page.goto(consentURL);
    await page.getByRole("heading", { name: "This request has ended" }).waitFor();
    await expectAccessible(page, "consent page (request ended)");
    await screenshot(page, "oauth-provider-consent-ended");

    // Remembered: the next request from the app goes straight back with a code.
    await openAuthorize(page, "state-remembered");
    expect((await callbackFor("state-remembered")).code).toMatch(/^[\w-]{20,}$/);
    expect(errors).toEqual([]);
  });

  it("Switch account keeps the app's request: another account signs in, the consent names it, and the code is that account's", async () => {
    const first = await harness.server.signUp({ email: "bo@example.com", name: "Bo" });
    const second = await harness.server.signUp({ email: "cy@example.com", name: "Cy" });
    const { page } = await harness.newPage({ as: first });
    const errors = watchPageErrors(page);
    await openAuthorize(page, "state-switch");
    await consentPage(page);
    await page.getByText("Signed in as bo@example.com").waitFor();

    await page.getByRole("link", { name: "Not you? Switch account" }).click();
    await page.getByRole("heading", { name: "Sign in to another account" }).waitFor();
    await page.getByLabel("Email or username").fill(second.email);
    await page.getByLabel("Password", { exact: true }).fill(second.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    // Back through the same request: its consent page, now for the account just signed in.
    await consentPage(page);
    await page.getByText("Signed in as cy@example.com").waitFor();
    await expectAccessible(page, "consent page after switching account");
    await screenshot(page, "oauth-provider-consent-switched");
    await page.getByRole("button", { name: "Allow" }).click();
    const allowed = await callbackFor("state-switch");
    expect(allowed.code).toMatch(/^[\w-]{20,}$/);
    const token = await fetch(`${harness.server.api}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code: allowed.code!, redirect_uri: listener.callbackURL, code_verifier: VERIFIER }),
    });
    expect(token.status).toBe(200);
    const idToken = ((await token.json()) as { id_token: string }).id_token;
    expect(JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString())).toMatchObject({ sub: second.userId, email: second.email });
    expect(errors).toEqual([]);
  });

  it("lists the app under Connected apps and revokes it, after which the app must ask again", async () => {
    const { page } = await harness.newPage({ as: { email: "ada@example.com", password: "correct horse battery" } });
    await page.goto(`${harness.consoleURL}/connected-apps`);
    const table = page.getByRole("table", { name: "Connected apps" });
    const row = table.getByRole("row").filter({ hasText: "Grafana" });
    await row.waitFor();
    expect(await row.textContent()).toContain("See your email address and whether it is verified");
    await expectAccessible(page, "connected apps");
    await screenshot(page, "oauth-provider-connected-apps");

    await row.getByRole("button", { name: "Remove access for Grafana" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Grafana’s access?" });
    await dialog.waitFor();
    await expectAccessible(page, "connected apps (confirm revoke)");
    await dialog.getByRole("button", { name: "Remove access" }).click();
    await page.getByText("No connected apps").waitFor();

    // Forgotten: the app's next request asks for consent again.
    await openAuthorize(page, "state-after-revoke");
    await consentPage(page);
  });
});
