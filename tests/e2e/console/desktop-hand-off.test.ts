/**
 * The console's half of the desktop hand-off (issue 21, docs/desktop.md "Signing in through the
 * browser"). A loopback listener in the test plays the app as @better-auth/electron does: its own
 * state and PKCE verifier, the sign-in page opened with them, the code received on
 * http://127.0.0.1:<port>/callback and traded once at /electron/token. The listener answers 204,
 * as an app's should, so the browser stays on "You can return to Latchkey".
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { desktopApp, sessionOfToken, type DesktopApp } from "../../server/electron/support.js";
import { totpAt, userWithTotp } from "../../server/two-factor/support.js";

let harness: ConsoleHarness;
let listener: AppListener;
let callbackURL: string;
let received: AppListener["received"];

beforeAll(async () => {
  harness = await startConsole();
  listener = await startAppListener();
  ({ callbackURL, received } = listener);
});
afterAll(async () => {
  await listener?.close();
  await harness?.close();
});

function signInAddress(app: DesktopApp, redirectUri = callbackURL): string {
  const query = new URLSearchParams({ ...app.query, redirect_uri: redirectUri });
  return `${harness.consoleURL}/sign-in?${query.toString()}`;
}

/** Waits for the page's hand-off, then checks what the listener got and trades it as the app. */
async function expectHandedOff(page: Page, app: DesktopApp, email: string): Promise<void> {
  await page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
  await expect.poll(() => received.some((r) => r.state === app.state)).toBe(true);
  const arrival = received.find((r) => r.state === app.state)!;
  expect(arrival.code).toMatch(/^[A-Za-z0-9]{32}$/);

  const traded = await app.trade(arrival.code!);
  expect(traded.error).toBeNull();
  expect(traded.data!.user.email).toBe(email);
  const session = await sessionOfToken(harness.server, traded.data!.token);
  expect(session?.user.email).toBe(email);

  // Single use: the same code again is refused.
  const again = await app.trade(arrival.code!);
  expect(again.error?.status).toBe(404);
  expect(again.error?.code).toBe("INVALID_TOKEN");
}

describe("the console completes the desktop hand-off", { timeout: 120_000 }, () => {
  it("hands a password sign-in to the app's loopback listener", async () => {
    const user = await harness.server.signUp({ email: "desk-password@example.com", name: "Desk Password", password: "desk password 1" });
    const app = await desktopApp(harness.server);
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(signInAddress(app));
    await page.getByRole("heading", { name: "Sign in to the Latchkey app" }).waitFor();
    await expectAccessible(page, "desktop hand-off sign-in");
    await screenshot(page, "desktop-hand-off-sign-in");
    await page.getByLabel("Email or username").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectHandedOff(page, app, user.email);
    await expectAccessible(page, "desktop hand-off done");
    await screenshot(page, "desktop-hand-off-done");
    expect(errors).toEqual([]);
  });

  it("carries the hand-off through the second step of a TOTP user", async () => {
    const person = await userWithTotp(harness.server, "desk totp password");
    const app = await desktopApp(harness.server);
    const { page } = await harness.newPage();
    await page.goto(signInAddress(app));
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const code = page.getByLabel("Authenticator code");
    await code.waitFor();
    expect(received.some((r) => r.state === app.state)).toBe(false);
    await expectAccessible(page, "desktop hand-off second step");
    await screenshot(page, "desktop-hand-off-second-step");
    await code.fill(totpAt(person.secret, harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();
    await expectHandedOff(page, app, person.email);
  });

  it("offers 'Continue as' to a person already signed in in the browser", async () => {
    const user = await harness.server.signUp({ email: "desk-continue@example.com", name: "Desk Continue", password: "desk continue 1" });
    const app = await desktopApp(harness.server);
    const { page } = await harness.newPage({ as: user });
    await page.goto(signInAddress(app));
    const button = page.getByRole("button", { name: `Continue as ${user.email}` });
    await button.waitFor();
    await expectAccessible(page, "desktop hand-off continue as");
    await screenshot(page, "desktop-hand-off-continue-as");
    await button.click();
    await expectHandedOff(page, app, user.email);
  });

  it("refuses a forged code at /electron/token", async () => {
    const app = await desktopApp(harness.server);
    const forged = await app.trade("Forged0000Code0000Forged0000Code");
    expect(forged.data).toBeNull();
    expect(forged.error?.status).toBe(404);
    expect(forged.error?.code).toBe("INVALID_TOKEN");
  });

  it("refuses to send a code anywhere but a loopback port or the latchkey: scheme", async () => {
    const user = await harness.server.signUp({ email: "desk-attacker@example.com", name: "Desk Target", password: "desk target 1" });
    const refused = ["https://attacker.example/callback", "http://localhost:4000/callback", "http://127.0.0.1.attacker.example:80/cb", "http://127.0.0.1/callback", "javascript:alert(1)"];
    for (const redirectUri of refused) {
      const app = await desktopApp(harness.server);
      const { page } = await harness.newPage({ as: user });
      await page.goto(signInAddress(app, redirectUri));
      await page.getByText("This sign-in link would send your session somewhere other than the Latchkey app on this computer", { exact: false }).waitFor();
      // Nothing to press: no form, no "Continue as".
      expect(await page.getByRole("button").filter({ hasText: /Sign in|Continue as/ }).count()).toBe(0);
      if (redirectUri.startsWith("https:")) {
        await expectAccessible(page, "desktop hand-off refused");
        await screenshot(page, "desktop-hand-off-refused");
      }
      await page.context().close();
    }
    // A link without its state is refused as incomplete.
    const app = await desktopApp(harness.server);
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in?client_id=electron&code_challenge=${app.challenge}&redirect_uri=${encodeURIComponent(callbackURL)}`);
    await page.getByText("This sign-in link is incomplete.", { exact: false }).waitFor();
  });
});
