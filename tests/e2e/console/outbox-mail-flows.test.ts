/**
 * The offline demo's mail flows, finished through the outbox viewer: an administrator's browser
 * reads the outbox page and follows the mail's link. Verify email, reset password and an invitation
 * (sent to the administrator) finish in that browser. Change-email and delete-account links only
 * work in a browser signed in as their own user (the server refuses them elsewhere, so a mail
 * scanner or another signed-in person cannot use them): the administrator's click is refused and
 * said so, and the user's browser then opens the link the viewer shows.
 */
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, screenshot, startConsole, watchPageErrors, type ConsoleHarness } from "../../helpers/console.js";
import { signedIn } from "../../helpers/signed-in.js";

const SLOW = { timeout: 20_000 };

let harness: ConsoleHarness;
let admin: { email: string; password: string; userId: string };
let adminToken: string;
let adminPage: Page;

beforeAll(async () => {
  harness = await startConsole({ config: { emailVerification: { sendOnSignUp: true }, user: { deleteRequiresConfirmation: true } } });
  admin = await harness.createAdmin({ email: "demo-admin@example.com" });
  adminToken = signedIn(await harness.server.client().signInEmail({ email: admin.email, password: admin.password })).token ?? "";
  adminPage = (await harness.newPage({ as: admin })).page;
});
afterEach(async (context) => {
  // What the administrator's browser showed when a flow failed, for the report.
  if (context.task.result?.state === "fail") await screenshot(adminPage, `mail-flows-failed-${context.task.name.split(":")[0]!.replace(/\W+/g, "-")}`).catch(() => undefined);
});
afterAll(async () => {
  await harness?.close();
});

/** In the administrator's browser: the outbox page, filtered to `to`, with the newest mail whose subject has `subject` open. */
async function openMail(to: string, subject: string) {
  await adminPage.goto(`${harness.consoleURL}/admin/outbox`);
  const filter = adminPage.getByRole("form", { name: "Filter mail" });
  await filter.getByLabel("Recipient").fill(to);
  await filter.getByRole("button", { name: "Show", exact: true }).click();
  // The unfiltered list can still be on screen for a moment: wait for a row to `to` with that subject.
  const row = adminPage.getByRole("table", { name: "Mail kept in the outbox, newest first" }).getByRole("row").filter({ hasText: subject }).filter({ hasText: to.toLowerCase() }).first();
  await row.waitFor(SLOW);
  await row.getByRole("button").first().click();
  const mail = adminPage.getByRole("article", { name: new RegExp(`^Mail: .*${subject}`) });
  await mail.waitFor();
  return mail;
}

async function userOf(id: string) {
  return harness.server.client(adminToken).adminGetUser({ id });
}

describe("mail flows through the outbox viewer", { timeout: 240_000 }, () => {
  const password = "demo password 123";
  const newPassword = "brand new password 456";
  const email = "demo-user@example.com";
  const newEmail = "demo-user-renamed@example.com";
  let userId = "";

  it("verifies an email: sign up in the console, the administrator follows the verification link", async () => {
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Demo User");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/sign-up"), SLOW);
    const listed = await harness.server.client(adminToken).adminListUsers({ searchValue: email, searchField: "email" });
    userId = listed.users[0]?.id ?? "";
    expect(userId).not.toBe("");
    expect((await userOf(userId)).emailVerified).toBe(false);

    const mail = await openMail(email, "Verify your email");
    await expectAccessible(adminPage, "outbox with a mail open");
    await mail.getByRole("link", { name: "Verify email" }).click();
    await adminPage.waitForURL(/\/console\/verify-email/, SLOW);
    await adminPage.getByText("Email verified").waitFor();
    expect((await userOf(userId)).emailVerified).toBe(true);
    // The administrator's browser is still the administrator's.
    expect((await adminPage.request.get(`${harness.server.api}/get-session`).then((r) => r.json())).user.email).toBe(admin.email);
    expect(errors).toEqual([]);
  });

  it("resets a password: forgot password in the console, the administrator follows the link and sets the new one", async () => {
    const { page } = await harness.newPage();
    await page.goto(`${harness.consoleURL}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your email").waitFor();

    const mail = await openMail(email, "Reset your");
    await mail.getByRole("link", { name: "Reset password" }).click();
    await adminPage.waitForURL(/\/console\/reset-password\?token=/, SLOW);
    await adminPage.getByLabel("New password", { exact: true }).fill(newPassword);
    await adminPage.getByLabel("Repeat new password").fill(newPassword);
    await adminPage.getByRole("button", { name: "Change password" }).click();
    await adminPage.getByText("Password changed").waitFor();

    const answer = await harness.server.client().signInEmail({ email, password: newPassword });
    expect(signedIn(answer).user.id).toBe(userId);
    await expect(harness.server.client().signInEmail({ email, password })).rejects.toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
  });

  it("changes an email: the link is refused in the administrator's browser and works in the user's", async () => {
    const { page } = await harness.newPage({ as: { email, password: newPassword } });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByRole("button", { name: "Change email" }).click();
    await page.getByText(/We sent a confirmation link to/).waitFor();

    const sentTo = (await harness.server.outbox()).find((m) => m.kind === "change-email")?.to ?? email;
    const mail = await openMail(sentTo, "Confirm your new email");
    const link = mail.getByRole("link", { name: "Confirm new email" });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toContain("/verify-email?token=");
    await link.click();
    // Signed in as someone else: refused, and the token stays good for its owner.
    await adminPage.waitForURL(/error=unauthorized/, SLOW);
    expect((await userOf(userId)).email).toBe(email);

    await page.goto(href);
    await page.waitForURL(/\/console\/account/, SLOW);
    await expect.poll(async () => (await userOf(userId)).email, SLOW).toBe(newEmail);
    await page.getByText(newEmail).first().waitFor();
  });

  it("deletes an account: the confirmation link is refused in the administrator's browser with words, and deletes in the user's", async () => {
    const { page } = await harness.newPage({ as: { email: newEmail, password: newPassword } });
    await page.goto(`${harness.consoleURL}/account`);
    await page.getByRole("button", { name: "Delete account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Password").fill(newPassword);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText(/We sent a confirmation link to/).waitFor(SLOW);

    const mail = await openMail(newEmail, "Confirm deleting");
    const link = mail.getByRole("link", { name: "Delete the account" });
    const href = (await link.getAttribute("href")) ?? "";
    await link.click();
    // Signed in as someone else, the server answers invalid_token (the token is not one of this
    // user's) without using it up; the goodbye page says the account was not deleted.
    await adminPage.waitForURL(/\/console\/goodbye\?error=/, SLOW);
    await adminPage.getByText("Your account was not deleted").waitFor();
    expect((await userOf(userId)).id).toBe(userId);

    await page.goto(href);
    await page.waitForURL((url) => url.pathname === "/console/goodbye" && !url.searchParams.has("error"), SLOW);
    await page.getByText("Your account has been deleted").waitFor();
    await expect(userOf(userId)).rejects.toMatchObject({ status: 404 });
  });

  it("accepts an invitation: an owner invites the administrator, who follows the mailed link and accepts", async () => {
    const owner = await harness.server.signUp({ email: "demo-owner@example.com" });
    await harness.server.verifyEmail(owner.email); // only verified accounts invite
    const ownerClient = harness.server.client(owner.token);
    const organization = await ownerClient.createOrganization({ name: "Demo Org", slug: "demo-org" });
    await ownerClient.inviteOrganizationMember({ email: admin.email, role: "member", organizationId: organization.id });

    // The subject is the product's own words; the organization is named (quoted) in the body.
    const mail = await openMail(admin.email, "You are invited to join “Demo Org”");
    const link = mail.getByRole("link", { name: "View invitation" });
    await link.click();
    await adminPage.getByRole("heading", { name: "Join Demo Org" }).waitFor(SLOW);
    await adminPage.getByRole("button", { name: "Accept" }).click();
    await adminPage.getByText("You joined Demo Org.").first().waitFor(SLOW);
    const organizations = await harness.server.client(adminToken).listOrganizations();
    expect(organizations.map((org) => org.slug)).toContain("demo-org");
  });
});
