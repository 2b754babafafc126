/**
 * Two small traps of issue 33 (item 12): a user holding several roles ("admin,user", as
 * better-auth stores them) got a raw "admin,user" entry in the role picker; and the audit log
 * asked the server for a removed user by id, a 404 the browser logged on every visit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };
let adminToken: string;

beforeAll(async () => {
  harness = await startConsole({ stepTimeout: 10_000 });
  admin = await harness.createAdmin({ email: "roles-admin@example.com", name: "Roles Admin" });
  adminToken = signedIn(await harness.server.client().signInEmail({ email: admin.email, password: admin.password })).token;
});
afterAll(async () => {
  await harness?.close();
});

describe("role picker and removed users (#33)", { timeout: 90_000 }, () => {
  it("names a user's several roles in words in the role picker, never the raw value", async () => {
    const user = await harness.server.signUp({ email: "two-roles@example.com", name: "Two Roles" });
    await harness.server.client(adminToken).adminSetRole({ userId: user.userId, role: ["admin", "user"] });
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/users/${user.userId}`);
    await page.getByRole("heading", { name: "Two Roles", level: 1 }).waitFor();
    const picker = page.getByRole("combobox", { name: "Role" });
    const options = await picker.getByRole("option").allTextContents();
    expect(options).toEqual(["Administrator", "User", "Administrator and User"]);
    expect(await picker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe("Administrator and User");
    await expectAccessible(page, "user with two roles");
    expect(errors).toEqual([]);
  });

  it("shows a removed user in the audit log without asking the server for them", async () => {
    const user = await harness.server.signUp({ email: "gone-soon@example.com", name: "Gone Soon" });
    const client = harness.server.client(adminToken);
    await client.adminBanUser({ userId: user.userId, banReason: "Leaving" });
    await client.adminRemoveUser({ userId: user.userId });

    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${harness.consoleURL}/admin/audit`);
    const row = page.getByRole("row").filter({ hasText: "Leaving" });
    await row.getByText("(removed user)").waitFor();
    // Its id stays, as text: a link would lead to a page that only says "not found".
    expect(await row.getByText(user.userId).count()).toBeGreaterThan(0);
    expect(await row.getByRole("link", { name: user.userId }).count()).toBe(0);
    // The admin who acted is still named.
    await row.getByRole("link", { name: admin.email }).first().waitFor();
    await screenshot(page, "audit-removed-user");
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
