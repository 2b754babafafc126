/**
 * Issue 45: `npm test` on a machine with no system Chromium. With the system browsers hidden
 * (LATCHKEY_TEST_BROWSER=npm, a CHROMIUM_PATH that does not exist), the suite's browser finder
 * falls back to the Chromium in the @sparticuz/chromium devDependency, and that browser starts
 * and renders a page with the flags every console test uses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { findChromium, launchBrowser } from "../helpers/browser.js";

describe("with no system Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    // findChromium reads these on its first call in this file's worker (vitest isolates files).
    process.env.LATCHKEY_TEST_BROWSER = "npm";
    process.env.CHROMIUM_PATH = "/nowhere/chromium";
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the suite drives the npm Chromium", async () => {
    const found = await findChromium();
    expect(found.source).toBe("npm");
    expect(found.executablePath).not.toMatch(/^\/usr\/bin\//);

    const page = await browser.newPage();
    await page.setContent("<title>npm chromium</title><p>rendered</p>");
    expect(await page.title()).toBe("npm chromium");
    expect(await page.getByText("rendered").isVisible()).toBe(true);
  });
});
