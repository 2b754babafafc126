/**
 * Issue 39, item 4: the Server page's Demo data section on a local development server — seed qa
 * with one button, the personas with copy buttons and the two-factor persona's live code (it
 * answers the server's second step), a snapshot saved and listed, and the restore command.
 */
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeToasts, expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  harness = await startConsole({ dev: true });
  admin = await harness.createAdmin({ email: "demo-console@example.com", name: "Demo Admin" });
});
afterAll(async () => {
  await harness?.close();
});

describe("demo data section", { timeout: 120_000 }, () => {
  it("seeds qa, shows the personas with a live TOTP code, and saves a snapshot", async () => {
    const { page } = await harness.newPage({ as: admin });
    page.setDefaultTimeout(20_000);
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/server`);
    const section = page.getByRole("region", { name: "Demo data" });
    await section.getByText("No scenario is seeded yet.").waitFor();
    await section.getByRole("button", { name: "Seed the QA scenario" }).click();
    const personas = section.getByRole("table", { name: "Personas" });
    await personas.getByRole("row").filter({ hasText: "banned@qa.example.com" }).waitFor();
    await section.getByRole("button", { name: "Copy the password of member@qa.example.com" }).waitFor();
    const shown = await section.getByLabel("Current code for two-factor@qa.example.com").textContent();
    expect(shown).toMatch(/^\d{6}$/);
    // The code the page shows is the one an authenticator computes from the scenario's secret now.
    const epoch = Math.floor(Date.now() / 1000);
    const near = [epoch - 30, epoch, epoch + 30].map((at) => generateSync({ secret: "LATCHKEYQATWOFACTORSEEDABCDEFGH2", epoch: at, period: 30, digits: 6, algorithm: "sha1" }));
    expect(near).toContain(shown);

    await section.getByLabel("Snapshot name").fill("seeded-qa");
    await section.getByRole("button", { name: "Save a snapshot" }).click();
    await section.getByRole("table", { name: "Snapshots" }).getByRole("row").filter({ hasText: "seeded-qa" }).waitFor();
    await section.getByText(`auth server snapshot restore seeded-qa --db ${harness.server.dbFile} --yes`).waitFor();
    // Saving the same name again without "replace" is refused in words.
    await section.getByRole("button", { name: "Save a snapshot" }).click();
    await page.getByText("A snapshot of that name exists already").waitFor();
    await expectAccessible(page, "demo data");
    // The picture is of the section, not of the two notices over its table: close them first.
    await closeToasts(page);
    await screenshot(page, "server-demo-data");
    expect(errors).toEqual([]);
  });
});
