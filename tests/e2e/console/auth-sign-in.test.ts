/** Sign up, sign out, sign in (email and username), server refusals shown in words, multi-session switching. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, consoleForFile, watchPageErrors } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

/** Long flows: many steps, each waiting at most 10 s (so a failure names its step). */
const FLOW_TIMEOUT = 90_000;
const harness = consoleForFile({ stepTimeout: 10_000 });

let n = 0;
function unique(prefix: string) {
  n += 1;
  return `${prefix}${n}${Math.random().toString(36).slice(2, 7)}`;
}

async function signInThroughForm(page: Page, identifier: string, password: string) {
  await page.getByLabel("Email or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Signed-in accounts" }).click();
  return page.getByRole("menu");
}

describe("sign-up and sign-in", { timeout: FLOW_TIMEOUT }, () => {
  it("signs up and lands signed in; signs out; signs in again by email and by username", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    const username = unique("ada_");
    const email = `${username}@example.com`;
    const password = "a long enough password";

    await page.goto(`${harness.consoleURL}/sign-up`);
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await expectAccessible(page, "sign-up");
    await screenshot(page, "auth-sign-up");

    // The form's own checks, before any request.
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Enter your name.").waitFor();
    await page.getByText("Enter your email address.").waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    // Too short: the server's limit is said with its number (issue 25), and no account is made.
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("The password is too short: use at least 8 characters.").waitFor();
    await page.getByLabel("Password").fill(password);
    await page.getByLabel("Username (optional)").fill(username);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/console\/account$/);
    await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: email }).waitFor();

    const menu = await openAccountMenu(page);
    await menu.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/console\/sign-in/);
    await expectAccessible(page, "sign-in");
    await screenshot(page, "auth-sign-in");

    await signInThroughForm(page, email, password);
    await page.waitForURL(/\/console\/account$/);
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: email }).waitFor();

    const again = await openAccountMenu(page);
    await again.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/console\/sign-in/);
    await signInThroughForm(page, username.toUpperCase(), password);
    await page.waitForURL(/\/console\/account$/);
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: email }).waitFor();
    expect(errors).toEqual([]);
  });

  it("shows the server's refusals: address taken, password too short, username taken", async () => {
    const taken = await harness.server.signUp({ username: unique("taken_") });
    const takenUsername = (await harness.server.client(taken.token).getSession())?.user.username ?? "";
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Grace");
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("The password is too short: use at least 8 characters.").waitFor();

    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText(/An account with this email already exists/).waitFor();
    // What the person typed is still there.
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Grace");

    await page.getByLabel("Email").fill(`${unique("grace")}@example.com`);
    await page.getByLabel("Username (optional)").fill(takenUsername);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("That username is already taken. Please try another.").waitFor();
    expect(page.url()).toContain("/sign-up");
  });

  it("shows the wrong-password message inline, for email and for username", async () => {
    const user = await harness.server.signUp({ username: unique("grace_") });
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in`);
    await signInThroughForm(page, user.email, "not the password");
    const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password." });
    await alert.waitFor();
    expect(await page.getByLabel("Email or username").inputValue()).toBe(user.email);
    await screenshot(page, "auth-sign-in-wrong-password");

    const session = await harness.server.client(user.token).getSession();
    await signInThroughForm(page, session?.user.username ?? "", "not the password");
    await page.getByRole("alert").filter({ hasText: "Invalid username or password." }).waitFor();
    expect(page.url()).toContain("/sign-in");
  });

  it("shows a banned user the ban and its reason", async () => {
    const admin = await harness.createAdmin();
    const adminToken = signedIn(await harness.server.client().signInEmail({ email: admin.email, password: admin.password })).token;
    const user = await harness.server.signUp();
    await harness.server.client(adminToken).adminBanUser({ userId: user.userId, banReason: "Sending spam" });

    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in`);
    await signInThroughForm(page, user.email, user.password);
    await page.getByRole("alert").filter({ hasText: "You have been banned from this application. Reason: Sending spam." }).waitFor();
    expect(page.url()).toContain("/sign-in");
  });

  it("explains why the person is back at sign-in, and returns them where they were going", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/sign-in?reason=signed-out&redirect=%2Finvitations`);
    await page.getByText("Your session ended. Sign in again.").waitFor();
    await signInThroughForm(page, user.email, user.password);
    await page.waitForURL(/\/console\/invitations$/);
  });

  it("signs into a second account from the account menu and switches back", async () => {
    const first = await harness.server.signUp({ name: "First Person" });
    const second = await harness.server.signUp({ name: "Second Person" });
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-in`);
    await signInThroughForm(page, first.email, first.password);
    await page.waitForURL(/\/console\/account$/);

    const menu = await openAccountMenu(page);
    await menu.getByRole("menuitem", { name: "Sign in to another account" }).click();
    await page.waitForURL(/reason=add-account/);
    await page.getByRole("heading", { name: "Sign in to another account" }).waitFor();
    await page.getByText(/You stay signed in to your current account/).waitFor();
    await expectAccessible(page, "sign-in (add account)");
    await signInThroughForm(page, second.email, second.password);
    await page.waitForURL(/\/console\/account$/);
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: second.email }).waitFor();
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe("Second Person");

    const switcher = await openAccountMenu(page);
    await switcher.getByRole("menuitem", { name: `Switch to ${first.email}` }).click();
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: first.email }).waitFor();
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe("First Person");

    // Both stay signed in on this browser.
    const back = await openAccountMenu(page);
    await back.getByRole("menuitem", { name: `Switch to ${second.email}` }).waitFor();
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
  });
});
