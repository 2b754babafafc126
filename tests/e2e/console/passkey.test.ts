/**
 * Passkeys in the console (issue 11) through Chromium's virtual authenticator (DevTools WebAuthn
 * domain): add one on the account page, rename it, sign in with it, delete it. WebAuthn refuses
 * IP addresses as relying parties, so the browser uses http://localhost:PORT.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

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

describe("passkeys in the console", { timeout: 120_000 }, () => {
  it("adds, renames, signs in with and deletes a passkey", async () => {
    const user = await harness.server.signUp({ email: "pk-console@example.com", name: "Pat Key", password: "pat password 1" });
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
    await section.getByLabel("Name for the new passkey").fill("Laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await section.getByRole("row", { name: /Laptop/ }).waitFor();
    await expectAccessible(page, "account passkeys");
    await screenshot(page, "account-passkeys");

    await section.getByRole("button", { name: "Rename Laptop" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Work laptop");
    await dialog.getByRole("button", { name: "Save" }).click();
    await section.getByRole("row", { name: /Work laptop/ }).waitFor();

    // Signed out, the passkey alone signs in (no second step): first with the button, conditional
    // UI kept off (as in a browser without it); then by autofill, which Chromium's virtual
    // authenticator answers at once.
    await page.addInitScript(() => {
      if (localStorage.getItem("e2e-no-conditional") === "1") PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await page.evaluate(() => localStorage.setItem("e2e-no-conditional", "1"));
    await context.clearCookies();
    await page.goto(`${origin}/console/sign-in`);
    expect(await page.getByLabel("Email or username").getAttribute("autocomplete")).toBe("username webauthn");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(/\/console\/account$/);
    expect((await (await page.request.get(`${origin}/api/auth/get-session`)).json()).user.email).toBe(user.email);

    await page.evaluate(() => localStorage.removeItem("e2e-no-conditional"));
    await context.clearCookies();
    await page.goto(`${origin}/console/sign-in`);
    await page.waitForURL(/\/console\/account$/);
    expect((await (await page.request.get(`${origin}/api/auth/get-session`)).json()).user.email).toBe(user.email);

    const again = page.getByRole("region", { name: "Passkeys", exact: true });
    await again.getByRole("button", { name: "Delete Work laptop" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await again.getByText("No passkeys yet.").waitFor();
    expect(await harness.server.database.db.selectFrom("passkey").select("id").where("userId", "=", user.userId).execute()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
