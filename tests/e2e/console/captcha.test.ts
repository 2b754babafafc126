/**
 * ALTCHA in the console (issue 40, item 2): with `captcha: { provider: "altcha" }` the sign-up,
 * sign-in and forgot-password pages solve the server's challenge in a Web Worker (altcha-lib in
 * Chromium) and send the answer; meanwhile the card's status line says "Verifying you are human…"
 * (in the page's language). The challenge answer is held back by the test until the line has been
 * seen, so the state is observed without racing the solver; then released, the request goes
 * through and the line empties.
 */
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, watchPageErrors } from "../../helpers/console.js";

const PASSWORD = "a long enough passphrase 10";
const EMAIL = "console-altcha@example.com";

/** Holds GET /captcha/challenge until `release()`; counts the challenges the page fetched. */
async function holdChallenges(page: Page): Promise<{ release(): void; fetched(): number }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  await page.route("**/api/auth/captcha/challenge", async (route: Route) => {
    count += 1;
    await gate;
    await route.continue();
  });
  return { release: () => open(), fetched: () => count };
}

describe("ALTCHA in the console", { timeout: 180_000 }, () => {
  const harness = consoleForFile({ stepTimeout: 15_000, config: { rateLimit: { enabled: false }, captcha: { provider: "altcha", maxNumber: 20_000 } } as never });

  it("sign-up shows 'Verifying you are human…', solves the challenge in a worker and creates the account", async () => {
    harness.server.clock.set(Date.now());
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    const held = await holdChallenges(page);
    await page.goto(`${harness.consoleURL}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Console Altcha");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    const status = page.getByRole("status").filter({ hasText: "Verifying you are human…" });
    await status.waitFor();
    await expectAccessible(page, "sign-up (verifying you are human)");
    held.release();
    await expect.poll(async () => harness.server.database.db.selectFrom("user").select("id").where("email", "=", EMAIL).executeTakeFirst(), { timeout: 30_000 }).toBeTruthy();
    await status.waitFor({ state: "detached" });
    expect(held.fetched()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("sign-in in French shows the French line and signs in; forgot-password mails a link", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-in`);
    await page.evaluate(() => localStorage.setItem("latchkey.language", "fr"));
    await page.reload();
    const held = await holdChallenges(page);
    await page.getByLabel("E-mail ou nom d’utilisateur").fill(EMAIL);
    await page.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.getByRole("status").filter({ hasText: "Vérification que vous êtes humain…" }).waitFor();
    held.release();
    await page.waitForURL((url) => !url.pathname.endsWith("/sign-in"), { timeout: 30_000 });
    expect(errors).toEqual([]);

    const { page: forgot } = await harness.newPage();
    await forgot.goto(`${harness.consoleURL}/forgot-password`);
    const before = (await harness.server.outbox(EMAIL)).length;
    await forgot.getByLabel("Email").fill(EMAIL);
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(async () => (await harness.server.outbox(EMAIL)).length, { timeout: 30_000 }).toBeGreaterThan(before);
  });
});
