/**
 * Administration → Settings in the console (issue 33, item 10): an administrator turns a setting
 * on with a switch and it applies at once, saves a number, sees a refused value explained beside
 * its field, resets a change, and sees what the configuration locks; loading, empty and error
 * states; axe-clean at laptop and phone size; other users get a plain "not allowed".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, PHONE, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  // The configuration names user.deleteUserEnabled: that switch is locked.
  harness = await startConsole({ config: { user: { deleteUserEnabled: true } } });
  admin = await harness.createAdmin({ email: "settings-admin@example.com", name: "Settings Admin" });
});
afterAll(async () => {
  await harness?.close();
});

describe("settings page", { timeout: 120_000 }, () => {
  it("changes, explains refusals, resets, and shows locked settings", async () => {
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/users`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Server settings" }).click();
    await page.getByRole("heading", { name: "Server settings", level: 1 }).waitFor();

    const verify = page.getByRole("switch", { name: "Require a verified email to sign in" });
    expect(await verify.isChecked()).toBe(false);
    await verify.click();
    await page.getByText("Saved on every server: Require a verified email to sign in").waitFor();
    expect(await verify.isChecked()).toBe(true);
    expect(harness.server.app.context.config.emailAndPassword.requireEmailVerification).toBe(true);
    await page.getByText(/Changed by Settings Admin/).first().waitFor();

    // A number: a value the schema refuses is explained beside the field; a good one is saved.
    const minimum = page.getByRole("spinbutton", { name: "Shortest password allowed" });
    await minimum.fill("500");
    await page.getByRole("button", { name: "Save: Shortest password allowed" }).click();
    await page.getByRole("alert").filter({ hasText: "That value is not valid for this setting." }).waitFor();
    await minimum.fill("12");
    await page.getByRole("button", { name: "Save: Shortest password allowed" }).click();
    await page.getByText("Saved on every server: Shortest password allowed").waitFor();
    expect(harness.server.app.context.config.password.minLength).toBe(12);

    // What the configuration names is locked, and the page says why.
    const locked = page.getByRole("switch", { name: "People may delete their own account" });
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.getAttribute("aria-describedby")).toBeTruthy();
    await page.getByText("Set in the server's configuration (file, environment or flags), which wins: change it there.").first().waitFor();

    await expectAccessible(page, "settings");
    await screenshot(page, "settings");

    await page.getByRole("button", { name: "Reset: Require a verified email to sign in" }).click();
    await page.getByText("Back to the configuration's value: Require a verified email to sign in").waitFor();
    await expect.poll(() => verify.isChecked()).toBe(false);
    expect(harness.server.app.context.config.emailAndPassword.requireEmailVerification).toBe(false);
    await page.getByRole("button", { name: "Reset: Shortest password allowed" }).click();
    await expect.poll(() => harness.server.app.context.config.password.minLength).toBe(8);
    expect(errors).toEqual([]);
  });

  it("fits a phone and stays accessible there", async () => {
    const { page } = await harness.newPage({ as: admin, viewport: PHONE });
    await page.goto(`${harness.consoleURL}/admin/settings`);
    await page.getByRole("switch", { name: "Require a verified email to sign in" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, "settings on a phone");
    await screenshot(page, "settings-phone");
  });

  it("shows loading, then an error with a retry, and an empty list", async () => {
    const { page } = await harness.newPage({ as: admin });
    let answer: "fail" | "empty" | "hold" = "hold";
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/admin/settings", async (route) => {
      if (answer === "hold") await held;
      if (answer === "empty") return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ settings: [] }) });
      return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "INTERNAL_SERVER_ERROR", message: "boom" }) });
    });
    await page.goto(`${harness.consoleURL}/admin/settings`);
    await page.getByRole("status").filter({ hasText: "Loading" }).waitFor();
    answer = "fail";
    release();
    const failure = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Try again" }) });
    await failure.waitFor();
    answer = "empty";
    await failure.getByRole("button", { name: "Try again" }).click();
    await page.getByText("Nothing to change here").waitFor();
    await expectAccessible(page, "settings, empty");
  });

  it("tells a user without the permission that the settings are not for them", async () => {
    const user = await harness.server.signUp({ email: "plain-settings@example.com", password: "plain password 1" });
    const { page } = await harness.newPage({ as: { email: user.email, password: "plain password 1" } });
    await page.goto(`${harness.consoleURL}/admin/settings`);
    await page.getByText("You can't see the settings").waitFor();
    expect(await page.getByRole("link", { name: "Server settings" }).count()).toBe(0);
  });
});
