/**
 * Loading and offline states (issue 33, item 11): on a slow link the page shows its frame before
 * the scripts arrive (a static first paint in index.html), and with the network gone a search no
 * longer shows the previous results silently: a notice says the server cannot be reached, and goes
 * when it can again.
 */
import type { Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  harness = await startConsole({ stepTimeout: 15_000 });
  admin = await harness.createAdmin({ email: "offline-admin@example.com", name: "Offline Admin" });
  for (const name of ["ada", "grace", "linus"]) await harness.server.signUp({ email: `${name}@example.com`, name });
});
afterAll(async () => {
  await harness?.close();
});

describe("loading and offline states (#33)", { timeout: 120_000 }, () => {
  it("paints the console's frame before its scripts arrive", async () => {
    const { page } = await harness.newPage();
    // The scripts are held back until the frame has been looked at: a link as slow as you like.
    const held: Route[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/console/assets/*.js", async (route) => {
      held.push(route);
      await released;
      await route.continue();
    });
    await page.goto(`${harness.consoleURL}/sign-in`, { waitUntil: "commit" });
    const frame = page.locator(".first-paint");
    await frame.waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await frame.getByText("Latchkey", { exact: true }).isVisible()).toBe(true);
    // Not a blank page: the frame fills the window.
    const box = await frame.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(800 - 1);
    await screenshot(page, "first-paint-before-scripts", { window: true });

    release();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await frame.count()).toBe(0);
  });

  it("says the server cannot be reached while offline, instead of showing old search results as the answer", async () => {
    const { context, page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/users`);
    const grid = page.getByRole("grid", { name: "Users" });
    await grid.getByText("grace@example.com").waitFor();
    const notice = page.getByRole("status").filter({ hasText: "offline" });
    expect(await notice.count()).toBe(0);

    await context.setOffline(true);
    await page.getByRole("searchbox", { name: "Search users" }).fill("linus");
    await notice.getByText("You're offline. What you see may be out of date; it refreshes when the connection is back.").waitFor();
    await expectAccessible(page, "users while offline");
    await screenshot(page, "offline-users-search", { window: true });

    await context.setOffline(false);
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
    // Back online, the search runs and its answer replaces the whole list: grace (no match) leaves
    // and linus stays (linus was in the unfiltered list too, so only grace's leaving shows the
    // search's answer arrived; on a loaded machine that can take seconds).
    await expect.poll(() => grid.getByText("grace@example.com").count(), { timeout: 15_000 }).toBe(0);
    expect(await grid.getByText("linus@example.com").count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
