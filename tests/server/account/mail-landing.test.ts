/**
 * Where mailed links land. Without a callback URL every mail's link goes through its API endpoint
 * to a page of the console this server serves; an app that passes its own URL keeps getting it.
 * (The console pages themselves are opened in Chromium in tests/e2e/console/auth-mail-landing.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { lastMail, openBrowser } from "./support.js";

const APP = "https://app.example.com";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: {
      trustedOrigins: [APP],
      user: { deleteRequiresConfirmation: true },
      emailVerification: { sendOnSignUp: true },
    },
  });
});
afterAll(async () => {
  await server.close();
});

let counter = 0;
const fresh = () => `landing-${Date.now()}-${++counter}@example.com`;

function callbackOf(url: string): string | null {
  return new URL(url).searchParams.get("callbackURL");
}

/** Marks the user verified (so an email change mails a confirmation link). */
async function verify(userId: string) {
  await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", userId).execute();
}

describe("default mail links (no callback URL given)", () => {
  it("verify email → /api/auth/verify-email → /console/verify-email", async () => {
    const email = fresh();
    await server.request("POST", "/sign-up/email", { body: { email, password: "password123", name: "Lands" } });
    const mail = await lastMail(server, email, "verify-email");
    expect(mail.url.startsWith(`${server.api}/verify-email?`)).toBe(true);
    expect(callbackOf(mail.url)).toBe("/console/verify-email");
    const response = await openBrowser(server).get(mail.url);
    expect(response.status).toBe(302);
    expect(response.location).toBe("/console/verify-email");
    // A second use is refused, and still lands on the console page, which shows the error.
    const again = await openBrowser(server).get(mail.url);
    expect(again.location).toBe("/console/verify-email?error=invalid_token");
  });

  it("reset password → /api/auth/reset-password/<token> → /console/reset-password?token=…", async () => {
    const { email } = await server.signUp();
    await server.request("POST", "/request-password-reset", { body: { email } });
    const mail = await lastMail(server, email, "reset-password");
    expect(mail.url.startsWith(`${server.api}/reset-password/${mail.token}?`)).toBe(true);
    expect(callbackOf(mail.url)).toBe("/console/reset-password");
    const response = await openBrowser(server).get(mail.url);
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/console/reset-password?token=${mail.token}`);
  });

  it("change email → /api/auth/verify-email → /console/verify-email", async () => {
    const { token, userId } = await server.signUp();
    await verify(userId);
    const newEmail = fresh();
    expect((await server.request("POST", "/change-email", { token, body: { newEmail } })).status).toBe(200);
    const mail = await lastMail(server, newEmail, "change-email");
    expect(callbackOf(mail.url)).toBe("/console/verify-email");
    const response = await openBrowser(server).get(mail.url);
    expect(response.location).toBe("/console/verify-email");
    expect((await server.request("GET", "/get-session", { token })).body.user.email).toBe(newEmail);
  });

  it("delete account → /api/auth/delete-user/callback → /console/goodbye", async () => {
    const user = await server.signUp();
    const browser = openBrowser(server);
    expect((await browser.post("/sign-in/email", { email: user.email, password: user.password })).status).toBe(200);
    expect((await browser.post("/delete-user", {})).body.message).toBe("Verification email sent");
    const mail = await lastMail(server, user.email, "delete-account");
    expect(callbackOf(mail.url)).toBe("/console/goodbye");
    // Opened where nobody is signed in: the goodbye page explains.
    expect((await openBrowser(server).get(mail.url)).location).toBe("/console/goodbye?error=unauthorized");
    const response = await browser.get(mail.url);
    expect(response.location).toBe("/console/goodbye");
  });

  it("invitation → /console/accept-invitation/<id>", async () => {
    const owner = await server.signUp();
    await server.verifyEmail(owner.email); // only verified accounts invite
    const organization = await server.request("POST", "/organization/create", { token: owner.token, body: { name: "Landing", slug: `landing-${counter++}-${Date.now()}` } });
    expect(organization.status).toBe(200);
    const email = fresh();
    const invited = await server.request("POST", "/organization/invite-member", { token: owner.token, body: { email, role: "member", organizationId: organization.body.id } });
    expect(invited.status).toBe(200);
    const mail = await lastMail(server, email, "invitation");
    expect(mail.url).toBe(`${server.url}/console/accept-invitation/${invited.body.id}`);
  });
});

describe("an app's own URLs are kept", () => {
  it("verify email, reset password, change email and delete account use the callback the app gave", async () => {
    const email = fresh();
    await server.request("POST", "/sign-up/email", { body: { email, password: "password123", name: "App", callbackURL: `${APP}/verified` } });
    const verifyMail = await lastMail(server, email, "verify-email");
    expect(callbackOf(verifyMail.url)).toBe(`${APP}/verified`);
    expect((await openBrowser(server).get(verifyMail.url)).location).toBe(`${APP}/verified`);

    await server.request("POST", "/request-password-reset", { body: { email, redirectTo: `${APP}/new-password` } });
    const resetMail = await lastMail(server, email, "reset-password");
    expect(callbackOf(resetMail.url)).toBe(`${APP}/new-password`);
    expect((await openBrowser(server).get(resetMail.url)).location).toBe(`${APP}/new-password?token=${resetMail.token}`);

    const browser = openBrowser(server);
    expect((await browser.post("/sign-in/email", { email, password: "password123" })).status).toBe(200);
    const newEmail = fresh();
    expect((await browser.post("/change-email", { newEmail, callbackURL: "/my-app/email-changed" })).status).toBe(200);
    const changeMail = await lastMail(server, newEmail, "change-email");
    expect(callbackOf(changeMail.url)).toBe("/my-app/email-changed");

    expect((await browser.post("/delete-user", { callbackURL: `${APP}/bye` })).body.message).toBe("Verification email sent");
    // The change waits for its confirmation: the account still uses the first address.
    const deleteMail = await lastMail(server, email, "delete-account");
    expect(callbackOf(deleteMail.url)).toBe(`${APP}/bye`);
    expect((await browser.get(deleteMail.url)).location).toBe(`${APP}/bye`);
  });
});
