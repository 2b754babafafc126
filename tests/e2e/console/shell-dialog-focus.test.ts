/**
 * Keyboard focus after a dialog (issue 33, WCAG 2.4.3): a person who only uses the keyboard opens
 * each dialog from its button, finishes or dismisses it, and carries on from where they were —
 * never from the top of the page. Everything here is done with keys: Tab to a control, Enter,
 * Escape, typing.
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };

beforeAll(async () => {
  harness = await startConsole({ stepTimeout: 10_000 });
  admin = await harness.createAdmin({ email: "focus-admin@example.com", name: "Focus Admin" });
});
afterAll(async () => {
  await harness?.close();
});

/** Presses Tab until `target` has focus, as a keyboard user would (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** What has focus, described as a person would read it: tag and accessible text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return "body";
    const name = element.getAttribute("aria-label") ?? (element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent ?? "") : element.textContent ?? "");
    return `${element.tagName.toLowerCase()}: ${name.trim()}`;
  });

describe("focus after dialogs", { timeout: 120_000 }, () => {
  it("returns focus to the button that opened each dialog on a user's page, or to what replaced it", async () => {
    const user = await harness.server.signUp({ email: "focus-target@example.com", name: "Focus Target" });
    const { page } = await harness.newPage({ as: admin });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/admin/users/${user.userId}`);
    await page.getByRole("heading", { name: "Focus Target", level: 1 }).waitFor();

    // Set password: done with Enter; focus is back on "Set password".
    const setPassword = page.getByRole("button", { name: "Set password" });
    await tabTo(page, setPassword);
    await page.keyboard.press("Enter");
    const passwordDialog = page.getByRole("dialog", { name: /Set a password for/ });
    await passwordDialog.waitFor();
    await page.keyboard.type("a brand new password 42");
    await page.keyboard.press("Enter");
    await page.getByText("Password set for focus-target@example.com.").waitFor();
    await passwordDialog.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(setPassword)).toBe(true);

    // Ban: the opener turns into "Unban" once the ban is shown; focus follows to it.
    const banCard = page.getByRole("region", { name: "Ban", exact: true });
    await tabTo(page, banCard.getByRole("button", { name: "Ban user…" }));
    await page.keyboard.press("Enter");
    const banDialog = page.getByRole("dialog", { name: "Ban focus-target@example.com" });
    await banDialog.waitFor();
    await expectAccessible(page, "ban dialog");
    await page.keyboard.type("Testing focus");
    await tabTo(page, banDialog.getByRole("button", { name: "Ban user" }));
    await page.keyboard.press("Enter");
    await banDialog.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(banCard.getByRole("button", { name: "Unban" }))).toBe(true);

    // Remove, dismissed with Escape: back on "Remove user".
    const remove = page.getByRole("button", { name: "Remove user" });
    await tabTo(page, remove);
    await page.keyboard.press("Enter");
    const removeDialog = page.getByRole("dialog", { name: "Remove focus-target@example.com?" });
    await removeDialog.waitFor();
    await page.keyboard.press("Escape");
    await removeDialog.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(remove)).toBe(true);

    // Remove, done: the page goes with the user; focus lands on the users list's heading, and the
    // next Tab continues in the page, not at the skip link.
    await page.keyboard.press("Enter");
    await removeDialog.waitFor();
    await page.keyboard.type("focus-target@example.com");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/users$/);
    const usersHeading = page.getByRole("heading", { name: "Users", level: 1 });
    await expect.poll(() => hasFocus(usersHeading)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await focused(page)).not.toMatch(/Skip to content/);

    // Create user, dismissed: back on "Create user".
    const createUser = page.getByRole("button", { name: "Create user" });
    await tabTo(page, createUser);
    await page.keyboard.press("Enter");
    const createDialog = page.getByRole("dialog", { name: "Create a user" });
    await createDialog.getByLabel("Email").waitFor();
    await screenshot(page, "dialog-focus-create-user");
    await page.keyboard.press("Escape");
    await createDialog.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(createUser)).toBe(true);

    // The command palette by its shortcut: Escape gives focus back to where it was.
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await palette.waitFor();
    await expectAccessible(page, "command palette");
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(createUser)).toBe(true);

    // The palette from its button, choosing a page: the header's button has focus on the new page.
    const paletteButton = page.getByRole("button", { name: "Open the command palette" });
    await tabTo(page, paletteButton);
    await page.keyboard.press("Enter");
    await palette.waitFor();
    await page.keyboard.type("organizations");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/organizations$/);
    await palette.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(paletteButton)).toBe(true);

    // Create organization, dismissed, then done: the new organization's page takes focus at its heading.
    const createOrganization = page.getByRole("button", { name: "Create organization" });
    await tabTo(page, createOrganization);
    await page.keyboard.press("Enter");
    const organizationDialog = page.getByRole("dialog", { name: "Create an organization" });
    await organizationDialog.waitFor();
    await page.keyboard.press("Escape");
    await organizationDialog.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(createOrganization)).toBe(true);
    await page.keyboard.press("Enter");
    await organizationDialog.waitFor();
    await page.keyboard.type("Focus Works");
    await organizationDialog.getByText("This slug is free.").waitFor();
    await tabTo(page, organizationDialog.getByRole("button", { name: "Create organization" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/organizations\/[^/]+$/);
    await expect.poll(() => hasFocus(page.getByRole("heading", { name: "Focus Works", level: 1 }))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("lands in the email field after Invite people", async () => {
    const owner = await harness.server.signUp({ name: "Ivy Inviter" });
    await harness.server.verifyEmail(owner.email);
    const organization = await harness.server.client(owner.token).createOrganization({ name: "Focus Invites", slug: `focus-invites-${Date.now()}` });
    const { page } = await harness.newPage({ as: owner });
    await page.goto(`${harness.consoleURL}/organizations/${organization.id}/members`);
    const invite = page.getByRole("link", { name: "Invite people" });
    await invite.waitFor();
    await tabTo(page, invite);
    await page.keyboard.press("Enter");
    const email = page.getByRole("textbox", { name: "Email" });
    await email.waitFor();
    await expect.poll(() => hasFocus(email)).toBe(true);
    await page.keyboard.type("new-colleague@example.com");
    expect(await email.inputValue()).toBe("new-colleague@example.com");
    await screenshot(page, "dialog-focus-invite-email", { window: true });
  });
});
