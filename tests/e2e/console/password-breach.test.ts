/**
 * Breached passwords in the console (issue 40, item 1), with a local range folder: the sign-up
 * page refuses a breached password in the person's language (English, then French) and takes a
 * safe one; the Server page tells an administrator the check is on, from a folder, and what a
 * failed lookup does — and, on a server without passwordBreach, that it is off and why.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, screenshot, watchPageErrors } from "../../helpers/console.js";

const BREACHED = "breached but long enough 1";
const digest = createHash("sha1").update(BREACHED).digest("hex").toUpperCase();
const dir = mkdtempSync(join(tmpdir(), "latchkey-breach-e2e-"));
writeFileSync(join(dir, `${digest.slice(0, 5)}.txt`), `${digest.slice(5)}:42\r\n`);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("breached passwords in the console", { timeout: 180_000 }, () => {
  const harness = consoleForFile({ stepTimeout: 15_000, config: { rateLimit: { enabled: false }, passwordBreach: { rangeDir: dir } } as never });

  it("sign-up refuses a breached password in the person's language and takes another", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Breach Person");
    await page.getByLabel("Email").fill("breach-person@example.com");
    await page.getByLabel("Password").fill(BREACHED);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("This password appears in known data breaches. Choose a different one.").waitFor();
    await expectAccessible(page, "sign-up (breached password)");

    const { page: french } = await harness.newPage();
    await french.goto(`${harness.consoleURL}/sign-up`);
    await french.evaluate(() => localStorage.setItem("latchkey.language", "fr"));
    await french.reload();
    await french.getByRole("button", { name: "Créer le compte" }).waitFor();
    await french.getByLabel("Nom", { exact: true }).fill("Personne");
    await french.getByLabel("E-mail").fill("breach-fr@example.com");
    await french.getByLabel("Mot de passe").fill(BREACHED);
    await french.getByRole("button", { name: "Créer le compte" }).click();
    await french.getByText("Ce mot de passe figure dans des fuites de données connues. Choisissez-en un autre.").waitFor();

    await page.getByLabel("Password").fill("a passphrase nobody leaked 3");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(async () => harness.server.database.db.selectFrom("user").select("id").where("email", "=", "breach-person@example.com").executeTakeFirst()).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it("the Server page says the check is on, from a range folder, and lets a failed lookup through", async () => {
    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/server`);
    const facts = page.getByRole("definition");
    await page.getByRole("heading", { name: "Breached passwords" }).waitFor();
    const list = page.getByLabel("Breached-password check");
    await list.getByText("On", { exact: true }).waitFor();
    await list.getByText("A range folder on the server (no network)").waitFor();
    await list.getByText("The password is allowed and a warning logged").waitFor();
    expect(await facts.count()).toBeGreaterThan(2);
    await expectAccessible(page, "server (breached-password check)");
    await screenshot(page, "server-password-breach");
  });
});

describe("the Server page without passwordBreach", { timeout: 120_000 }, () => {
  const harness = consoleForFile({ config: { rateLimit: { enabled: false } } });

  it("says the check is off and why", async () => {
    const admin = await harness.createAdmin();
    const { page } = await harness.newPage({ as: admin });
    await page.goto(`${harness.consoleURL}/server`);
    const list = page.getByLabel("Breached-password check");
    await list.getByText("Off", { exact: true }).waitFor();
    await list.getByText(/Off by default: Latchkey calls no third party without your say/).waitFor();
  });
});
