/**
 * Every mail's default link (no callback URL given by an app) opened in Chromium: it passes
 * through its API endpoint and lands on a console page that answers 200 and shows the outcome.
 * Mails are requested through the API, as an app that passes no URLs would.
 */
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consoleForFile, expectAccessible, watchPageErrors } from "../../helpers/console.js";

const FLOW_TIMEOUT = 90_000;
const harness = consoleForFile({ stepTimeout: 10_000, config: { user: { deleteRequiresConfirmation: true }, emailVerification: { sendOnSignUp: true } } });

async function newestMail(email: string, kind: string) {
  let mail: Awaited<ReturnType<typeof harness.server.outbox>>[number] | undefined;
  await expect.poll(async () => (mail = (await harness.server.outbox(email)).find((entry) => entry.kind === kind))).toBeTruthy();
  return mail!;
}

/** Opens a mailed link; the final document (after the server's redirect) must be a 200 console page. */
async function open(page: Page, url: string, landing: RegExp): Promise<Response> {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  expect(response!.status(), `${url} → ${response!.url()}`).toBe(200);
  expect(new URL(page.url()).pathname).toMatch(landing);
  return response!;
}

let counter = 0;
const fresh = () => `landing-e2e-${Date.now()}-${++counter}@example.com`;

describe("default mail links land on console pages", { timeout: FLOW_TIMEOUT }, () => {
  it("verify email: the console says the address is verified, and a reused link says why not", async () => {
    const email = fresh();
    const signUp = await harness.server.request("POST", "/sign-up/email", { body: { email, password: "password123", name: "Lands" } });
    expect(signUp.status).toBe(200);
    const mail = await newestMail(email, "verify-email");
    expect(mail.url).toContain("callbackURL=%2Fconsole%2Fverify-email");

    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await open(page, mail.url, /^\/console\/verify-email$/);
    await page.getByRole("heading", { name: "Email verified" }).waitFor();
    await expectAccessible(page, "verify-email landing");

    await open(page, mail.url, /^\/console\/verify-email$/);
    expect(page.url()).toContain("error=invalid_token");
    await page.getByRole("heading", { name: "We could not verify your email" }).waitFor();
    await page.getByText("This link is invalid or has already been used.").waitFor();
    await expectAccessible(page, "verify-email landing, reused link");
    expect(errors).toEqual([]);
  });

  it("reset password: the console asks for the new password (not raw JSON)", async () => {
    const user = await harness.server.signUp();
    expect((await harness.server.request("POST", "/request-password-reset", { body: { email: user.email } })).status).toBe(200);
    const mail = await newestMail(user.email, "reset-password");
    const { page } = await harness.newPage();
    const errors = watchPageErrors(page);
    await open(page, mail.url, /^\/console\/reset-password$/);
    expect(new URL(page.url()).searchParams.get("token")).toBe(mail.token);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Repeat new password").fill("a brand new password");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password has been changed. Sign in with your new password.").waitFor();
    expect(errors).toEqual([]);
  });

  it("change email: the confirmation lands on the verified page", async () => {
    const user = await harness.server.signUp();
    await harness.server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", user.userId).execute();
    const newEmail = fresh();
    expect((await harness.server.request("POST", "/change-email", { token: user.token, body: { newEmail } })).status).toBe(200);
    const mail = await newestMail(newEmail, "change-email");
    const { page } = await harness.newPage({ as: user });
    await open(page, mail.url, /^\/console\/verify-email$/);
    await page.getByRole("heading", { name: "Email verified" }).waitFor();
    expect((await harness.server.request("GET", "/get-session", { token: user.token })).body.user.email).toBe(newEmail);
  });

  it("delete account: signed out it explains, signed in it deletes and says goodbye", async () => {
    const user = await harness.server.signUp();
    const { page } = await harness.newPage({ as: user });
    const asked = await page.request.post(`${harness.server.api}/delete-user`, { data: {}, headers: { origin: harness.server.url } });
    expect(asked.ok()).toBe(true);
    const mail = await newestMail(user.email, "delete-account");

    const { page: elsewhere } = await harness.newPage();
    await open(elsewhere, mail.url, /^\/console\/goodbye$/);
    await elsewhere.getByRole("heading", { name: "Your account was not deleted" }).waitFor();

    await open(page, mail.url, /^\/console\/goodbye$/);
    await page.getByRole("heading", { name: "Your account has been deleted" }).waitFor();
  });

  it("invitation: the invitee signs in and sees the invitation to accept", async () => {
    const owner = await harness.server.signUp();
    await harness.server.verifyEmail(owner.email); // only verified accounts invite
    const organization = await harness.server.request("POST", "/organization/create", { token: owner.token, body: { name: "Landing Co", slug: `landing-co-${Date.now()}` } });
    expect(organization.status).toBe(200);
    const invitee = await harness.server.signUp();
    await harness.server.verifyEmail(invitee.email); // answering an invitation needs a verified address
    const invited = await harness.server.request("POST", "/organization/invite-member", { token: owner.token, body: { email: invitee.email, role: "member", organizationId: organization.body.id } });
    expect(invited.status).toBe(200);
    const mail = await newestMail(invitee.email, "invitation");
    const { page } = await harness.newPage({ as: invitee });
    await open(page, mail.url, /^\/console\/accept-invitation\//);
    await page.getByRole("button", { name: "Accept" }).waitFor();
  });
});
