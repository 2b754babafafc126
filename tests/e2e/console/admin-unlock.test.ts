/**
 * Account lockout in the console (issue 12): the users table filters the locked; a locked user's
 * panel says sign-in is refused and until when; Unlock clears it, and the user can sign in again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  // Lockout rides on the rate limiter's switch; generous limits so the console itself is never limited.
  harness = await startConsole({
    config: { rateLimit: { enabled: true, max: 100_000, strict: { window: 60, max: 100_000 } }, lockout: { freeAttempts: 2, maxAttempts: 3, lockDuration: 900 } },
  });
  admin = await harness.createAdmin({ email: "unlock-admin@example.com", name: "Unlock Admin" });
});
afterAll(async () => {
  await harness?.close();
});

describe("admin unlock", { timeout: 90_000 }, () => {
  it("shows a locked account's state in its panel and unlocks it", async () => {
    const user = await harness.server.signUp({ email: "locked-out@example.com", name: "Locked Out", password: "right password" });
    const signIn = (password: string) => harness.server.request("POST", "/sign-in/email", { body: { email: user.email, password } });
    for (let i = 0; i < 3; i++) expect((await signIn("wrong password")).status).toBe(401);
    expect((await signIn("right password")).status).toBe(429);

    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    // The users table: "Show: Sign-in locked" lists the locked user alone, with the badge.
    await page.goto(`${harness.consoleURL}/admin/users`);
    const rows = page.getByRole("grid", { name: "Users" }).getByRole("row").filter({ has: page.getByRole("checkbox", { name: /^Select \S+@/ }) });
    await rows.first().waitFor();
    await page.getByLabel("Show", { exact: true }).selectOption({ label: "Sign-in locked" });
    await page.waitForURL(/locked=true/);
    await expect.poll(() => rows.evaluateAll((all) => all.map((row) => row.querySelector("a")?.textContent ?? ""))).toEqual(["locked-out@example.com"]);
    expect(await rows.first().textContent()).toContain("Sign-in locked");

    await page.goto(`${harness.consoleURL}/admin/users/${user.userId}`);
    await page.getByRole("heading", { name: "Locked Out", level: 1 }).waitFor();
    const card = page.getByRole("region", { name: "Sign-in lockout", exact: true });
    await card.getByText(/Sign-in refused until .*Failed sign-ins in a row: 3\./).waitFor();
    // The status badges say it too (the panel's and the users table's).
    await page.getByText("Sign-in locked", { exact: true }).first().waitFor();
    await expectAccessible(page, "locked user panel");
    await screenshot(page, "admin-user-locked");

    await card.getByRole("button", { name: "Unlock" }).click();
    await page.getByText("locked-out@example.com can sign in again.").waitFor();
    await card.getByText("Sign-in not locked. Failed sign-ins in a row: 0.").waitFor();
    expect(await card.getByRole("button", { name: "Unlock" }).count()).toBe(0);
    expect((await signIn("right password")).status).toBe(200);
    expect(errors).toEqual([]);
  });
});
