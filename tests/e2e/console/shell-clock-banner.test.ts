/**
 * Issue 39: on a server whose clock was moved (`auth server start --clock-offset 8d`), every page
 * of the console says so — in English and in Russian, whose plural of "day" is not English's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShiftedClock, type TestClock } from "../../../server/clock.js";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

const DAY = 86_400_000;

/** The clock of a server started with --clock-offset 8d, in the shape the test server takes. */
function eightDaysAhead(): TestClock {
  const clock = createShiftedClock(8 * DAY);
  return Object.assign(clock, {
    set() {
      throw new Error("a shifted clock follows real time");
    },
  });
}

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  harness = await startConsole({ clock: eightDaysAhead() });
  admin = await harness.createAdmin({ email: "clock-admin@example.com", name: "Clock Admin" });
});
afterAll(async () => {
  await harness?.close();
});

describe("clock banner", { timeout: 90_000 }, () => {
  it("says on every page that the server's clock runs 8 days ahead", async () => {
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    const banner = page.getByRole("status").filter({ hasText: "Clock shifted by +8 days" });
    await banner.waitFor();
    await page.goto(`${harness.consoleURL}/admin/users`);
    await banner.waitFor();
    await expectAccessible(page, "clock banner");
    await screenshot(page, "clock-banner", { window: true });

    // The administrator's own language, as the account page would save it.
    const saved = await page.request.post(`${harness.server.api}/update-user`, { data: { language: "ru" }, headers: { origin: harness.server.url } });
    expect(saved.ok()).toBe(true);
    await page.reload();
    await page.getByRole("status").filter({ hasText: "Часы сдвинуты на +8 дней" }).waitFor();
    expect(errors).toEqual([]);
  });
});
