/**
 * "Sign up with a passkey" on the console's sign-up page (issue 37 item 3), through Chromium's
 * virtual authenticator: the account is created with no password and signed in at once; a taken
 * address lands on the email field; with `passkey.allowSignUp` off the button is gone. WebAuthn
 * refuses IP addresses as relying parties, so the browser uses http://localhost:PORT.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { setRuntimeSetting } from "../../helpers/passwordless-client.js";

let harness: ConsoleHarness;
let origin: string;

beforeAll(async () => {
  harness = await startConsole({ config: { trustedOrigins: ["http://localhost:*"] } });
  origin = harness.server.url.replace("127.0.0.1", "localhost");
  // The relying party follows the base URL's host: the server is reached as localhost here.
  (harness.server.app.context as { baseURL: string }).baseURL = origin;
});
afterAll(async () => {
  await harness?.close();
});

async function pageWithAuthenticator(): Promise<Page> {
  const { context, page } = await harness.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return page;
}

describe("sign up with a passkey in the console", { timeout: 120_000 }, () => {
  it("creates a passwordless account, signed in at once, that the passkey signs in to again", async () => {
    const page = await pageWithAuthenticator();
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/console/sign-up`);
    const button = page.getByRole("button", { name: "Sign up with a passkey" });
    await button.waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Pia Passkey");
    await page.getByLabel("Email", { exact: true }).fill("pia-passkey@example.com");
    await expectAccessible(page, "sign-up with passkey");
    await screenshot(page, "auth-sign-up");
    await page.getByLabel("Name", { exact: true }).fill("");
    // The button checks the form's name and email first, without a ceremony.
    await button.click();
    await page.getByText("Enter your name.").waitFor();
    expect(await harness.server.database.db.selectFrom("passkey").select("id").execute()).toEqual([]);

    await page.getByLabel("Name", { exact: true }).fill("Pia Passkey");
    await button.click();
    await page.waitForURL(/\/console\/account$/);
    const session = await (await page.request.get(`${origin}/api/auth/get-session`)).json();
    expect(session.user).toMatchObject({ email: "pia-passkey@example.com", name: "Pia Passkey", emailVerified: false });
    const db = harness.server.database.db;
    expect(await db.selectFrom("account").select("id").where("userId", "=", session.user.id).execute()).toEqual([]);
    expect(await db.selectFrom("passkey").select("userId").where("userId", "=", session.user.id).execute()).toHaveLength(1);

    // Signed out, the same passkey signs in.
    await page.context().clearCookies();
    await page.goto(`${origin}/console/sign-in`);
    await page.waitForURL(/\/console\/account$/);
    expect((await (await page.request.get(`${origin}/api/auth/get-session`)).json()).user.id).toBe(session.user.id);
    expect(errors).toEqual([]);
  });

  it("puts a taken address on the email field and creates nothing", async () => {
    const taken = await harness.server.signUp({ email: "pia-taken@example.com" });
    const page = await pageWithAuthenticator();
    await page.goto(`${origin}/console/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Someone Else");
    await page.getByLabel("Email", { exact: true }).fill(taken.email);
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await page.getByText("An account with this email already exists.").waitFor();
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await harness.server.database.db.selectFrom("passkey").select("id").where("userId", "=", taken.userId).execute()).toEqual([]);
  });

  it("shows no passkey button while passkey.allowSignUp is off", async () => {
    await setRuntimeSetting(harness.server, "passkey.allowSignUp", false);
    try {
      const { page } = await harness.newPage();
      // The button follows GET /providers: once its answer is in and rendered, the button is absent.
      const providers = page.waitForResponse((response) => response.url().endsWith("/api/auth/providers"));
      await page.goto(`${origin}/console/sign-up`);
      expect((await (await providers).json()).passkeySignUp).toBe(false);
      await page.getByRole("button", { name: "Create account" }).waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.getByRole("button", { name: "Sign up with a passkey" }).count()).toBe(0);
    } finally {
      await setRuntimeSetting(harness.server, "passkey.allowSignUp", undefined);
    }
  });
});
