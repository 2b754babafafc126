/**
 * The desktop app signing in with a passkey (issue 21): the app (the console in Chromium, its
 * `window.latchkey` wired to the real main-process modules, tests/helpers/desktop-app.ts) opens
 * the sign-in page in the "system browser", a second context holding Chromium's virtual
 * authenticator (DevTools WebAuthn domain) with a passkey registered through the console's own
 * account page; the page signs in with it and hands the code to main's loopback listener.
 * WebAuthn refuses IP addresses as relying parties, so server, app and browser all use
 * http://localhost:PORT here (a file of its own for that reason; desktop-app.test.ts runs on
 * 127.0.0.1).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPasskeySession } from "../../../server/core/sign-in/two-factor-policy.js";
import { screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { desktopMain, type DesktopMain } from "../../helpers/desktop-app.js";
import { sessionOfToken } from "../../server/electron/support.js";

let harness: ConsoleHarness;
let origin: string;
let main: DesktopMain;
let app: Page;
let appErrors: string[];

beforeAll(async () => {
  harness = await startConsole({ stepTimeout: 15_000, config: { trustedOrigins: ["http://localhost:*"] } });
  origin = harness.server.url.replace("127.0.0.1", "localhost");
  // The relying party follows the base URL's host: the server is reached as localhost here.
  (harness.server.app.context as { baseURL: string }).baseURL = origin;
  main = desktopMain(origin);
  ({ page: app } = await harness.newPage());
  appErrors = watchPageErrors(app);
  await main.attach(app);
});
afterAll(async () => {
  main?.close();
  await harness?.close();
});

const accountButton = (email: string) => app.getByRole("button", { name: `Signed-in accounts: ${email}` });

/** Presses "Sign in with your browser" and answers the address main opened in the system browser. */
async function startBrowserSignIn(): Promise<URL> {
  const before = main.opened.length;
  await app.getByRole("button", { name: "Sign in with your browser" }).click();
  await expect.poll(() => main.opened.length).toBe(before + 1);
  return new URL(main.opened[before]!);
}

/** The system browser: one page with a virtual authenticator (user-verifying, like a laptop's fingerprint reader). */
async function browserWithAuthenticator(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await harness.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  // Conditional UI can be kept off (as in a browser without it), so the button's path is the one taken.
  await page.addInitScript(() => {
    if (localStorage.getItem("e2e-no-conditional") === "1") PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  return { context, page };
}

async function activeAccount() {
  return (await main.store.accounts(main.serverId)).active()!;
}

describe("the desktop app signs in with a passkey through the browser", { timeout: 180_000 }, () => {
  it("hands a passkey sign-in to the app, by the button and then by autofill", async () => {
    const person = await harness.server.signUp({ email: "app-passkey@example.com", name: "App Passkey", password: "app passkey password" });
    const browser = await browserWithAuthenticator();
    const browserErrors = watchPageErrors(browser.page);

    // The person registers a passkey in their browser, through the console's account page.
    const signedIn = await browser.page.request.post(`${origin}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin } });
    expect(signedIn.ok()).toBe(true);
    await browser.page.goto(`${origin}/console/account`);
    const passkeys = browser.page.getByRole("region", { name: "Passkeys", exact: true });
    await passkeys.getByLabel("Name for the new passkey").fill("Laptop");
    await passkeys.getByRole("button", { name: "Add a passkey" }).click();
    await passkeys.getByRole("row", { name: /Laptop/ }).waitFor();
    // Signed out in the browser: the hand-off page offers the sign-in methods, not "Continue as".
    await browser.context.clearCookies();
    await browser.page.evaluate(() => localStorage.setItem("e2e-no-conditional", "1"));

    await app.goto(`${origin}/console/#/sign-in`);
    const address = await startBrowserSignIn();
    expect(`${address.origin}${address.pathname}`).toBe(`${origin}/console/sign-in`);
    await browser.page.goto(address.href);
    await browser.page.getByRole("heading", { name: "Sign in to the Latchkey app" }).waitFor();
    await browser.page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await browser.page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await accountButton(person.email).waitFor();
    await screenshot(app, "desktop-app-passkey-signed-in");

    const first = await activeAccount();
    expect(first.userId).toBe(person.userId);
    // The app's session is the person's, and keeps the passkey's mark (it satisfies
    // twoFactor.requiredForRoles as the browser session would).
    const firstSession = await sessionOfToken(harness.server, first.token);
    expect(firstSession?.user.email).toBe(person.email);
    expect(await isPasskeySession(harness.server.app.context, firstSession!.session.id, person.userId)).toBe(true);

    // Again, with conditional UI on: the browser's autofill answers at once, no button pressed.
    // The same person signed in again replaces the app's session and ends the first one.
    await browser.page.evaluate(() => localStorage.removeItem("e2e-no-conditional"));
    await browser.context.clearCookies();
    await accountButton(person.email).click();
    await app.getByRole("menuitem", { name: "Sign in to another account" }).click();
    await app.getByRole("heading", { name: "Sign in to another account" }).waitFor();
    await browser.page.goto((await startBrowserSignIn()).href);
    await browser.page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await expect.poll(async () => (await activeAccount()).token).not.toBe(first.token);
    await accountButton(person.email).waitFor();
    expect((await main.store.accounts(main.serverId)).all().map((account) => account.userId)).toEqual([person.userId]);
    expect(await sessionOfToken(harness.server, first.token)).toBeNull();
    const second = await sessionOfToken(harness.server, (await activeAccount()).token);
    expect(await isPasskeySession(harness.server.app.context, second!.session.id, person.userId)).toBe(true);

    expect(browserErrors).toEqual([]);
    expect(appErrors).toEqual([]);
  });
});
