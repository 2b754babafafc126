/**
 * Custom administration roles in the console: the console cannot see the server's `admin.roles`,
 * so for a role it does not know it asks GET /admin/my-permissions and shows what the server
 * allows. An "auditor" holding audit:list sees the audit log (navigation and page, with the people
 * each event names) and not Users, and a loading state rather than a refusal until the answer comes;
 * an id in admin.adminUserIds sees all of administration; the built-in admin still sees
 * everything, without the request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

/** Two cores shared with other suites: give the UI time. */
const SLOW = { timeout: 20_000 };

let harness: ConsoleHarness;

beforeAll(async () => {
  harness = await startConsole({ config: { admin: { roles: { auditor: { audit: ["list"] } } } } });
});
afterAll(async () => {
  await harness?.close();
});

describe("custom administration roles in the console", { timeout: 180_000 }, () => {
  it("shows a custom role holding audit:list the audit log, in the navigation and on its page, and not Users", async () => {
    const auditor = await harness.server.signUp({ email: "custom-auditor@example.com" });
    await harness.server.database.db.updateTable("user").set({ role: "auditor" }).where("id", "=", auditor.userId).execute();
    await harness.server.signUp({ email: "someone-audited@example.com" });
    await harness.server.app.context.audit.flush();

    const { page } = await harness.newPage({ as: auditor });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/audit`);
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    const table = page.getByRole("table", { name: "Audit events, newest first" });
    await table.waitFor(SLOW);
    // The sign-ups are listed with who signed up: the people are part of the record for anyone who
    // may read the log, though this role may not list users (as text: it may not open their pages).
    await expect.poll(() => table.textContent(), SLOW).toContain("Signed up");
    await expect.poll(() => table.getByText("someone-audited@example.com", { exact: true }).count(), SLOW).toBeGreaterThan(0);
    expect(await table.getByRole("link", { name: "someone-audited@example.com" }).count()).toBe(0);
    expect(await page.getByText("You can't read the audit log").count()).toBe(0);

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Audit log" }).waitFor(SLOW);
    expect(await nav.getByRole("link", { name: "Users", exact: true }).count()).toBe(0);
    await expectAccessible(page, "audit log seen by a custom role");

    // Through the navigation as well: the link leads to the same page.
    await page.goto(`${harness.consoleURL}/`);
    await nav.getByRole("link", { name: "Audit log" }).click();
    await table.waitFor(SLOW);
    expect(await nav.getByRole("link", { name: "Users", exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows a loading state, never the refusal, while the server's answer for a custom role is on its way", async () => {
    const auditor = await harness.server.signUp({ email: "patient-auditor@example.com" });
    await harness.server.database.db.updateTable("user").set({ role: "auditor" }).where("id", "=", auditor.userId).execute();
    const { page } = await harness.newPage({ as: auditor });
    // Remembers whether the refusal was ever in the page, however briefly.
    await page.addInitScript(() => {
      const seen = window as unknown as { refusalSeen: boolean };
      seen.refusalSeen = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes("You can't read the audit log")) seen.refusalSeen = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // GET /admin/my-permissions is held until the loading state has been seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/api\/auth\/admin\/my-permissions/, async (route) => {
      asked += 1;
      await released;
      await route.continue();
    });
    await page.goto(`${harness.consoleURL}/admin/audit`);
    await page.getByRole("heading", { name: "Audit log" }).waitFor(SLOW);
    await expect.poll(() => asked, SLOW).toBe(1);
    await page.getByRole("status").filter({ hasText: "Loading…" }).first().waitFor(SLOW);
    expect(await page.getByText("You can't read the audit log").count()).toBe(0);

    release();
    await page.getByRole("table", { name: "Audit events, newest first" }).waitFor(SLOW);
    expect(await page.evaluate(() => (window as unknown as { refusalSeen: boolean }).refusalSeen)).toBe(false);
  });

  it("shows an id in admin.adminUserIds all of administration although its role is user", async () => {
    const boss = await harness.server.signUp({ email: "configured-boss@example.com" });
    const ids = harness.server.app.context.config.admin.adminUserIds;
    ids.push(boss.userId);
    try {
      const { page } = await harness.newPage({ as: boss });
      await page.goto(`${harness.consoleURL}/admin/users`);
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const name of ["Users", "Audit log"]) await nav.getByRole("link", { name, exact: true }).waitFor(SLOW);
      await page.getByRole("grid").or(page.getByRole("table")).first().waitFor(SLOW);
      expect(await page.getByText("You don't have access to user administration").count()).toBe(0);
      await expectAccessible(page, "users seen by a configured administrator id");
    } finally {
      ids.splice(ids.indexOf(boss.userId), 1);
    }
  });

  it("still shows the built-in administrator every section without asking the server", async () => {
    const admin = await harness.createAdmin({ email: "builtin-admin@example.com" });
    const { page } = await harness.newPage({ as: admin });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/admin/my-permissions")) asked.push(request.url());
    });
    await page.goto(`${harness.consoleURL}/admin/audit`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Users", exact: true }).waitFor(SLOW);
    await nav.getByRole("link", { name: "Audit log" }).waitFor(SLOW);
    await page.getByRole("table", { name: "Audit events, newest first" }).waitFor(SLOW);
    expect(asked).toEqual([]);
  });
});
