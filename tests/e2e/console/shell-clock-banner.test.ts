/**
 * Issue 39: on a server whose clock was moved (`auth server start --clock-offset 8d`), every page
 * of the console says so — in English and in Russian, whose plural of "day" is not English's —
 * and counts relative times from the server's clock, not the browser's.
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

  it("counts relative times from the server's clock: an invitation made now expires in 2 days, not 10", async () => {
    const { server, consoleURL } = harness;
    const owner = await server.signUp({ name: "Clock Owner" });
    await server.verifyEmail(owner.email);
    const organization = await server.client(owner.token).createOrganization({ name: "Clockwork", slug: "clockwork" });
    // 48 hours from the server's now, which is 8 days ahead of this browser's.
    await server.client(owner.token).inviteOrganizationMember({ organizationId: organization.id, email: "later@example.com", role: "member" });
    const { page } = await harness.newPage({ as: owner });
    const errors = watchPageErrors(page);
    await page.goto(`${consoleURL}/organizations/${organization.id}/invitations`);
    const row = page.getByRole("table", { name: "Invitations" }).getByRole("row").filter({ hasText: "later@example.com" });
    await row.getByText("Pending").waitFor();
    await row.getByRole("cell", { name: "in 2 days", exact: true }).waitFor();
    // The session just made was last seen now on the server's clock (the browser's would say "in 8 days").
    await page.goto(`${consoleURL}/account`);
    const current = page.getByRole("row").filter({ hasText: "This device" });
    await current.first().waitFor();
    const lastSeen = current.first().getByRole("cell").nth(3);
    // Seconds or minutes ago (a loaded CI box can take minutes to get here), never days.
    expect(await lastSeen.textContent()).toMatch(/^(now|\d+ seconds? ago|\d+ minutes? ago)$/);
    expect(errors).toEqual([]);
  });
});
