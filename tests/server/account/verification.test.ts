import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { apiPath, apiPathWithoutCallback, auditRows, lastMail, mailCount, openBrowser } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function verificationToken(email: string): Promise<{ token: string; url: string }> {
  await server.request("POST", "/send-verification-email", { body: { email } });
  const mail = await lastMail(server, email, "verify-email");
  return { token: mail.token!, url: mail.url };
}

describe("send-verification-email", () => {
  it("mails a verify-email link with a 32-character token and the callbackURL", async () => {
    const { email } = await server.signUp();
    const response = await server.request("POST", "/send-verification-email", { body: { email, callbackURL: "/welcome" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    const mail = await lastMail(server, email, "verify-email");
    expect(mail.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const url = new URL(mail.url);
    expect(url.origin + url.pathname).toBe(`${server.api}/verify-email`);
    expect(url.searchParams.get("token")).toBe(mail.token);
    expect(url.searchParams.get("callbackURL")).toBe("/welcome");
  });

  it("answers the same for unknown, verified and unverified addresses when signed out", async () => {
    const { email } = await server.signUp();
    const verified = await server.signUp();
    await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", verified.email).execute();
    const answers = await Promise.all(
      [email, verified.email, "nobody-here@example.com"].map((address) => server.request("POST", "/send-verification-email", { body: { email: address } })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('{"status":true}');
    }
    expect(await mailCount(server, email, "verify-email")).toBe(1);
    expect(await mailCount(server, verified.email, "verify-email")).toBe(0);
    expect(await mailCount(server, "nobody-here@example.com")).toBe(0);
  });

  it("refuses another address or an already verified one when signed in", async () => {
    const { token, email } = await server.signUp();
    const other = await server.request("POST", "/send-verification-email", { token, body: { email: "someone-else@example.com" } });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ code: "EMAIL_MISMATCH", message: "Email mismatch" });
    await server.database.db.updateTable("user").set({ emailVerified: 1 }).where("email", "=", email).execute();
    const again = await server.request("POST", "/send-verification-email", { token, body: { email } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("EMAIL_ALREADY_VERIFIED");
  });

  it("refuses an invalid email and an untrusted callbackURL", async () => {
    const bad = await server.request("POST", "/send-verification-email", { body: { email: "nope" } });
    expect(bad.body).toEqual({ code: "INVALID_EMAIL", message: "Invalid email" });
    const evil = await server.request("POST", "/send-verification-email", { body: { email: "a@example.com", callbackURL: "https://evil.example/x" } });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" });
  });
});

describe("verify-email", () => {
  it("marks the user verified and answers { status: true } without a callbackURL", async () => {
    const { email, userId } = await server.signUp();
    const { token } = await verificationToken(email);
    const response = await server.request("GET", `/verify-email?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: true });
    const user = await server.database.db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(1);
    const events = await auditRows(server, "user.email-verify");
    expect(events.some((e) => e.targetId === userId)).toBe(true);
  });

  it("redirects to the callbackURL from the mailed link", async () => {
    const { email, userId } = await server.signUp();
    await server.request("POST", "/send-verification-email", { body: { email, callbackURL: "/welcome" } });
    const mail = await lastMail(server, email, "verify-email");
    const response = await server.request("GET", apiPath(server, mail.url));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/welcome");
    const user = await server.database.db.selectFrom("user").select("emailVerified").where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(1);
  });

  it("uses a token once: the second visit is invalid_token", async () => {
    const { email } = await server.signUp();
    const { token } = await verificationToken(email);
    expect((await server.request("GET", `/verify-email?token=${token}`)).status).toBe(200);
    const again = await server.request("GET", `/verify-email?token=${token}&callbackURL=/done`);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/done?error=invalid_token");
  });

  it("redirects with error=invalid_token for an unknown token, or answers 400 JSON without a callbackURL", async () => {
    const redirect = await server.request("GET", `/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(server.url + "/app?x=1")}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`${server.url}/app?x=1&error=invalid_token`);
    const json = await server.request("GET", "/verify-email?token=not-a-token");
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ code: "INVALID_TOKEN", message: "invalid token" });
  });

  it("expires tokens after 3600 seconds: error=token_expired", async () => {
    const { email, userId } = await server.signUp();
    const first = await verificationToken(email);
    server.clock.advance(3599_000);
    expect((await server.request("GET", `/verify-email?token=${first.token}`)).status).toBe(200);
    await server.database.db.updateTable("user").set({ emailVerified: 0 }).where("id", "=", userId).execute();
    const second = await verificationToken(email);
    server.clock.advance(3601_000);
    const redirect = await server.request("GET", `/verify-email?token=${second.token}&callbackURL=/v`);
    expect(redirect.headers.get("location")).toBe("/v?error=token_expired");
    const third = await verificationToken(email);
    server.clock.advance(3600_000);
    const json = await server.request("GET", `/verify-email?token=${third.token}`);
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ code: "TOKEN_EXPIRED", message: "token expired" });
  });

  it("answers user_not_found when the user is gone", async () => {
    const { email, userId } = await server.signUp();
    const a = await verificationToken(email);
    await server.database.db.updateTable("verification").set({ value: JSON.stringify({ userId: "gone-user", email }) }).where("value", "like", `%${userId}%`).execute();
    const redirect = await server.request("GET", `/verify-email?token=${a.token}&callbackURL=/v`);
    expect(redirect.headers.get("location")).toBe("/v?error=user_not_found");
    const json = await server.request("GET", `/verify-email?token=${a.token}`);
    expect(json.status).toBe(404);
    expect(json.body.code).toBe("USER_NOT_FOUND");
  });

  it("refuses a link sent to an address the user no longer has", async () => {
    const { email, token: session } = await server.signUp();
    const link = await verificationToken(email);
    await server.request("POST", "/change-email", { token: session, body: { newEmail: `moved-${Date.now()}@example.com` } });
    const response = await server.request("GET", `/verify-email?token=${link.token}`);
    expect(response.body.code).toBe("INVALID_TOKEN");
  });

  it("refuses an untrusted callbackURL with 403", async () => {
    const response = await server.request("GET", `/verify-email?token=abc&callbackURL=${encodeURIComponent("https://evil.example/")}`);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("INVALID_CALLBACK_URL");
  });
});

describe("verification options", () => {
  it("sends the verification mail on sign-up when sendOnSignUp is set", async () => {
    const local = await startTestServer({ config: { emailVerification: { sendOnSignUp: true } } });
    try {
      const { email } = await local.signUp();
      const mail = await lastMail(local, email, "verify-email");
      expect(mail.url).toContain("/verify-email?token=");
    } finally {
      await local.close();
    }
  });

  it("with verification required, sign-in answers 403 'Email not verified' and mails again; after verifying it works", async () => {
    const local = await startTestServer({ config: { emailAndPassword: { requireEmailVerification: true } } });
    try {
      const email = "must-verify@example.com";
      const signUp = await local.request("POST", "/sign-up/email", { body: { email, password: "password123", name: "V" } });
      expect(signUp.status).toBe(200);
      expect(signUp.body.token).toBeNull();
      expect(await mailCount(local, email, "verify-email")).toBe(1);
      const refused = await local.request("POST", "/sign-in/email", { body: { email, password: "password123" } });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
      expect(await mailCount(local, email, "verify-email")).toBe(2);
      const mail = await lastMail(local, email, "verify-email");
      expect((await local.request("GET", `/verify-email?token=${mail.token}`)).body).toEqual({ status: true });
      const signIn = await local.request("POST", "/sign-in/email", { body: { email, password: "password123" } });
      expect(signIn.status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it("signs the user in after verification when autoSignInAfterVerification is set", async () => {
    const local = await startTestServer({ config: { emailAndPassword: { requireEmailVerification: true }, emailVerification: { autoSignInAfterVerification: true } } });
    try {
      const email = "auto@example.com";
      await local.request("POST", "/sign-up/email", { body: { email, password: "password123", name: "Auto" } });
      const mail = await lastMail(local, email, "verify-email");
      const browser = openBrowser(local);
      const response = await browser.get(apiPathWithoutCallback(local, mail.url));
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(true);
      expect(response.body.user).toMatchObject({ email, emailVerified: true });
      expect(browser.sessionCookie()).toMatch(/^[A-Za-z0-9]{32}$/);
      const session = await browser.get("/get-session");
      expect(session.body.user.email).toBe(email);

      // With a callbackURL the browser is redirected, signed in.
      const second = "auto2@example.com";
      await local.request("POST", "/sign-up/email", { body: { email: second, password: "password123", name: "Auto2", callbackURL: "/home" } });
      const link = await lastMail(local, second, "verify-email");
      const other = openBrowser(local);
      const redirect = await other.get(apiPath(local, link.url));
      expect(redirect.status).toBe(302);
      expect(redirect.location).toBe("/home");
      expect((await other.get("/get-session")).body.user.email).toBe(second);
    } finally {
      await local.close();
    }
  });
});
