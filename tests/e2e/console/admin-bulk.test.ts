/**
 * Bulk actions on a selection in the users table: ban (reason + expiry), unban, revoke sessions
 * and remove, with progress and a result per row — including a row the server refuses.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };
let adminToken: string;

beforeAll(async () => {
  harness = await startConsole();
  admin = await harness.createAdmin({ email: "bulk-admin@example.com", name: "Bulk Admin" });
  adminToken = signedIn(await harness.server.client().signInEmail({ email: admin.email, password: admin.password })).token ?? "";
});
afterAll(async () => {
  await harness?.close();
});

function results(page: Page) {
  return page.getByRole("list", { name: "Result for each user" });
}
function resultFor(page: Page, email: string) {
  return results(page).getByRole("listitem").filter({ hasText: email });
}
async function closeResults(page: Page) {
  const dialog = page.getByRole("dialog").filter({ has: results(page) });
  await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
  await dialog.waitFor({ state: "detached" });
}

describe("bulk actions", { timeout: 90_000 }, () => {
  it("bans, unbans, revokes sessions of and removes three users, with a result per row", async () => {
    const users = await Promise.all(["bulk-one", "bulk-two", "bulk-three"].map((name) => harness.server.signUp({ email: `${name}@example.com`, name })));
    const client = harness.server.client(adminToken);
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/users?q=bulk-&sort=email&dir=asc`);
    // "bulk-admin", "bulk-one", "bulk-three", "bulk-two"
    await page.getByText("4 users").waitFor();

    // Select the three users and, to see a refusal, yourself.
    for (const email of ["bulk-one@example.com", "bulk-two@example.com", "bulk-three@example.com", admin.email]) {
      await page.getByRole("checkbox", { name: `Select ${email}` }).check();
    }
    const bar = page.getByRole("region", { name: "Actions on selected users" });
    await bar.getByText("4 selected").waitFor();

    // Ban with a reason and a 1-day expiry.
    await bar.getByRole("button", { name: "Ban selected", exact: true }).click();
    const banDialog = page.getByRole("dialog", { name: "Ban 4 users" });
    await banDialog.getByLabel("Reason").fill("Spam wave");
    await banDialog.getByLabel("Ban ends", { exact: true }).selectOption({ label: "In 1 day" });
    await banDialog.getByRole("button", { name: "Ban 4 users" }).click();
    await page.getByText("Done: 3 succeeded, 1 failed, of 4.").waitFor();
    for (const user of users) expect(await resultFor(page, user.email).textContent()).toContain("Succeeded");
    const own = resultFor(page, admin.email);
    expect(await own.textContent()).toContain("Failed");
    expect(await own.textContent()).toContain("You cannot ban yourself.");
    const progress = page.getByRole("progressbar");
    expect(await progress.getAttribute("value")).toBe("4");
    await page.getByText("4 of 4 done").waitFor();
    await expectAccessible(page, "bulk result");
    await screenshot(page, "admin-bulk-result", { window: true });
    await closeResults(page);
    for (const user of users) {
      const fresh = await client.adminGetUser({ id: user.userId });
      expect(fresh.banned).toBe(true);
      expect(fresh.banReason).toBe("Spam wave");
      const hours = (new Date(fresh.banExpires!).getTime() - Date.now()) / 3600_000;
      expect(hours).toBeGreaterThan(23.5);
      expect(hours).toBeLessThan(24.5);
    }
    expect((await client.adminGetUser({ id: admin.userId })).banned).toBe(false);
    // The table shows the bans.
    await expect.poll(() => page.getByRole("grid", { name: "Users" }).getByText("Spam wave").count()).toBe(3);

    // Unban the same selection (the selection survives the action).
    await bar.getByText("4 selected").waitFor();
    await bar.getByRole("button", { name: "Unban selected", exact: true }).click();
    await page.getByRole("dialog", { name: "Unban 4 users?" }).getByRole("button", { name: "Unban 4 users" }).click();
    await page.getByText("Done: 4 succeeded, 0 failed, of 4.").waitFor();
    await closeResults(page);
    for (const user of users) expect((await client.adminGetUser({ id: user.userId })).banned).toBe(false);

    // Revoke sessions: unselect yourself first (that would sign this window out).
    await page.getByRole("checkbox", { name: `Select ${admin.email}` }).uncheck();
    await bar.getByText("3 selected").waitFor();
    const signedIn = await harness.server.client().signInEmail({ email: users[0]!.email, password: users[0]!.password }).catch(() => null);
    expect(signedIn).not.toBeNull();
    expect((await client.adminListUserSessions({ userId: users[0]!.userId })).sessions.length).toBeGreaterThan(0);
    await bar.getByRole("button", { name: "Revoke sessions" }).click();
    await page.getByRole("dialog", { name: "Revoke the sessions of 3 users?" }).getByRole("button", { name: "Revoke sessions" }).click();
    await page.getByText("Done: 3 succeeded, 0 failed, of 3.").waitFor();
    await closeResults(page);
    for (const user of users) expect((await client.adminListUserSessions({ userId: user.userId })).sessions).toHaveLength(0);

    // Remove, typing the phrase; they leave the table.
    await bar.getByRole("button", { name: "Remove selected" }).click();
    const removeDialog = page.getByRole("dialog", { name: "Remove 3 users?" });
    const confirm = removeDialog.getByRole("button", { name: "Remove 3 users" });
    expect(await confirm.isDisabled()).toBe(true);
    await removeDialog.getByLabel("Type remove 3 users to confirm").fill("remove 3 users");
    await confirm.click();
    await page.getByText("Done: 3 succeeded, 0 failed, of 3.").waitFor();
    await closeResults(page);
    await page.getByText("1 user", { exact: true }).waitFor();
    await expect.poll(() => bar.count()).toBe(0);
    for (const user of users) await expect(client.adminGetUser({ id: user.userId })).rejects.toMatchObject({ status: 404 });
    expect(errors).toEqual([]);
  });

  it("selects every loaded row with one checkbox", async () => {
    const client = harness.server.client(adminToken);
    await client.adminImportUsers({ users: Array.from({ length: 120 }, (_, i) => ({ email: `many-${i}@select.test`, name: `Many ${i}` })) });
    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/admin/users?q=select.test`);
    await page.getByText("120 users").waitFor();
    await page.getByRole("checkbox", { name: "Select all loaded users" }).check();
    // The first page (100) is loaded; the rest come with scrolling.
    const bar = page.getByRole("region", { name: "Actions on selected users" });
    await expect.poll(() => bar.textContent()).toMatch(/(100|120) selected/);
    await page.getByRole("checkbox", { name: "Select all loaded users" }).uncheck();
    expect(await bar.count()).toBe(0);
  });
});
