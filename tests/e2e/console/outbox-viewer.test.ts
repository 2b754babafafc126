/** The outbox viewer: mails newest first, a mail just sent appears on its own, recipient filter, a mail's text and link. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

const SLOW = { timeout: 20_000 };

let harness: ConsoleHarness;
beforeAll(async () => {
  harness = await startConsole();
});
afterAll(async () => {
  await harness?.close();
});

describe("outbox viewer", { timeout: 180_000 }, () => {
  it("lists mails newest first, shows a new one without a reload, filters by recipient and opens a mail with its link", async () => {
    const admin = await harness.createAdmin();
    const ada = await harness.server.signUp({ email: "ada@example.com", name: "Ada" });
    const bob = await harness.server.signUp({ email: "bob@example.com", name: "Bob" });

    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/outbox`);
    await page.getByText("No mail yet").waitFor();

    // Mail sent while the page is open shows up by itself.
    const anonymous = harness.server.client();
    await anonymous.requestPasswordReset({ email: ada.email, redirectTo: "/console/reset-password" });
    await anonymous.requestPasswordReset({ email: bob.email, redirectTo: "/console/reset-password" });
    const table = page.getByRole("table", { name: "Mail kept in the outbox, newest first" });
    const rows = table.getByRole("row");
    await expect.poll(() => rows.count(), SLOW).toBe(3);
    expect(await rows.nth(1).textContent()).toContain("bob@example.com");
    expect(await rows.nth(1).textContent()).toContain("Password reset");
    expect(await rows.nth(2).textContent()).toContain("ada@example.com");
    await expectAccessible(page, "outbox (list)");
    await screenshot(page, "outbox-list");

    // Filter by recipient.
    const filter = page.getByRole("form", { name: "Filter mail" });
    await filter.getByLabel("Recipient").fill("ADA@example.com");
    await filter.getByRole("button", { name: "Show", exact: true }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    expect(await rows.nth(1).textContent()).toContain("ada@example.com");
    await page.getByText("Mail to ADA@example.com").waitFor();

    // Open it: the text part as text, the link as a real link with the mailed URL.
    const [mailed] = await harness.server.outbox(ada.email);
    expect(mailed).toBeDefined();
    await rows.nth(1).getByRole("button", { name: mailed!.subject }).click();
    const mail = page.getByRole("article", { name: `Mail: ${mailed!.subject}` });
    await mail.waitFor();
    expect(await mail.textContent()).toContain("Someone asked to reset your password");
    const link = mail.getByRole("link", { name: "Reset password" });
    expect(await link.getAttribute("href")).toBe(mailed!.url);
    expect(await link.getAttribute("target")).toBeNull();
    // The link inside the text is clickable too.
    expect(await mail.getByRole("link", { name: mailed!.url }).count()).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, "outbox (open mail)");
    await screenshot(page, "outbox-mail");

    // The HTML part only in a sandboxed frame (no scripts), within the console's CSP.
    await mail.getByRole("tab", { name: "HTML preview" }).click();
    const frame = mail.locator("iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await frame.getAttribute("title")).toContain("HTML version of the mail");
    // No axe run here: axe injects itself into every frame, and a sandboxed frame without scripts
    // never answers (the run hangs). The tabs around it were checked on the open mail above.

    // Show all again.
    await filter.getByRole("button", { name: "Show all mail" }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(3);

    // An address with no mail says so.
    await filter.getByLabel("Recipient").fill("nobody@example.com");
    await filter.getByRole("button", { name: "Show", exact: true }).click();
    await page.getByText("No mail to nobody@example.com").waitFor();
    expect(errors).toEqual([]);
  });

  it("is not for members who are not administrators", async () => {
    const member = await harness.server.signUp();
    const { page } = await harness.newPage({ as: member });
    await page.goto(`${harness.consoleURL}/admin/outbox`);
    await page.getByText("You can't read the outbox").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
  });
});

describe("outbox viewer with SMTP configured", { timeout: 180_000 }, () => {
  let smtp: ConsoleHarness;
  afterAll(async () => {
    await smtp?.close();
  });

  it("says that mail goes out by SMTP and is not kept", async () => {
    smtp = await startConsole({ config: { mail: { smtpUrl: "smtp://127.0.0.1:9" } } });
    const admin = await smtp.createAdmin();
    const { page } = await smtp.newPage({ as: admin });
    await page.goto(`${smtp.consoleURL}/admin/outbox`);
    await page.getByText("Mail goes out by SMTP").waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
  });
});
