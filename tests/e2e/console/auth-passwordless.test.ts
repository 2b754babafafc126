/**
 * The console's sign-in page without a password (issue 37 item 8): "Email me a link" opens signed
 * in from the outbox's link, "Email me a code" signs in with the typed code, a two-factor user goes
 * on to the second step, three wrong codes leave the code dead, and with both methods off the
 * buttons are gone; the desktop app's browser sign-in takes a code, or a link opened in another
 * tab (two-factor accounts too), and hands it over. Mail is read from the outbox, as `auth mail list` would.
 */
import { generateSync } from "otplib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppListener, type AppListener } from "../../helpers/app-listener.js";
import { desktopApp, sessionOfToken } from "../../server/electron/support.js";
import { consoleForFile, expectAccessible, screenshot, watchPageErrors } from "../../helpers/console.js";
import { setRuntimeSetting } from "../../helpers/passwordless-client.js";

const harness = consoleForFile({ stepTimeout: 15_000 });

async function newestMail(email: string, kind: string) {
  let mail: Awaited<ReturnType<typeof harness.server.outbox>>[number] | undefined;
  await expect.poll(async () => (mail = (await harness.server.outbox(email)).find((entry) => entry.kind === kind)), { timeout: 20_000 }).toBeTruthy();
  return mail!;
}

async function openSignIn(page: Page, email: string) {
  await page.goto(`${harness.consoleURL}/sign-in`);
  await page.getByLabel("Email or username").fill(email);
}

async function askForCode(page: Page, email: string): Promise<string> {
  await openSignIn(page, email);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("Code from the email").waitFor();
  return (await newestMail(email, "email-otp")).token!;
}

describe("passwordless sign-in in the console", { timeout: 120_000 }, () => {
  it("mails a link that opens the console signed in", async () => {
    const user = await harness.server.signUp({ email: "pwless-link@example.com", name: "Lin Kmail" });
    await harness.server.verifyEmail(user.email);
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await openSignIn(page, user.email);
    await page.getByRole("button", { name: "Email me a link" }).waitFor();
    await expectAccessible(page, "sign-in with passwordless buttons");
    await screenshot(page, "sign-in-passwordless");

    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByRole("heading", { name: "Check your mail" }).waitFor();
    await page.getByRole("status").filter({ hasText: "a sign-in link is on its way" }).waitFor();
    await expectAccessible(page, "sign-in, link sent");
    const mail = await newestMail(user.email, "magic-link");
    expect(mail.url).toContain("callbackURL=%2Fconsole%2Faccount");

    await page.goto(mail.url!);
    await page.waitForURL(/\/console\/account$/);
    await page.getByText(user.email).first().waitFor();
    // Used once: the same link again comes back to the sign-in page with a clear message.
    const { page: again } = await harness.newPage();
    await again.goto(mail.url!);
    await again.waitForURL(/\/console\/sign-in\?/);
    await again.getByText("That sign-in link is invalid, already used or expired. Ask for a new one.").waitFor();
    expect(errors).toEqual([]);
  });

  it("signs in with a typed code, and asks for an address first", async () => {
    const user = await harness.server.signUp({ email: "pwless-code@example.com", name: "Cody Mail" });
    await harness.server.verifyEmail(user.email);
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-in`);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByText("Enter your email address above first.").waitFor();

    const code = await askForCode(page, user.email);
    const field = page.getByLabel("Code from the email");
    expect(await field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(await field.getAttribute("inputmode")).toBe("numeric");
    await expectAccessible(page, "sign-in, code field");
    await field.fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/console\/account$/);
    expect(errors).toEqual([]);
  });

  it("says the code is dead after three wrong tries, even for the right code", async () => {
    const user = await harness.server.signUp({ email: "pwless-wrong@example.com", name: "Wren Guess" });
    await harness.server.verifyEmail(user.email);
    const { page } = await harness.newPage();
    const code = await askForCode(page, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const field = page.getByLabel("Code from the email");
    for (let attempt = 1; attempt <= 3; attempt++) {
      await field.fill(wrong);
      const answered = page.waitForResponse((response) => response.url().endsWith("/sign-in/email-otp"));
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      expect((await answered).status()).toBe(400);
      await page.getByText("That code is not right. Check it and try again.").waitFor();
    }
    await field.fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Too many wrong codes: this one no longer works. Ask for a new one.").waitFor();
    // Only a new code helps: the sign-in button is gone, "Send a new code" remains.
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Send a new code" }).waitFor();
    await expectAccessible(page, "sign-in, dead code");
    expect(new URL(page.url()).pathname).toBe("/console/sign-in");
  });

  it("sends a two-factor user on to the second step after the code", async () => {
    const user = await harness.server.signUp({ email: "pwless-2fa@example.com", name: "Tova Factor" });
    await harness.server.verifyEmail(user.email);
    const enabled = await harness.server.request("POST", "/two-factor/enable", { token: user.token, body: { password: user.password } });
    expect(enabled.status).toBe(200);
    const secret = new URL(enabled.body.totpURI as string).searchParams.get("secret")!;
    const totp = (ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });
    expect((await harness.server.request("POST", "/two-factor/verify-totp", { token: user.token, body: { code: totp(harness.server.clock.now()) } })).status).toBe(200);
    harness.server.clock.advance(30_000);

    const { page } = await harness.newPage();
    const code = await askForCode(page, user.email);
    await page.getByLabel("Code from the email").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const second = page.getByLabel("Authenticator code");
    await second.waitFor();
    await second.fill(totp(harness.server.clock.now()));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/console\/account$/);
  });

  it("hides the buttons when both methods are off", async () => {
    await setRuntimeSetting(harness.server, "magicLink.enabled", false);
    await setRuntimeSetting(harness.server, "emailOTP.enabled", false);
    try {
      const { page } = await harness.newPage();
      // The page's own question (GET /providers) answered before the buttons are counted.
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/auth/providers"));
      await page.goto(`${harness.consoleURL}/sign-in`);
      expect(await (await answered).json()).toMatchObject({ magicLink: false, emailOTP: false });
      await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Email me a link" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Email me a code" }).count()).toBe(0);
    } finally {
      await setRuntimeSetting(harness.server, "magicLink.enabled", undefined);
      await setRuntimeSetting(harness.server, "emailOTP.enabled", undefined);
    }
  });
});

describe("passwordless sign-in in the desktop hand-off", { timeout: 120_000 }, () => {
  let listener: AppListener;
  beforeAll(async () => {
    listener = await startAppListener();
  });
  afterAll(async () => {
    await listener?.close();
  });

  it("signs in by code with the app's parameters and hands the session to the app", async () => {
    const user = await harness.server.signUp({ email: "pwless-desk@example.com", name: "Desk Code" });
    await harness.server.verifyEmail(user.email);
    const app = await desktopApp(harness.server);
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ ...app.query, redirect_uri: listener.callbackURL }).toString()}`);
    await page.getByRole("heading", { name: "Sign in to the Latchkey app" }).waitFor();
    await page.getByRole("button", { name: "Email me a code" }).waitFor();
    const code = await (async () => {
      await page.getByLabel("Email or username").fill(user.email);
      await page.getByRole("button", { name: "Email me a code" }).click();
      await page.getByLabel("Code from the email").waitFor();
      return (await newestMail(user.email, "email-otp")).token!;
    })();
    await page.getByLabel("Code from the email").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    await expect.poll(() => listener.received.some((r) => r.state === app.state)).toBe(true);
    const arrival = listener.received.find((r) => r.state === app.state)!;
    const traded = await app.trade(arrival.code!);
    expect(traded.error).toBeNull();
    expect((await sessionOfToken(harness.server, traded.data!.token))?.user.email).toBe(user.email);
  });

  /** Starts the app's browser sign-in, asks for a link, and returns the mailed URL (opened later in another tab). */
  async function mailedHandOffLink(email: string, app: Awaited<ReturnType<typeof desktopApp>>) {
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in?${new URLSearchParams({ ...app.query, redirect_uri: listener.callbackURL }).toString()}`);
    await page.getByRole("heading", { name: "Sign in to the Latchkey app" }).waitFor();
    await page.getByLabel("Email or username").fill(email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByRole("heading", { name: "Check your mail" }).waitFor();
    const mail = await newestMail(email, "magic-link");
    expect(new URL(mail.url!).searchParams.get("state")).toBe(app.state);
    return mail.url!;
  }

  async function tradedBy(app: Awaited<ReturnType<typeof desktopApp>>) {
    await expect.poll(() => listener.received.some((r) => r.state === app.state)).toBe(true);
    const arrival = listener.received.find((r) => r.state === app.state)!;
    const traded = await app.trade(arrival.code!);
    expect(traded.error).toBeNull();
    return (await sessionOfToken(harness.server, traded.data!.token))?.user.email;
  }

  it("a mailed link opened in another tab finishes the hand-off: the app gets its code", async () => {
    const user = await harness.server.signUp({ email: "pwless-desk-link@example.com", name: "Desk Link" });
    await harness.server.verifyEmail(user.email);
    const app = await desktopApp(harness.server);
    const url = await mailedHandOffLink(user.email, app);
    // Another browser tab (no sessionStorage of the first): the link's way back carries the app's address.
    const { page: other } = await harness.newPage();
    const errors = watchPageErrors(other);
    await other.goto(url);
    await other.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    expect(await tradedBy(app)).toBe(user.email);
    expect(errors).toEqual([]);

    // Opened again, the link is spent: the page says so, and nothing more reaches the app.
    const before = listener.received.length;
    const { page: again } = await harness.newPage();
    await again.goto(url);
    await again.getByText("This link did not sign you in for the app").waitFor();
    expect(listener.received.length).toBe(before);
  });

  it("a mailed link for a two-factor account hands off after the second step", async () => {
    const user = await harness.server.signUp({ email: "pwless-desk-2fa@example.com", name: "Desk Factor" });
    await harness.server.verifyEmail(user.email);
    const enabled = await harness.server.request("POST", "/two-factor/enable", { token: user.token, body: { password: user.password } });
    const secret = new URL(enabled.body.totpURI as string).searchParams.get("secret")!;
    const totp = (ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });
    expect((await harness.server.request("POST", "/two-factor/verify-totp", { token: user.token, body: { code: totp(harness.server.clock.now()) } })).status).toBe(200);
    harness.server.clock.advance(30_000);
    const app = await desktopApp(harness.server);
    const url = await mailedHandOffLink(user.email, app);
    const { page: other } = await harness.newPage();
    await other.goto(url);
    const second = other.getByLabel("Authenticator code");
    await second.waitFor();
    await second.fill(totp(harness.server.clock.now()));
    await other.getByRole("button", { name: "Verify" }).click();
    await other.getByRole("heading", { name: "You can return to Latchkey" }).waitFor();
    expect(await tradedBy(app)).toBe(user.email);
  });
});
