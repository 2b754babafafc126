/**
 * The manual at /docs in a real browser (issue 33 item 13): the console links to it, the page
 * passes axe at a laptop's and a phone's size in light and dark, the search box filters as you
 * type from the index the page fetched from this server (no other network), the results lead to
 * the section, and the strict CSP blocks nothing the page needs.
 */
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, PHONE, screenshot, watchPageErrors } from "../../helpers/console.js";
import { desktopMain } from "../../helpers/desktop-app.js";

const harness = consoleForFile({ stepTimeout: 10_000 });

describe("the manual at /docs", { timeout: 90_000 }, () => {
  it("is linked from the console, searchable as you type, and accessible", async () => {
    const admin = await harness.createAdmin();
    const { context, page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    const elsewhere: string[] = [];
    context.on("request", (request) => {
      if (!request.url().startsWith(harness.server.url)) elsewhere.push(request.url());
    });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("link", { name: "Documentation" }).click();
    await page.getByRole("heading", { name: "Latchkey", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/docs/");
    await expectAccessible(page, "docs index");

    await page.getByRole("navigation", { name: "Documents" }).getByRole("link", { name: "Configuration" }).click();
    await page.getByRole("heading", { name: "Configuration", level: 1 }).waitFor();
    await expectAccessible(page, "docs: configuration");

    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("TOO_MANY_SIGN_IN_ATTEMPTS");
    const results = page.locator("#results");
    await results.getByRole("heading", { name: /results? for “TOO_MANY_SIGN_IN_ATTEMPTS”/ }).waitFor();
    // The document itself steps aside while results show.
    await expect.poll(() => page.locator("#article").isHidden()).toBe(true);
    await expectAccessible(page, "docs: search results");
    await screenshot(page, "docs-search");
    const lockout = results.getByRole("link", { name: /^Account lockout/ }).first();
    await lockout.click();
    await page.waitForURL(/\/docs\/lockout(#.*)?$/);
    await page.getByRole("heading", { name: "Account lockout", level: 1 }).waitFor();

    await search.fill("zzqqxxnothing");
    await results.getByRole("heading", { name: "Nothing found for “zzqqxxnothing”" }).waitFor();
    await search.fill("");
    await expect.poll(() => page.locator("#article").isVisible()).toBe(true);

    // Without scripts (or before the index arrives) Enter asks the server: the same results.
    await page.goto(`${harness.server.url}/docs?q=rotate-secret`);
    await page.locator("#results").getByRole("link", { name: /Rotating the server secret/ }).first().waitFor();

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${harness.server.url}/docs/api`);
    await page.getByRole("heading", { name: "The HTTP API", level: 1 }).waitFor();
    await expectAccessible(page, "docs: api (dark)");
    expect(errors).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it("in the desktop app, opens the active server's manual in the system browser", async () => {
    const main = desktopMain(harness.server.url);
    try {
      const person = await harness.server.signUp({ email: "app-reader@example.com", name: "App Reader" });
      await main.store.setCredential(main.serverId, person.token);
      const { page } = await harness.newPage();
      const errors = watchPageErrors(page);
      await main.attach(page);
      await page.goto(`${harness.consoleURL}/#/account`);
      await page.getByRole("link", { name: "Documentation" }).click();
      await expect.poll(() => main.opened).toEqual([`${harness.server.url}/docs/`]);
      // The app's own window stays on the console.
      expect(new URL(page.url()).pathname).toBe("/console/");
      expect(errors).toEqual([]);
    } finally {
      main.close();
    }
  });

  it("fits a phone: no sideways scroll of the page, tables and code scroll in their own box", async () => {
    const { page } = await harness.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.server.url}/docs/`);
    await page.getByRole("heading", { name: "Latchkey", level: 1 }).waitFor();
    await screenshot(page, "docs-390x844", { window: true });
    for (const name of ["", "api", "cli-commands", "configuration"]) {
      await page.goto(`${harness.server.url}/docs/${name}`);
      await page.locator("h1").first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `/docs/${name}`).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page, "docs: configuration at 390×844");
    expect(errors).toEqual([]);
  });
});
