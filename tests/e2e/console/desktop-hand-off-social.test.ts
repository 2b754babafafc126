/**
 * The desktop hand-off through a social provider (issue 21): the page's provider button goes to
 * /electron/init-oauth-proxy, the provider (oidc-provider on loopback) signs the person in, the
 * round trip ends on /console/sign-in?handoff=cookie, and the page passes the cookie's code to the
 * app's loopback listener (the address it kept in this tab). A returned cookie without the page's
 * own hand-off in the tab goes nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { expectAccessible, screenshot, startConsole, type ConsoleHarness } from "../../helpers/console.js";
import { desktopApp, sessionOfToken } from "../../server/electron/support.js";
import { startIdp, type TestIdp } from "../../server/social/support.js";

let idp: TestIdp;
let harness: ConsoleHarness;
let listener: AppListener;
let callbackURL: string;
let received: AppListener["received"];

beforeAll(async () => {
  idp = await startIdp();
  harness = await startConsole({
    stepTimeout: 15_000,
    config: { socialProviders: { google: { clientId: idp.clientId, clientSecret: idp.clientSecret, endpoints: idp.endpoints } } },
  });
  idp.allow([`${harness.server.api}/callback/google`]);
  listener = await startAppListener();
  ({ callbackURL, received } = listener);
}, 90_000);
afterAll(async () => {
  await listener?.close();
  await harness?.close();
  await idp?.close();
});

describe("desktop hand-off through a social provider", { timeout: 90_000 }, () => {
  it("hands the provider's sign-in to the app through the page's cookie", async () => {
    idp.users.set("dana", { sub: "dana", email: "dana@example.com", email_verified: true, name: "Dana Desk" });
    const app = await desktopApp(harness.server);
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ ...app.query, redirect_uri: callbackURL }).toString()}`);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill("dana");
    await page.locator('input[name="password"]').fill("any");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await expectAccessible(page, "desktop hand-off after a provider");
    await screenshot(page, "desktop-hand-off-social-done");

    await expect.poll(() => received.find((r) => r.state === app.state)).toBeTruthy();
    const code = received.find((r) => r.state === app.state)!.code!;
    const traded = await app.trade(code);
    expect(traded.error).toBeNull();
    expect((await sessionOfToken(harness.server, traded.data!.token))?.user.email).toBe("dana@example.com");
    // The page cleared the cookie: nothing is left for a later visit.
    expect((await page.context().cookies()).some((cookie) => cookie.name === "latchkey.electron")).toBe(false);
  });

  it("sends a returned code nowhere when this tab did not start the hand-off", async () => {
    const { page } = await harness.newPage();
    await page.context().addCookies([{ name: "latchkey.electron", value: Buffer.from(JSON.stringify({ identifier: "A".repeat(32), state: "planted" })).toString("base64url"), url: harness.server.url }]);
    const before = received.length;
    await page.goto(`${harness.consoleURL}/sign-in?handoff=cookie`);
    await page.getByText("The sign-in came back without a code for the app.", { exact: false }).waitFor();
    expect(received.length).toBe(before);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "latchkey.electron")).toBe(false);
  });
});
