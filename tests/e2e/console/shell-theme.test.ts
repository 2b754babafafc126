/** Light and dark: the system's scheme by default, a chosen theme over it; tokens and toasts follow. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, screenshot, watchPageErrors } from "../../helpers/console.js";

const harness = consoleForFile({ stepTimeout: 10_000 });

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = "rgb(247, 248, 250)";
const DARK_BG = "rgb(17, 21, 28)";

describe("themes", { timeout: 60_000 }, () => {
  it("follows the system's dark scheme, and a chosen theme wins over it", async () => {
    const user = await harness.server.signUp({ name: "Dark Reader" });
    const { page } = await harness.newPage({ as: user });
    const errors = watchPageErrors(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
    expect(await background(page)).toBe(DARK_BG);

    // A toast in dark mode (saving the profile) is readable: axe checks its contrast too.
    await page.getByLabel("Name", { exact: true }).fill("Dark Reader Two");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved").first().waitFor();
    await expectAccessible(page, "account (dark, with a toast)");
    await screenshot(page, "account-dark");

    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitem", { name: "Light" }).click();
    await expect.poll(() => background(page)).toBe(LIGHT_BG);
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitem", { name: "Dark" }).click();
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => background(page)).toBe(DARK_BG);
    expect(errors).toEqual([]);
  });

  it("names the theme and account buttons by the text they show (WCAG 2.5.3 label in name, issue 25)", async () => {
    const user = await harness.server.signUp({ name: "Voice Control" });
    const { page } = await harness.newPage({ as: user });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Theme: System", exact: true }).waitFor();
    await page.getByRole("button", { name: `Signed-in accounts: ${user.email}`, exact: true }).waitFor();
    await expectAccessible(page, "account (label in name)");
    // The check itself catches the old mistake: a button named "Theme" that shows "Theme: System".
    await page.evaluate(() => {
      const button = document.createElement("button");
      button.setAttribute("aria-label", "Theme");
      button.textContent = "Theme: System";
      document.querySelector("main")!.append(button);
    });
    const failure = await expectAccessible(page, "account with a mislabelled button").then(
      () => null,
      (error: { actual?: unknown }) => error,
    );
    expect(JSON.stringify(failure?.actual)).toContain("label-content-name-mismatch");
  });
});
