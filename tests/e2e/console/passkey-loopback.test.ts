/**
 * Passkeys on the README's own address (issue 33): a server started with the defaults listens on
 * http://127.0.0.1:PORT. Browsers refuse an IP address as a relying party, so there the console
 * hides the passkey buttons and says why, linking to the same server as localhost; and there,
 * with no configuration at all, adding a passkey and signing in with it work (Chromium's virtual
 * authenticator).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;

beforeAll(async () => {
  // Nothing configured: the base URL is the default one on 127.0.0.1.
  harness = await startConsole({ stepTimeout: 15_000 });
});
afterAll(async () => {
  await harness?.close();
});

describe("passkeys on a server at its default loopback address (#33)", { timeout: 120_000 }, () => {
  it("on 127.0.0.1 hides the passkey buttons, says why and links to localhost", async () => {
    const user = await harness.server.signUp({ email: "pk-ip@example.com", name: "Ip Person", password: "ip password 123" });
    const { page } = await harness.newPage({ as: user });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    const section = page.getByRole("region", { name: "Passkeys", exact: true });
    await section.getByText(/Passkeys don't work on an IP address such as 127\.0\.0\.1/).waitFor();
    expect(await section.getByRole("button", { name: "Add a passkey" }).count()).toBe(0);
    const local = `${harness.server.url.replace("127.0.0.1", "localhost")}/console/account`;
    expect(await section.getByRole("link", { name: local }).getAttribute("href")).toBe(local);
    await expectAccessible(page, "passkeys unavailable on an IP address");
    await screenshot(page, "passkeys-on-ip-address");

    await page.context().clearCookies();
    await page.goto(`${harness.consoleURL}/sign-in`);
    await page.getByLabel("Email or username").waitFor();
    expect(await page.getByRole("button", { name: "Sign in with a passkey" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("on localhost adds a passkey and signs in with it, with nothing configured", async () => {
    const origin = harness.server.url.replace("127.0.0.1", "localhost");
    const user = await harness.server.signUp({ email: "pk-localhost@example.com", name: "Local Person", password: "local password 123" });
    const { context, page } = await harness.newPage();
    const errors = watchPageErrors(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const signedIn = await page.request.post(`${origin}/api/auth/sign-in/email`, { data: { email: user.email, password: user.password }, headers: { origin } });
    expect(signedIn.ok()).toBe(true);

    await page.goto(`${origin}/console/account`);
    const section = page.getByRole("region", { name: "Passkeys", exact: true });
    await section.getByText("No passkeys yet.").waitFor();
    await section.getByLabel("Name for the new passkey").fill("Demo laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await section.getByRole("row", { name: /Demo laptop/ }).waitFor();
    await screenshot(page, "passkeys-on-localhost");

    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await context.clearCookies();
    await page.goto(`${origin}/console/sign-in`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(/\/console\/account$/);
    expect((await (await page.request.get(`${origin}/api/auth/get-session`)).json()).user.email).toBe(user.email);
    expect(errors).toEqual([]);
  });
});
