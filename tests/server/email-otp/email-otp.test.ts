/**
 * Issue 37 item 2: mailed one-time codes in better-auth's wire format, driven by better-auth's
 * emailOTPClient against a real server (SQLite, and PostgreSQL with LATCHKEY_TEST_DIALECT=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { latestMail, passwordlessTab, setRuntimeSetting } from "../../helpers/passwordless-client.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
const address = (label: string) => `otp-${label}-${(counter += 1)}@example.com`;

type OtpType = "sign-in" | "email-verification" | "forget-password";

async function mailedCode(email: string, type: OtpType = "sign-in"): Promise<string> {
  const sent = await passwordlessTab(server).client.emailOtp.sendVerificationOtp({ email, type });
  expect(sent.error).toBeNull();
  expect(sent.data).toEqual({ success: true });
  const mail = await latestMail(server, email, "email-otp");
  expect(mail.token).toMatch(/^\d{6}$/);
  expect(mail.text).toContain(mail.token);
  return mail.token!;
}

/** A six-digit code that is not `code`. */
const wrong = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, "0");

describe("sign-in with a mailed code", () => {
  it("creates the account (verified, no password) and signs in with {token, user} and the cookie (#37)", async () => {
    const email = address("new");
    const code = await mailedCode(email);
    const tab = passwordlessTab(server);
    const signedIn = await tab.client.signIn.emailOtp({ email, otp: code, name: "Code Person" });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data!.user).toMatchObject({ email, name: "Code Person", emailVerified: true });
    expect(signedIn.data!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tab.jar.cookies.get("latchkey.session_token")).toBeDefined();
    expect((await tab.client.getSession()).data?.user.email).toBe(email);
    // Used up.
    const again = await passwordlessTab(server).client.signIn.emailOtp({ email, otp: code });
    expect(again.error?.status).toBe(400);
    expect(again.error?.code).toBe("INVALID_OTP");
  });

  it("keeps codes as keyed digests: neither the code nor the address is in the store (#37)", async () => {
    const email = address("digest");
    const code = await mailedCode(email);
    const rows = await server.database.db.selectFrom("verification").select(["identifier", "value"]).execute();
    const mine = rows.filter((row) => row.identifier.startsWith("email-otp:"));
    expect(mine.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.value.includes(code) && row.identifier.startsWith("email-otp:") && row.value.includes(`"${code}"`)).toBe(false);
      expect(row.identifier).not.toContain(email);
    }
  });

  it("allows three wrong codes, then the code is dead: 403 TOO_MANY_ATTEMPTS even for the right one (#37)", async () => {
    const email = address("attempts");
    const code = await mailedCode(email);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const tried = await passwordlessTab(server).client.signIn.emailOtp({ email, otp: wrong(code, attempt) });
      expect(tried.error?.status, `attempt ${attempt}`).toBe(400);
      expect(tried.error?.code).toBe("INVALID_OTP");
    }
    const right = await passwordlessTab(server).client.signIn.emailOtp({ email, otp: code });
    expect(right.error?.status).toBe(403);
    expect(right.error?.code).toBe("TOO_MANY_ATTEMPTS");
    const after = await passwordlessTab(server).client.signIn.emailOtp({ email, otp: code });
    expect(after.error?.code).toBe("INVALID_OTP");
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("counts concurrent guesses too: twelve wrong codes at once kill the code, the right one then fails (#37)", async () => {
    const email = address("race");
    const code = await mailedCode(email);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => passwordlessTab(server).client.signIn.emailOtp({ email, otp: wrong(code, index + 1) })));
    expect(answers.every((answer) => answer.error !== null)).toBe(true);
    // Each guess was charged before it was compared: a lost race reads the count again, so none went uncounted.
    const right = await passwordlessTab(server).client.signIn.emailOtp({ email, otp: code });
    expect(["TOO_MANY_ATTEMPTS", "INVALID_OTP"]).toContain(right.error?.code);
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("expires after emailOTP.expiresIn (300 s): 400 OTP_EXPIRED (#37)", async () => {
    const email = address("late");
    const code = await mailedCode(email);
    server.clock.advance(301_000);
    const late = await passwordlessTab(server).client.signIn.emailOtp({ email, otp: code });
    expect(late.error?.status).toBe(400);
    expect(late.error?.code).toBe("OTP_EXPIRED");
  });

  it("a new code replaces the previous one (#37)", async () => {
    const email = address("resend");
    const first = await mailedCode(email);
    let second = await mailedCode(email);
    // Two draws may coincide (one in a million): draw again until they differ.
    while (second === first) second = await mailedCode(email);
    expect((await passwordlessTab(server).client.signIn.emailOtp({ email, otp: first })).error?.code).toBe("INVALID_OTP");
    expect((await passwordlessTab(server).client.signIn.emailOtp({ email, otp: second })).error).toBeNull();
  });

  it("with sign-up off: an unknown address gets the same answer and no mail (#37)", async () => {
    await setRuntimeSetting(server, "emailOTP.disableSignUp", true);
    try {
      const email = address("nosignup");
      const sent = await passwordlessTab(server).client.emailOtp.sendVerificationOtp({ email, type: "sign-in" });
      expect(sent.data).toEqual({ success: true });
      expect(await server.outbox(email)).toEqual([]);
    } finally {
      await setRuntimeSetting(server, "emailOTP.disableSignUp", undefined);
    }
  });

  it("is off with emailOTP.enabled false: 400 EMAIL_OTP_DISABLED (#37)", async () => {
    await setRuntimeSetting(server, "emailOTP.enabled", false);
    try {
      const sent = await passwordlessTab(server).client.emailOtp.sendVerificationOtp({ email: address("off"), type: "sign-in" });
      expect(sent.error?.status).toBe(400);
      expect(sent.error?.code).toBe("EMAIL_OTP_DISABLED");
    } finally {
      await setRuntimeSetting(server, "emailOTP.enabled", undefined);
    }
  });
});

describe("the other code types", () => {
  it("mails no verification or reset code to an unknown address, with the same answer (#37)", async () => {
    const email = address("unknown");
    const { client } = passwordlessTab(server);
    expect((await client.emailOtp.sendVerificationOtp({ email, type: "email-verification" })).data).toEqual({ success: true });
    expect((await client.emailOtp.requestPasswordReset({ email })).data).toEqual({ success: true });
    expect(await server.outbox(email)).toEqual([]);
  });

  it("verify-email marks the address verified and keeps the password: the sign-up's own confirmation (#37)", async () => {
    const { email, password } = await server.signUp({ email: address("verify") });
    const code = await mailedCode(email, "email-verification");
    const tab = passwordlessTab(server);
    const verified = await tab.client.emailOtp.verifyEmail({ email, otp: code });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ status: true, token: null, user: { email, emailVerified: true } });
    expect((await passwordlessTab(server).client.signIn.email({ email, password })).error).toBeNull();
    // A sign-in code is not a verification code.
    const signInCode = await mailedCode(email, "sign-in");
    expect((await tab.client.emailOtp.verifyEmail({ email, otp: signInCode })).error?.code).toBe("INVALID_OTP");
  });

  it("check-verification-otp checks without using the code up (#37)", async () => {
    const { email } = await server.signUp({ email: address("check") });
    await server.verifyEmail(email);
    const code = await mailedCode(email, "sign-in");
    const { client } = passwordlessTab(server);
    expect((await client.emailOtp.checkVerificationOtp({ email, type: "sign-in", otp: wrong(code) })).error?.code).toBe("INVALID_OTP");
    expect((await client.emailOtp.checkVerificationOtp({ email, type: "sign-in", otp: code })).data).toEqual({ success: true });
    expect((await client.signIn.emailOtp({ email, otp: code })).error).toBeNull();
  });

  it("reset-password sets the new password and ends the old sessions (#37)", async () => {
    const { email, token } = await server.signUp({ email: address("reset") });
    await server.verifyEmail(email);
    const sent = await passwordlessTab(server).client.emailOtp.requestPasswordReset({ email });
    expect(sent.data).toEqual({ success: true });
    const code = (await latestMail(server, email, "email-otp")).token!;
    const { client } = passwordlessTab(server);
    const short = await client.emailOtp.resetPassword({ email, otp: code, password: "short" });
    expect(short.error?.code).toBe("PASSWORD_TOO_SHORT");
    const reset = await client.emailOtp.resetPassword({ email, otp: code, password: "a-new-password" });
    expect(reset.error).toBeNull();
    expect(reset.data).toEqual({ success: true });
    expect((await passwordlessTab(server).client.signIn.email({ email, password: "a-new-password" })).error).toBeNull();
    const old = await server.request("GET", "/get-session", { token });
    expect(old.body).toBeNull();
  });
});

describe("mails per address", () => {
  it("mails one address at most five codes in ten minutes, whatever IP asks: then 429 (#37)", async () => {
    const limited = await startTestServer({ config: { rateLimit: { enabled: true } } });
    try {
      const email = address("flood");
      for (let sent = 1; sent <= 5; sent += 1) {
        const response = await limited.request("POST", "/email-otp/send-verification-otp", { body: { email, type: "sign-in" }, headers: { "x-forwarded-for": `10.0.0.${sent}` } });
        expect(response.status, `mail ${sent}`).toBe(200);
      }
      const refused = await limited.request("POST", "/email-otp/send-verification-otp", { body: { email, type: "sign-in" } });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
      expect((await limited.outbox(email)).length).toBe(5);
      // Another address is not affected; the window ends after ten minutes.
      expect((await limited.request("POST", "/email-otp/send-verification-otp", { body: { email: address("other"), type: "sign-in" } })).status).toBe(200);
      limited.clock.advance(601_000);
      expect((await limited.request("POST", "/email-otp/send-verification-otp", { body: { email, type: "sign-in" } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
