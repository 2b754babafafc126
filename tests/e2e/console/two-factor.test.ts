/**
 * Two-factor in the console (issue 11): a person sets up an authenticator app on the account page
 * (QR code, key, backup codes), signs in again through the second step and trusts the device;
 * an administrator sees two-factor on in the user's panel and resets it.
 */
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsole();
});
afterAll(async () => {
  await harness?.close();
});

const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000), period: 30, digits: 6, algorithm: "sha1" });

describe("two-factor in the console", { timeout: 120_000 }, () => {
  it("sets up TOTP, asks for the code at the next sign-in, trusts the device, and an administrator resets it", async () => {
    const user = await harness.server.signUp({ email: "tf-console@example.com", name: "Tess Factor", password: "tess password 1" });
    const { page } = await harness.newPage({ as: user });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    const section = page.getByRole("region", { name: "Two-factor authentication", exact: true });
    await section.getByLabel("Your password").fill(user.password);
    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    await section.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").count()).toBe(10);
    const backupCode = (await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").first().textContent())!.trim();
    await expectAccessible(page, "two-factor setup");
    await screenshot(page, "account-two-factor-setup");
    await section.getByLabel("Code from the app").fill(codeAt(secret, harness.server.clock.now()));
    await section.getByRole("button", { name: "Turn on two-factor" }).click();
    await section.getByText("Two-factor authentication is on.").waitFor();

    // A new browser: password, then the second step; the code of the next time step (the first is used).
    harness.server.clock.advance(30_000);
    const { page: again } = await harness.newPage();
    await again.goto(`${harness.consoleURL}/sign-in`);
    await again.getByLabel("Email or username").fill(user.email);
    await again.getByLabel("Password").fill(user.password);
    await again.getByRole("button", { name: "Sign in", exact: true }).click();
    const code = again.getByLabel("Authenticator code");
    await code.waitFor();
    await expectAccessible(again, "sign-in second step");
    await screenshot(again, "sign-in-second-step");
    await code.fill("000000");
    await again.getByRole("button", { name: "Verify" }).click();
    await again.getByText("That code is not right.", { exact: false }).waitFor();
    await code.fill(codeAt(secret, harness.server.clock.now()));
    await again.getByLabel("Trust this device for 30 days").check();
    await again.getByRole("button", { name: "Verify" }).click();
    await again.waitForURL(/\/console\/account$/);
    const cookies = await again.context().cookies();
    expect(cookies.some((c) => c.name === "latchkey.trust_device")).toBe(true);

    // A backup code works on another browser.
    const { page: third } = await harness.newPage();
    await third.goto(`${harness.consoleURL}/sign-in`);
    await third.getByLabel("Email or username").fill(user.email);
    await third.getByLabel("Password").fill(user.password);
    await third.getByRole("button", { name: "Sign in", exact: true }).click();
    await third.getByRole("button", { name: "Use a backup code" }).click();
    await third.getByLabel("Backup code").fill(backupCode);
    await third.getByRole("button", { name: "Verify" }).click();
    await third.waitForURL(/\/console\/account$/);

    const admin = await harness.createAdmin();
    const { page: adminPage } = await harness.newPage({ as: admin });
    await adminPage.goto(`${harness.consoleURL}/admin/users/${user.userId}`);
    const card = adminPage.getByRole("region", { name: "Two-factor authentication", exact: true });
    await card.getByText("Two-factor authentication is on.").waitFor();
    await card.getByRole("button", { name: "Reset two-factor" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Reset two-factor" }).click();
    await card.getByText("Two-factor authentication is off.").waitFor();
    await expectAccessible(adminPage, "admin two-factor card");
    expect((await harness.server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } })).body.token).toBeTruthy();
    expect(errors).toEqual([]);
  });
});

describe("two-factor required for administrators", { timeout: 120_000 }, () => {
  it("sends an administrator without two-factor to the account page, where setting it up unlocks the console", async () => {
    const strict = await startConsole({ config: { twoFactor: { requiredForRoles: ["admin"] } } });
    try {
      const admin = await strict.createAdmin({ email: "must-2fa@example.com" });
      const { page } = await strict.newPage({ as: admin });
      const errors = watchPageErrors(page);
      await page.goto(`${strict.consoleURL}/admin/users`);
      await page.waitForURL(/\/console\/account$/);
      const section = page.getByRole("region", { name: "Two-factor authentication", exact: true });
      await section.getByLabel("Your password").fill(admin.password);
      await section.getByRole("button", { name: "Set up an authenticator app" }).click();
      const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
      await section.getByLabel("Code from the app").fill(codeAt(secret, strict.server.clock.now()));
      await section.getByRole("button", { name: "Turn on two-factor" }).click();
      await section.getByText("Two-factor authentication is on.").waitFor();
      await page.goto(`${strict.consoleURL}/admin/users`);
      await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
      expect(page.url()).toMatch(/\/console\/admin\/users/);
      expect(errors).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
