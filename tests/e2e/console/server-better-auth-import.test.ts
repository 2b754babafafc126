/**
 * The server page shows the last import from better-auth (issue 22): in the browser an
 * administrator finds "Server" in the navigation, sees that no import has run, and after a real
 * import of a real better-auth 1.7 database into the server's own database, when it ran, from
 * where (no credentials), that it wrote, and the rows per table. People who may not read the
 * audit log get neither the link nor the summary; when the server refuses it, the page says so.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { TEST_SECRET } from "../../helpers/test-server.js";
import { openSource } from "../../../server/maintenance/better-auth-import/source.js";
import { importBetterAuth } from "../../../server/maintenance/better-auth-import/import.js";
import { BETTER_AUTH_SECRET, betterAuthTab, startBetterAuth, type BetterAuthSource } from "../../server/server/better-auth-source.js";

/** Two cores shared with other suites: give the UI time. */
const SLOW = { timeout: 20_000 };

let harness: ConsoleHarness;
let source: BetterAuthSource;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  harness = await startConsole();
  admin = await harness.createAdmin({ email: "server-admin@example.com" });
  source = await startBetterAuth("sqlite");
  for (const [email, name] of [["grace@example.com", "Grace"], ["alan@example.com", "Alan"], ["ada@example.com", "Ada"]] as const) {
    const answer = await betterAuthTab(source.url).client.signUp.email({ email, password: "correct horse battery staple", name });
    if (answer.error) throw new Error(JSON.stringify(answer.error));
  }
}, 60_000);
afterAll(async () => {
  await harness?.close();
  await source?.close();
});

function section(page: Page) {
  return page.getByRole("region", { name: "Import from better-auth" });
}

describe("server page: the last better-auth import", { timeout: 180_000 }, () => {
  it("is not offered to people who may not read the audit log", async () => {
    const person = await harness.server.signUp({ email: "plain@example.com" });
    const { page } = await harness.newPage({ as: { email: person.email, password: person.password } });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("navigation").first().waitFor();
    expect(await page.getByRole("link", { name: "Server", exact: true }).count()).toBe(0);
    await page.goto(`${harness.consoleURL}/server`);
    await page.getByText("This page is part of the Latchkey desktop app.").waitFor();
    expect(await page.getByText("Import from better-auth").count()).toBe(0);
  });

  it("shows that none has run, then a real import's summary", async () => {
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("link", { name: "Server", exact: true }).click();
    await page.getByRole("heading", { name: "Server", level: 1 }).waitFor();
    await section(page).getByText("No import from better-auth has run").waitFor(SLOW);
    await expectAccessible(page, "server page without an import");

    // A real import into the server's own database, the way `auth server import-better-auth` runs it.
    const opened = await openSource(source.from);
    try {
      await importBetterAuth({ source: opened, sourceName: source.from, target: { db: harness.server.database.db, dialect: harness.server.dialect }, betterAuthSecret: BETTER_AUTH_SECRET, latchkeySecret: TEST_SECRET });
    } finally {
      await opened.close();
    }

    await page.reload();
    const facts = section(page).getByRole("definition");
    await section(page).getByRole("table", { name: "Rows per better-auth table" }).waitFor(SLOW);
    const text = (await section(page).textContent()) ?? "";
    expect(text).toContain(source.from);
    expect(text).toContain("SQLite");
    expect(text).toContain("Written");
    expect(text).toContain("The auth server command (no signed-in user)");
    expect(text).not.toContain("No import from better-auth has run");
    // Kept-because-changed and skipped rows: none on a first import.
    const labels = await section(page).getByRole("term").allTextContents();
    expect(labels).toEqual(["Ran", "Run by", "Source", "Mode", "Kept because changed in Latchkey", "Rows skipped"]);
    expect((await facts.allTextContents()).slice(4)).toEqual(["0", "0"]);

    const table = section(page).getByRole("table", { name: "Rows per better-auth table" });
    expect(await table.getByRole("columnheader").allTextContents()).toEqual(["Table", "Read", "Added", "Updated", "Unchanged", "Kept", "Skipped"]);
    const users = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "user", exact: true }) });
    expect(await users.getByRole("cell").allTextContents()).toEqual(["3", "3", "0", "0", "0", "0"]);
    const accounts = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "account", exact: true }) });
    expect(await accounts.getByRole("cell").allTextContents()).toEqual(["3", "3", "0", "0", "0", "0"]);

    await expectAccessible(page, "server page with an import");
    await screenshot(page, "server-better-auth-import");
    expect(errors).toEqual([]);
  });

  it("says so, with a retry, when the server refuses the summary", async () => {
    // A server whose configuration takes the audit log away from its administrators: the console
    // (which knows only the built-in roles) still offers the section, and the server answers 403.
    const strict = await startConsole({ config: { admin: { roles: { admin: { user: ["list", "get"] } } } } });
    try {
      const strictAdmin = await strict.createAdmin({ email: "strict-admin@example.com" });
      const { page } = await strict.newPage({ as: strictAdmin });
      await page.goto(`${strict.consoleURL}/server`);
      const alert = section(page).getByRole("alert");
      await alert.waitFor(SLOW);
      expect(await alert.textContent()).toContain("not allowed to list audit events");
      await alert.getByRole("button", { name: "Try again" }).waitFor();
      await expectAccessible(page, "server page when the summary is refused");
    } finally {
      await strict.close();
    }
  });
});
