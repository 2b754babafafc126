/**
 * End-session in a real browser (issue 32, finding 4). Another site sending the browser to
 * /oauth2/end-session (a top-level navigation: SameSite=Lax cookies go along) signs nobody out:
 * the console asks, "Stay signed in" keeps the session, "Sign out" ends it. An app that proves
 * itself with an ID token naming this browser's session signs out at once and gets the browser
 * back at its registered address with its state. A loopback listener plays the app.
 */
import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let listener: AppListener;
let app: { client_id: string; client_secret: string };
const VERIFIER = "a-fixed-pkce-verifier-for-the-end-session-test-0123456789abcdef";
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

beforeAll(async () => {
  harness = await startConsole({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  listener = await startAppListener();
  const admin = await harness.server.signUp({ email: "es-admin@example.com", name: "Apps Admin" });
  await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  const created = await harness.server.request("POST", "/admin/oauth2/create-client", {
    token: admin.token,
    body: { client_name: "Wiki", redirect_uris: [listener.callbackURL], post_logout_redirect_uris: [listener.callbackURL], skip_consent: true },
  });
  expect(created.status).toBe(200);
  app = created.body as typeof app;
});
afterAll(async () => {
  await listener?.close();
  await harness?.close();
});

async function signedIn(page: Page): Promise<boolean> {
  return (await (await page.request.get(`${harness.server.api}/get-session`)).json()) !== null;
}

/** A navigation that ends at the app's listener (204): Chromium reports it as aborted. */
async function goToApp(page: Page, url: string) {
  await page.goto(url).catch((error: Error) => {
    if (!/ERR_ABORTED/.test(error.message)) throw error;
  });
}

async function received(state: string) {
  await expect.poll(() => listener.received.find((entry) => entry.state === state), { timeout: 15_000 }).toBeTruthy();
  return listener.received.find((entry) => entry.state === state)!;
}

describe("end-session in the console", { timeout: 180_000 }, () => {
  it("another site's link asks first: Stay signed in keeps the session, Sign out ends it", async () => {
    const person = await harness.server.signUp({ email: "es-person@example.com", name: "Ada Lovelace" });
    const { page } = await harness.newPage({ as: person });
    const errors = watchPageErrors(page);

    // What a link or redirect on another site does: a top-level GET, the cookie sent along.
    await page.goto(`${harness.server.api}/oauth2/end-session?client_id=${app.client_id}`, { referer: "https://evil.example.test/" });
    await page.getByRole("heading", { name: "Sign out?" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/console/oauth2/end-session");
    await page.getByText("Wiki asks to end your session on this server.").waitFor();
    await page.getByText(person.email).waitFor();
    expect(await signedIn(page)).toBe(true);
    await expectAccessible(page, "sign-out confirmation");
    await screenshot(page, "oauth-provider-end-session");

    await page.getByRole("button", { name: "Stay signed in" }).click();
    await page.getByRole("status").getByText("You are still signed in.").waitFor();
    expect(await signedIn(page)).toBe(true);

    // Answered once: the same request asks nothing again.
    await page.reload();
    await page.getByRole("heading", { name: "Nothing to sign out" }).waitFor();
    await page.getByText("This sign-out request has expired, was already answered, or was made for another session. Nothing was changed.").waitFor();
    expect(await page.getByRole("button", { name: "Sign out", exact: true }).count()).toBe(0);
    expect(await signedIn(page)).toBe(true);

    await page.goto(`${harness.server.api}/oauth2/end-session`, { referer: "https://evil.example.test/" });
    await page.getByText("An app asks to end your session on this server.").waitFor();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("status").getByText("You are signed out.").waitFor();
    expect(await signedIn(page)).toBe(false);
    await expectAccessible(page, "sign-out confirmation (signed out)");
    expect(errors).toEqual([]);
  });

  it("an app's ID token for this browser's session signs out at once and returns to the app with its state", async () => {
    const person = await harness.server.signUp({ email: "es-app-user@example.com", name: "Grace Hopper" });
    const { page } = await harness.newPage({ as: person });
    const query = new URLSearchParams({ response_type: "code", client_id: app.client_id, redirect_uri: listener.callbackURL, scope: "openid", state: "sign-in", code_challenge: CHALLENGE, code_challenge_method: "S256" });
    await goToApp(page, `${harness.server.api}/oauth2/authorize?${query}`);
    const { code } = await received("sign-in");
    const token = await fetch(`${harness.server.api}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code: code!, redirect_uri: listener.callbackURL, code_verifier: VERIFIER }),
    });
    const { id_token: idToken } = (await token.json()) as { id_token: string };

    const logout = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: listener.callbackURL, state: "signed-out" });
    await goToApp(page, `${harness.server.api}/oauth2/end-session?${logout}`);
    await received("signed-out");
    expect(await signedIn(page)).toBe(false);
  });
});
