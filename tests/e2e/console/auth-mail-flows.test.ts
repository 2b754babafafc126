/** The mailed flows finished in the console: forgot/reset password and verify email (links read from the outbox). */
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, screenshot, watchPageErrors } from "../../helpers/console.js";

/** Long flows: many steps, each waiting at most 10 s (so a failure names its step). */
const FLOW_TIMEOUT = 90_000;
const harness = consoleForFile({ stepTimeout: 10_000 });

async function newestMail(email: string, kind: string) {
  let mail: Awaited<ReturnType<typeof harness.server.outbox>>[number] | undefined;
  await expect.poll(async () => (mail = (await harness.server.outbox(email)).find((entry) => entry.kind === kind))).toBeTruthy();
  return mail!;
}

describe("mailed flows", { timeout: FLOW_TIMEOUT }, () => {
  it("resets a forgotten password from the mailed link, then signs in with the new one", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await expectAccessible(page, "forgot password");
    await screenshot(page, "auth-forgot-password");

    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(`If an account uses ${user.email}, a link to reset its password is on its way.`).waitFor();

    // An unknown address gets the very same answer.
    await page.getByRole("button", { name: "Use another address" }).click();
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account uses nobody-here@example.com, a link to reset its password is on its way.").waitFor();
    expect(await harness.server.outbox("nobody-here@example.com")).toEqual([]);

    const mail = await newestMail(user.email, "reset-password");
    expect(mail.url).toContain("callbackURL=%2Fconsole%2Freset-password");
    await page.goto(mail.url);
    await page.waitForURL(/\/console\/reset-password\?token=/);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page, "reset password");
    await screenshot(page, "auth-reset-password");

    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Repeat new password").fill("a different password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The two passwords are not the same.").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Repeat new password").fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The password is too short.").waitFor();

    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Repeat new password").fill("a brand new password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password has been changed. Sign in with your new password.").waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();

    await page.getByLabel("Email or username").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("a brand new password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/console\/account$/);

    // The link worked once: a second visit is refused with an explanation.
    const { page: later } = await harness.newPage();
    await later.goto(mail.url);
    await later.waitForURL(/error=INVALID_TOKEN/);
    await later.getByText("This reset link is invalid, has expired or has already been used.").waitFor();
    await later.getByRole("link", { name: "Send a new link" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("verifies the email from a link sent from the account page", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    const errors = watchPageErrors(page);
    await page.goto(`${harness.consoleURL}/account`);
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByText("Not verified").waitFor();
    await profile.getByRole("button", { name: "Send verification link" }).click();
    await profile.getByText(`A verification link is on its way to ${user.email}.`).waitFor();

    // A broken link first: explained, with a way to get a new one.
    await page.goto(`${harness.server.api}/verify-email?token=not-a-real-token&callbackURL=%2Fconsole%2Fverify-email`);
    await page.waitForURL(/\/console\/verify-email\?error=invalid_token/);
    await page.getByText("This link is invalid or has already been used.").waitFor();
    await page.getByRole("button", { name: "Send a new verification link" }).waitFor();
    await expectAccessible(page, "verify email (failed)");
    await screenshot(page, "auth-verify-email-failed");

    const mail = await newestMail(user.email, "verify-email");
    await page.goto(mail.url);
    await page.waitForURL(/\/console\/verify-email$/);
    await page.getByRole("heading", { name: "Email verified" }).waitFor();
    await expectAccessible(page, "verify email");
    await screenshot(page, "auth-verify-email");
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.getByRole("region", { name: "Profile" }).getByText("Verified", { exact: true }).waitFor();
    expect((await harness.server.client(user.token).getSession())?.user.emailVerified).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("sign-up when the server requires a verified address", { timeout: FLOW_TIMEOUT }, () => {
  const strict = consoleForFile({ stepTimeout: 10_000, config: { emailAndPassword: { requireEmailVerification: true } } });

  it("says to check the mail, and the mailed link verifies the address", async () => {
    const email = `careful-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { page } = await strict.newPage();
    await page.goto(`${strict.consoleURL}/sign-up`);
    await page.getByLabel("Name", { exact: true }).fill("Careful Person");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();

    let mails: Awaited<ReturnType<typeof strict.server.outbox>> = [];
    await expect.poll(async () => (mails = await strict.server.outbox(email)).length).toBeGreaterThan(0);
    await page.goto(mails[0]!.url);
    await page.getByRole("heading", { name: "Email verified" }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email or username").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("a long enough password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/console\/account$/);
  });
});
