/**
 * Issue 39, item 4: the Server page's Demo data section on a local development server — seed qa
 * with one button, the personas with copy buttons (beside their values, not under them, on a
 * laptop) and the two-factor persona's live code (it answers the server's second step), a
 * snapshot saved and listed, and the restore command. Runs on SQLite and in the PostgreSQL pass,
 * where the snapshot goes beside the server's config file and the command names that file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeToasts, expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { testDialect } from "../../helpers/test-server.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };
const folder = mkdtempSync(join(tmpdir(), "latchkey-demo-console-"));
const configFile = join(folder, "latchkey.json");

beforeAll(async () => {
  harness = await startConsole({ dev: true, configFile });
  admin = await harness.createAdmin({ email: "demo-console@example.com", name: "Demo Admin" });
});
afterAll(async () => {
  await harness?.close();
  rmSync(folder, { recursive: true, force: true });
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
    const names = testDialect === "postgres" ? `--config ${configFile}` : `--db ${harness.server.dbFile}`;
    await section.getByText(`auth server snapshot restore seeded-qa ${names} --yes`).waitFor();
    // Saving the same name again without "replace" is refused in words.
    await section.getByRole("button", { name: "Save a snapshot" }).click();
    await page.getByText("A snapshot of that name exists already").waitFor();
    await expectAccessible(page, "demo data");
    const frame = (await personas.locator("xpath=..").boundingBox())!;
    expect(await personas.locator("xpath=..").evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth)).toBe(true);
    // On a laptop each Copy button sits beside its value, on the same line (they used to wrap under it).
    for (const [value, button] of [
      [personas.getByText("member@qa.example.com", { exact: true }), section.getByRole("button", { name: "Copy the email member@qa.example.com" })],
      [personas.getByText("qa-member-pass", { exact: true }), section.getByRole("button", { name: "Copy the password of member@qa.example.com" })],
      [section.getByLabel("Current code for two-factor@qa.example.com"), section.getByRole("button", { name: "Copy the code for two-factor@qa.example.com" })],
    ] as const) {
      const [a, b] = [(await value.boundingBox())!, (await button.boundingBox())!];
      expect(b.x).toBeGreaterThan(a.x + a.width - 1);
      expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(b.height / 2);
      // …and inside the table's frame: no column pushed past it, nothing to scroll sideways for.
      expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width);
    }
    // The snapshot name is a full field: as tall as the button beside it, and wide enough for a name.
    const [input, button] = [(await section.getByLabel("Snapshot name").boundingBox())!, (await section.getByRole("button", { name: "Save a snapshot" }).boundingBox())!];
    expect(input.height).toBeGreaterThanOrEqual(button.height - 2);
    expect(input.width).toBeGreaterThan(200);
    // The picture is of the section, not of the two notices over its table: close them first.
    await closeToasts(page);
    await screenshot(page, "server-demo-data");
    expect(errors).toEqual([]);
  });
});
