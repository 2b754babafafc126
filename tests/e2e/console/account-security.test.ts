/** The account page: profile, email change, password change ending other sessions, session list, sign-in methods, deletion. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, screenshot, watchPageErrors } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

/** Long flows: many steps, each waiting at most 10 s (so a failure names its step). */
const FLOW_TIMEOUT = 90_000;
const harness = consoleForFile({ stepTimeout: 10_000 });

async function openAccount(page: Page) {
  await page.goto(`${harness.consoleURL}/account`);
  await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
}

/** A second browser, signed in as the same user, looking at its account page. */
async function otherBrowser(user: { email: string; password: string }) {
  const other = await harness.newPage({ as: user });
  await openAccount(other.page);
  return other.page;
}

describe("account page", { timeout: FLOW_TIMEOUT }, () => {
  it("edits the profile, shows it at once, and keeps the input when the server refuses", async () => {
    const someone = await harness.server.signUp({ username: `taken_${Math.random().toString(36).slice(2, 7)}` });
    const takenUsername = (await harness.server.client(someone.token).getSession())?.user.username ?? "";
    const user = await harness.server.signUp({ name: "Plain Name" });
    const { page } = await harness.newPage({ as: user });
    const errors = watchPageErrors(page);
    await openAccount(page);
    await page.getByRole("region", { name: "Sessions" }).getByText("This device").waitFor();
    await expectAccessible(page, "account");
    await screenshot(page, "account");

    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByLabel("Name", { exact: true }).fill("Fancy Name");
    await profile.getByLabel("Picture URL").fill("https://example.com/me.png");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved.").waitFor();
    const session = await harness.server.client(user.token).getSession();
    expect(session?.user.name).toBe("Fancy Name");
    expect(session?.user.image).toBe("https://example.com/me.png");

    await profile.getByLabel("Username", { exact: true }).fill(takenUsername);
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByText("That username is already taken. Please try another.").waitFor();
    expect(await profile.getByLabel("Username", { exact: true }).inputValue()).toBe(takenUsername);

    await profile.getByLabel("Username", { exact: true }).fill("Fresh_Handle");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile saved.").first().waitFor();
    await expect.poll(async () => (await harness.server.client(user.token).getSession())?.user.username).toBe("fresh_handle");
    expect(errors).toEqual([]);
  });

  it("changes the email: at once while unverified, by a mailed confirmation once verified", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    await openAccount(page);
    const section = page.getByRole("region", { name: "Email address" });

    await section.getByLabel("New email address").fill(user.email);
    await section.getByRole("button", { name: "Change email" }).click();
    await section.getByText("That is already your email address.").waitFor();

    const first = `moved-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await section.getByLabel("New email address").fill(first);
    await section.getByRole("button", { name: "Change email" }).click();
    await section.getByText(`Your email is now ${first}. We sent a verification link to it.`).waitFor();
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: first }).waitFor();

    // Verify the new address through its mail, then change again: now a confirmation is mailed.
    let verify: Awaited<ReturnType<typeof harness.server.outbox>> = [];
    await expect.poll(async () => (verify = (await harness.server.outbox(first)).filter((mail) => mail.kind === "verify-email")).length).toBe(1);
    expect(verify[0]!.url).toContain("callbackURL=%2Fconsole%2Faccount");
    await page.goto(verify[0]!.url);
    await page.waitForURL(/\/console\/account/);
    await page.getByRole("region", { name: "Profile" }).getByText("Verified", { exact: true }).waitFor();
    const second = `again-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await section.getByLabel("New email address").fill(second);
    await section.getByRole("button", { name: "Change email" }).click();
    await section.getByText(`We sent a confirmation link to ${second}. Your email changes when you open it.`).waitFor();
    expect((await harness.server.client(user.token).getSession())?.user.email).toBe(first);

    let confirm: Awaited<ReturnType<typeof harness.server.outbox>> = [];
    await expect.poll(async () => (confirm = (await harness.server.outbox(second)).filter((mail) => mail.kind === "change-email")).length).toBe(1);
    expect(confirm[0]!.url).toContain("callbackURL=%2Fconsole%2Faccount");
    await page.goto(confirm[0]!.url);
    await page.waitForURL(/\/console\/account/);
    await page.getByRole("button", { name: "Signed-in accounts" }).filter({ hasText: second }).waitFor();
  });

  it("changes the password and, with 'sign out other sessions', really ends another browser's session", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    const elsewhere = await otherBrowser(user);
    await openAccount(page);
    const section = page.getByRole("region", { name: "Password" });

    await section.getByLabel("Current password").fill("not my password");
    await section.getByLabel("New password", { exact: true }).fill("the next password");
    await section.getByLabel("Repeat new password").fill("the next password");
    await section.getByRole("button", { name: "Change password" }).click();
    await section.getByText("That is not your current password.").waitFor();

    await section.getByLabel("Current password").fill(user.password);
    expect(await section.getByLabel("Sign out other sessions").isChecked()).toBe(true);
    await section.getByRole("button", { name: "Change password" }).click();
    await section.getByText("Your password has been changed and your other sessions were signed out.").waitFor();

    // The other browser is sent to sign-in when it next talks to the server.
    await elsewhere.reload();
    await elsewhere.waitForURL(/\/console\/sign-in/);
    // This one is still signed in, and the new password works.
    await openAccount(page);
    const signIn = await harness.server.client().signInEmail({ email: user.email, password: "the next password" });
    expect(signedIn(signIn).token).toBeTruthy();
  });

  it("lists sessions with device, IP and times, and signing one out signs that browser out", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    const elsewhere = await otherBrowser(user);
    await openAccount(page);
    const sessions = page.getByRole("region", { name: "Sessions" });
    // Header + three: the sign-up's own session (from Node), this browser, the other browser.
    await expect.poll(() => sessions.getByRole("row").count()).toBe(4);
    const rows = sessions.getByRole("row");
    await sessions.getByRole("columnheader", { name: "Last seen" }).waitFor();
    await sessions.getByText("This device").waitFor();
    expect(await sessions.getByText("127.0.0.1").count()).toBeGreaterThan(0);
    expect(await rows.filter({ hasText: "Chrome on Linux" }).count()).toBe(2);

    // The sign-up made a session from Node: end that one with the row's button.
    await sessions.getByRole("button", { name: /Sign out Node\.js/ }).click();
    const dialog = page.getByRole("dialog", { name: "Sign out this session?" });
    await dialog.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("Session signed out.").waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(async () => harness.server.client(user.token).getSession().then((s) => s, () => null)).toBeNull();

    // Now the other browser's row.
    await sessions.getByRole("button", { name: /^Sign out Chrome on Linux/ }).click();
    await dialog.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await elsewhere.reload();
    await elsewhere.waitForURL(/\/console\/sign-in/);
    await openAccount(page);
  });

  it("shows an administrator signed in as the user, with no sign-out button, until the administrator is banned (#27)", async () => {
    const user = await harness.server.signUp();
    const admin = await harness.server.signUp();
    const boss = await harness.server.signUp();
    await harness.server.database.db.updateTable("user").set({ role: "admin" }).where("id", "in", [admin.userId, boss.userId]).execute();
    const started = await harness.server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: user.userId } });
    expect(started.status).toBe(200);
    const { page } = await harness.newPage({ as: user });
    await openAccount(page);
    const sessions = page.getByRole("region", { name: "Sessions" });
    // Header + three: the sign-up's session (Node), this browser, the administrator's.
    await expect.poll(() => sessions.getByRole("row").count()).toBe(4);
    const impersonated = sessions.getByRole("row").filter({ hasText: "An administrator is signed in as you" });
    expect(await impersonated.count()).toBe(1);
    expect(await impersonated.getByRole("button").count()).toBe(0);
    // The sign-up's own session keeps its button; "all other sessions" does not count the administrator's.
    expect(await sessions.getByRole("row").getByRole("button").count()).toBe(1);
    await sessions.getByRole("button", { name: "Sign out all other sessions" }).click();
    await page.getByRole("dialog", { name: "Sign out all other sessions?" }).getByText("One other session will be signed out.", { exact: false }).waitFor();
    await page.keyboard.press("Escape");

    expect((await harness.server.request("POST", "/admin/ban-user", { token: boss.token, body: { userId: admin.userId } })).status).toBe(200);
    await page.reload();
    await openAccount(page);
    await expect.poll(() => sessions.getByRole("row").count()).toBe(3);
    expect(await sessions.getByText("An administrator is signed in as you").count()).toBe(0);
  });

  it("signs out every other session at once", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    const elsewhere = await otherBrowser(user);
    await openAccount(page);
    await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "Sign out all other sessions" }).click();
    await page.getByRole("dialog", { name: "Sign out all other sessions?" }).getByRole("button", { name: "Sign out all other sessions" }).click();
    await page.getByText("Other sessions signed out.").waitFor();
    await expect.poll(() => page.getByRole("region", { name: "Sessions" }).getByRole("row").count()).toBe(2);
    await elsewhere.reload();
    await elsewhere.waitForURL(/\/console\/sign-in/);
  });

  it("refuses to unlink the last sign-in method, in the page and at the server", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    await openAccount(page);
    const linked = page.getByRole("region", { name: "Sign-in methods" });
    await linked.getByText("Email and password").waitFor();
    const unlink = linked.getByRole("button", { name: "Unlink Email and password" });
    expect(await unlink.isDisabled()).toBe(true);
    await linked.getByText("This is your only way to sign in, so it can't be unlinked.").waitFor();
    expect(await unlink.getAttribute("aria-describedby")).toBeTruthy();
    await expect(harness.server.client(user.token).unlinkAccount({ providerId: "credential" })).rejects.toMatchObject({ code: "FAILED_TO_UNLINK_LAST_ACCOUNT" });
  });

  it("deletes the account with the password, after a wrong one is refused", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    const errors = watchPageErrors(page);
    await openAccount(page);
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Password").fill("not it");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("That password is not right.").waitFor();
    await expectAccessible(page, "account (delete dialog)");
    await dialog.getByLabel("Password").fill(user.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(/\/console\/goodbye/);
    await page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();
    await screenshot(page, "auth-goodbye");
    await expect(harness.server.client().signInEmail({ email: user.email, password: user.password })).rejects.toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(errors).toEqual([]);
  });

  it("asks for the password when the session is no longer fresh", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    await openAccount(page);
    // Two days later (the session lasts a week; it counts as fresh for one day). Last test here: the clock only moves on.
    harness.server.clock.advance(2 * 24 * 3600 * 1000);
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("You signed in a while ago: enter your password to confirm.").waitFor();
    // Still signed in (being asked for the password is not a signed-out session): the dialog stays, and the password finishes the job.
    expect(page.url()).toContain("/account");
    await dialog.getByLabel("Password").fill(user.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(/\/console\/goodbye/);
  });
});

describe("deleting when the server confirms by mail", { timeout: FLOW_TIMEOUT }, () => {
  const mailing = consoleForFile({ stepTimeout: 10_000, config: { user: { deleteRequiresConfirmation: true } } });

  it("says a link was mailed, and the link deletes the account", async () => {
    const user = await mailing.server.signUp();
    const { page } = await mailing.newPage({ as: user });
    await page.goto(`${mailing.consoleURL}/account`);
    await page.getByRole("button", { name: "Delete account…" }).click();
    await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click();
    await page.getByText(`We sent a confirmation link to ${user.email}. Open it in this browser to delete your account.`).waitFor();
    let mails: Awaited<ReturnType<typeof mailing.server.outbox>> = [];
    await expect.poll(async () => (mails = (await mailing.server.outbox(user.email)).filter((mail) => mail.kind === "delete-account")).length).toBe(1);
    await page.goto(mails[0]!.url);
    await page.waitForURL(/\/console\/goodbye$/);
    await page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();
  });
});
