/**
 * The desktop app signing in like the browser does (issue 21), end to end without an Electron
 * binary: the console in Chromium with the real preload bridge as `window.latchkey`, wired to the
 * real main-process modules in Node (tests/helpers/desktop-app.ts), against a real Latchkey
 * server. "Sign in with your browser" asks main to open the server's sign-in page in the system
 * browser; a second browser context plays that browser, signs in (a two-factor person through the
 * second step), and its page sends the code to main's loopback listener; main trades it at
 * /electron/token and the app shows the account. Then: a second account, switching, signing one
 * out, impersonating and stopping, what the listener and the server refuse, and a browser session
 * past its fresh age falling back to a new sign-in. The passkey: desktop-app-passkey.test.ts.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { desktopMain, type DesktopMain } from "../../helpers/desktop-app.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

let harness: ConsoleHarness;
let main: DesktopMain;
let app: Page;
let appErrors: string[];

beforeAll(async () => {
  harness = await startConsole({ stepTimeout: 15_000 });
  main = desktopMain(harness.server.url);
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

/** The system browser: a context of its own, on the address the app opened; records where the page sent the code. */
async function systemBrowser(address: URL) {
  const { page } = await harness.newPage();
  const handedTo: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("http://127.0.0.1:") && request.url().includes("/callback?")) handedTo.push(request.url());
  });
  await page.goto(address.href);
  return { page, handedTo };
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function heldAccounts(): Promise<string[]> {
  return (await main.store.accounts(main.serverId)).all().map((account) => account.userId);
}

describe("the desktop app signs in through the browser", { timeout: 180_000 }, () => {
  it("opens the hand-off page with PKCE, refuses a wrong state at the listener, and signs in with the code", async () => {
    const person = await harness.server.signUp({ email: "app-first@example.com", name: "App First", password: "app first password" });
    await app.goto(`${harness.consoleURL}/#/sign-in`);
    await app.getByRole("button", { name: "Sign in with your browser" }).waitFor();
    await expectAccessible(app, "desktop app sign-in");
    await screenshot(app, "desktop-app-sign-in");

    const address = await startBrowserSignIn();
    expect(`${address.origin}${address.pathname}`).toBe(`${harness.consoleURL}/sign-in`);
    expect(address.searchParams.get("client_id")).toBe("electron");
    expect(address.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(address.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const redirect = new URL(address.searchParams.get("redirect_uri")!);
    expect(redirect.hostname).toBe("127.0.0.1");
    expect(redirect.pathname).toBe("/callback");
    await app.getByText("Your browser opened the sign-in page").waitFor();

    // Someone else's request at the listener: refused, and the app keeps waiting for its own.
    const forged = await fetch(`${redirect.href}?code=Forged0000Code0000Forged0000Code&state=NotTheAppsState`);
    expect(forged.status).toBe(400);
    expect((await fetch(`${redirect.origin}/elsewhere?state=${address.searchParams.get("state")}`)).status).toBe(404);

    const browser = await systemBrowser(address);
    await passwordStep(browser.page, person.email, person.password);
    await browser.page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await accountButton(person.email).waitFor();
    expect(await heldAccounts()).toEqual([person.userId]);

    // The listener took one code and closed.
    expect(browser.handedTo).toHaveLength(1);
    await expect(fetch(browser.handedTo[0]!)).rejects.toThrow();
    // The code the browser carried is spent: a second trade is refused, whatever it claims.
    const handed = new URL(browser.handedTo[0]!);
    const again = await harness.server.request("POST", "/electron/token", { body: { token: handed.searchParams.get("code"), state: handed.searchParams.get("state"), code_verifier: "a".repeat(43) } });
    expect(again.status).toBe(404);
    expect((again.body as { code: string }).code).toBe("INVALID_TOKEN");
    expect(appErrors).toEqual([]);
  });

  it("adds a two-factor account through the second step, switches between the two, and signs one out", async () => {
    const first = { user: { id: (await heldAccounts())[0]!, email: "app-first@example.com" } };
    const totp = await userWithTotp(harness.server, "app totp password");
    await accountButton(first.user.email).click();
    await app.getByRole("menuitem", { name: "Sign in to another account" }).click();
    await app.getByRole("heading", { name: "Sign in to another account" }).waitFor();

    const browser = await systemBrowser(await startBrowserSignIn());
    await passwordStep(browser.page, totp.email, totp.password);
    const code = browser.page.getByLabel("Authenticator code");
    await code.waitFor();
    await code.fill(totpAt(totp.secret, harness.server.clock.now()));
    await browser.page.getByRole("button", { name: "Verify" }).click();
    await browser.page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await accountButton(totp.email).waitFor();
    expect((await heldAccounts()).sort()).toEqual([first.user.id, totp.userId].sort());

    // Both accounts are in the menu; switching makes the other one active.
    await accountButton(totp.email).click();
    const switchTo = app.getByRole("menuitem", { name: `Switch to ${first.user.email}` });
    await switchTo.waitFor();
    await screenshot(app, "desktop-app-account-switcher");
    await switchTo.click();
    await accountButton(first.user.email).waitFor();

    // Signing out of the active account keeps the other one, now active.
    const firstToken = (await main.store.accounts(main.serverId)).active()!.token;
    await accountButton(first.user.email).click();
    await app.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await accountButton(totp.email).waitFor();
    expect(await heldAccounts()).toEqual([totp.userId]);
    // The session it held ended on the server too.
    expect((await harness.server.request("GET", "/get-session", { token: firstToken })).body).toBeNull();
    expect(appErrors).toEqual([]);
  });

  it("impersonates a user and stops, back to the administrator's own session", async () => {
    const admin = await harness.createAdmin({ email: "app-admin@example.com", name: "App Admin" });
    const target = await harness.server.signUp({ email: "app-target@example.com", name: "App Target" });
    await app.goto(`${harness.consoleURL}/#/sign-in?reason=add-account`);
    const browser = await systemBrowser(await startBrowserSignIn());
    await passwordStep(browser.page, admin.email, admin.password);
    await accountButton(admin.email).waitFor();
    const adminToken = (await main.store.accounts(main.serverId)).active()!.token;

    await app.goto(`${harness.consoleURL}/#/admin/users/${target.userId}`);
    await app.getByRole("heading", { name: "App Target", level: 1 }).waitFor();
    await app.getByRole("button", { name: "Impersonate" }).click();
    await app.getByText(`You are acting as App Target (${target.email}).`).waitFor();
    await accountButton(target.email).waitFor();
    const during = (await main.store.accounts(main.serverId)).active()!;
    expect(during.userId).toBe(target.userId);
    expect(during.parked).toEqual({ userId: admin.userId, token: adminToken });
    await expectAccessible(app, "desktop app impersonation banner");
    await screenshot(app, "desktop-app-impersonation");

    await app.getByRole("button", { name: "Stop impersonating" }).click();
    await accountButton(admin.email).waitFor();
    await expect.poll(() => app.getByText("You are acting as").count()).toBe(0);
    const after = (await main.store.accounts(main.serverId)).active()!;
    expect(after).toEqual({ userId: admin.userId, token: adminToken });
    // The impersonation session ended on the server.
    const live = await harness.server.request("GET", "/get-session", { token: during.token });
    expect(live.body).toBeNull();
    expect(appErrors).toEqual([]);
  });

  it("asks a browser whose session is past its fresh age to sign in again, then hands off", async () => {
    const person = await harness.server.signUp({ email: "app-stale@example.com", name: "App Stale", password: "app stale password" });
    await app.goto(`${harness.consoleURL}/#/sign-in?reason=add-account`);
    const address = await startBrowserSignIn();
    // The browser signed in a day and a minute ago (the server's clock moves; session.freshAge
    // is 24 h): "Continue as" is offered, but /electron/transfer-user refuses that session.
    const { page } = await harness.newPage({ as: person });
    const browserErrors = watchPageErrors(page);
    harness.server.clock.advance((harness.server.app.context.config.session.freshAge + 60) * 1000);
    const handedTo: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith("http://127.0.0.1:") && request.url().includes("/callback?")) handedTo.push(request.url());
    });
    await page.goto(address.href);
    await page.getByRole("button", { name: `Continue as ${person.email}` }).click();

    // The page falls back to its sign-in form with the reason; nothing went to the app.
    await page.getByText("For your security, sign in again before doing this.").waitFor();
    await page.getByLabel("Email or username").waitFor();
    expect(await page.getByRole("button", { name: `Continue as ${person.email}` }).count()).toBe(0);
    expect(handedTo).toEqual([]);
    await expectAccessible(page, "desktop hand-off stale session");
    await screenshot(page, "desktop-hand-off-stale-session");

    // Signing in there is fresh, and hands the account to the app as usual.
    await passwordStep(page, person.email, person.password);
    await page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await accountButton(person.email).waitFor();
    expect(handedTo).toHaveLength(1);
    expect(await heldAccounts()).toContain(person.userId);
    expect((await main.store.accounts(main.serverId)).active()!.userId).toBe(person.userId);
    expect(browserErrors).toEqual([]);
    expect(appErrors).toEqual([]);
  });
});
