/** The audit log view: filters kept in the URL, "Load older" paging, the live tail, and who may read it. */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

/** Two cores shared with other suites: give the UI time. */
const SLOW = { timeout: 20_000 };

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };
let adminToken: string;

beforeAll(async () => {
  harness = await startConsole();
  admin = await harness.createAdmin({ email: "audit-admin@example.com" });
  const answer = await harness.server.client().signInEmail({ email: admin.email, password: admin.password });
  adminToken = signedIn(answer).token ?? "";
});
afterAll(async () => {
  await harness?.close();
});

/** A datetime-local value (the browser's local time, same machine as the test). */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function table(page: Page) {
  return page.getByRole("table", { name: "Audit events, newest first" });
}

/** Body rows of the events table (the header row excluded). */
async function bodyRowCount(page: Page): Promise<number> {
  return (await table(page).getByRole("row").count()) - 1;
}

describe("audit log", { timeout: 180_000 }, () => {
  it("lists events newest first in words, filters by actor email, action prefix and time, and keeps filters in the URL", async () => {
    const early = await harness.server.signUp({ email: "early-bird@example.com", name: "Early Bird" });
    const client = harness.server.client(adminToken);
    await client.adminBanUser({ userId: early.userId, banReason: "spam from the audit test" });
    harness.server.clock.advance(2 * 24 * 3600_000);
    const late = await harness.server.signUp({ email: "late-comer@example.com", name: "Late Comer" });
    await harness.server.app.context.audit.flush();

    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/audit`);
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    const rows = table(page).getByRole("row");
    await rows.nth(1).waitFor();
    // Newest first: this browser's sign-in, then the late sign-up, and the ban before them.
    await expect.poll(() => rows.nth(1).textContent(), SLOW).toContain("Signed in");
    await expect.poll(() => rows.nth(1).textContent(), SLOW).toContain(admin.email);
    expect(await rows.nth(2).textContent()).toContain("Signed up");
    await expect.poll(() => rows.nth(2).textContent(), SLOW).toContain("late-comer@example.com");
    const banRow = rows.filter({ hasText: "User banned" });
    expect(await banRow.count()).toBe(1);
    expect(await banRow.textContent()).toContain("spam from the audit test");
    expect(await banRow.textContent()).toContain("user.ban");
    await banRow.getByRole("link", { name: "early-bird@example.com" }).waitFor();
    expect(await banRow.getByRole("link", { name: "early-bird@example.com" }).getAttribute("href")).toBe(`/console/admin/users/${early.userId}`);
    // The actor's link is drawn with the row, but waited for like any other state.
    await expect.poll(() => banRow.getByRole("link", { name: admin.email }).count(), SLOW).toBe(1);
    await expectAccessible(page, "audit log");
    await screenshot(page, "audit-events");

    // Actor by email + an action prefix.
    const filters = page.getByRole("form", { name: "Filter events" });
    await filters.getByLabel("Actor").fill("early-bird@example.com");
    await filters.getByLabel("Action").fill("user.*");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/actor=early-bird/);
    const url = new URL(page.url());
    expect(url.searchParams.get("action")).toBe("user.*");
    await expect.poll(() => bodyRowCount(page), SLOW).toBe(1);
    expect(await rows.nth(1).textContent()).toContain("Signed up");
    expect(await page.getByText("2 filters applied").count()).toBe(1);
    await expectAccessible(page, "audit log (filtered)");
    await screenshot(page, "audit-filtered");

    // A reload keeps the filters, in the fields and in the results.
    await page.reload();
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    await expect.poll(() => page.getByLabel("Actor").inputValue(), SLOW).toBe("early-bird@example.com");
    expect(await page.getByLabel("Action").inputValue()).toBe("user.*");
    await expect.poll(() => bodyRowCount(page), SLOW).toBe(1);

    // A target filter by email, and a time range that leaves out the earlier day.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("actor"), SLOW).toBeNull();
    await page.getByLabel("Target").fill(early.userId);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/target=/);
    // The unfiltered list has its one ban row too: wait until every row is one about the target.
    await expect
      .poll(async () => {
        const texts = await table(page).getByRole("row").allTextContents();
        return { bans: texts.filter((text) => text.includes("User banned")).length, others: texts.slice(1).filter((text) => !text.includes("early-bird@example.com")).length };
      }, SLOW)
      .toEqual({ bans: 1, others: 0 });
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("From").fill(localInput(harness.server.clock.now() - 24 * 3600_000));
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/from=/);
    // The late sign-up and this browser's own sign-in are inside the range; the first day is not.
    // Waited for as one: the target filter's answer (two rows, too) can still be on screen.
    await expect
      .poll(async () => {
        const text = (await table(page).textContent()) ?? "";
        return { rows: await bodyRowCount(page), late: text.includes(late.email), early: text.includes("early-bird@example.com") };
      }, SLOW)
      .toEqual({ rows: 2, late: true, early: false });

    // An email no one has is said in words, not as an empty table.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Actor").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("No user has the email nobody-here@example.com.").waitFor();

    // A start after the end is refused before asking the server.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("From").fill(localInput(Date.now()));
    await page.getByLabel("Until").fill(localInput(Date.now() - 3600_000));
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.getByText("The start must be before the end.").waitFor();
    expect(errors).toEqual([]);
  });

  it("pages older events with Load older", async () => {
    for (let i = 0; i < 55; i += 1) await harness.server.signUp({ email: `pager${i}@example.com` });
    await harness.server.app.context.audit.flush();
    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/admin/audit?action=user.sign-up`);
    await expect.poll(() => bodyRowCount(page), SLOW).toBe(50);
    // The newest sign-up's email (the event carries it) heads the list.
    await expect.poll(() => table(page).getByRole("row").nth(1).textContent(), SLOW).toContain("pager54@example.com");
    const all = await harness.server.client(adminToken).adminListAuditEvents({ action: "user.sign-up", limit: 500 });
    expect(all.events.length).toBeGreaterThan(50);
    expect(all.events.length).toBeLessThanOrEqual(100);
    await page.getByRole("button", { name: "Load older events" }).click();
    await expect.poll(() => bodyRowCount(page), SLOW).toBe(all.events.length);
    await page.getByText("That is the oldest event.").waitFor();
    expect(await page.getByRole("button", { name: "Load older events" }).count()).toBe(0);
    const oldest = all.events[all.events.length - 1]!;
    expect(await table(page).getByRole("row").last().getByRole("link").first().getAttribute("href")).toBe(`/console/admin/users/${oldest.actorId}`);
  });

  it("tails live: an event that happens after the page opened appears and is announced", async () => {
    const victim = await harness.server.signUp({ email: "live-victim@example.com" });
    await harness.server.app.context.audit.flush();
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/audit?action=user.*`);
    await table(page).getByRole("row").nth(1).waitFor();
    const before = await bodyRowCount(page);

    await page.getByRole("checkbox", { name: "Live" }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get("live"), SLOW).toBe("true");
    await page.getByText("Live: new events appear as they happen.").waitFor();

    await harness.server.client(adminToken).adminBanUser({ userId: victim.userId, banReason: "caught live" });
    const banned = table(page).getByRole("row").filter({ hasText: "caught live" });
    await expect.poll(() => banned.count(), SLOW).toBe(1);
    expect(await table(page).getByRole("row").nth(1).textContent()).toContain("User banned");
    expect(await banned.textContent()).toContain("New");
    expect(await bodyRowCount(page)).toBe(before + 1);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "1 new event" }).count(), SLOW).toBe(1);
    // A refused sign-in arrives too, marked as a failure with its reason.
    await harness.server.client().signInEmail({ email: victim.email, password: "not the password" }).catch(() => undefined);
    const refused = table(page).getByRole("row").filter({ hasText: "invalid email or password" });
    await expect.poll(() => refused.count(), SLOW).toBe(1);
    expect(await refused.textContent()).toContain("Failed");
    await expectAccessible(page, "audit log (live)");
    await screenshot(page, "audit-live");

    // Reloading keeps live on.
    await page.reload();
    await expect.poll(() => page.getByRole("checkbox", { name: "Live" }).isChecked(), SLOW).toBe(true);
    await harness.server.client(adminToken).adminUnbanUser({ userId: victim.userId });
    await expect.poll(() => table(page).getByRole("row").filter({ hasText: "User unbanned" }).count(), SLOW).toBe(1);
    expect(errors).toEqual([]);
  });

  it("shows a refused sign-in of an unknown email as 'Sign-in failed' by the address tried, not as the system signing in (issue 25)", async () => {
    await harness.server.request("POST", "/sign-in/email", { body: { email: "Stuffed-Address@example.com", password: "guessing123" } });
    await harness.server.app.context.audit.flush();
    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/admin/audit`);
    const row = table(page).getByRole("row").filter({ hasText: "stuffed-address@example.com" });
    await expect.poll(() => row.count(), SLOW).toBe(1);
    const cells = row.getByRole("cell");
    // The result is a badge under the action; actor and target share a column (issue 33).
    expect(await cells.nth(1).getByTitle("user.sign-in").textContent()).toBe("Sign-in failed");
    expect(await cells.nth(1).getByText("Failed", { exact: true }).count()).toBe(1);
    expect(await cells.nth(2).textContent()).toContain("stuffed-address@example.com");
    expect(await cells.nth(2).textContent()).toContain("no such account");
    expect(await cells.nth(2).textContent()).not.toContain("System");
    // The details keep the action's code and the IP address.
    await row.getByText("Details", { exact: true }).click();
    expect(await cells.nth(4).textContent()).toContain("user.sign-in");
    await expectAccessible(page, "audit log with a refused sign-in");
  });

  it("tells a member who is not an administrator that the audit log is not theirs to read", async () => {
    const member = await harness.server.signUp({ email: "curious-member@example.com" });
    const { page } = await harness.newPage({ as: member });
    await page.goto(`${harness.consoleURL}/admin/audit`);
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    await page.getByText("You can't read the audit log").waitFor();
    await screenshot(page, "audit-not-allowed");
    expect(await page.getByRole("table").count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit log" }).count()).toBe(0);
  });
});
