import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../../../server/mail/smtp.js";
import { verifyEmailMail, invitationMail } from "../../../server/mail/templates/index.js";
import { startSmtpReceiver, type SmtpReceiver } from "../../helpers/smtp-receiver.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

describe("mail templates", () => {
  it("give a text and an HTML body with the product name and the action link", () => {
    const mail = verifyEmailMail({ appName: "Latchkey", to: "a@example.com", name: "Ada", url: "http://127.0.0.1:3000/api/auth/verify-email?token=abc", token: "abc" });
    expect(mail.kind).toBe("verify-email");
    expect(mail.text).toContain("http://127.0.0.1:3000/api/auth/verify-email?token=abc");
    expect(mail.text).toContain("Latchkey");
    expect(mail.html).toContain('href="http://127.0.0.1:3000/api/auth/verify-email?token=abc"');
  });

  it("escape user-supplied values in HTML", () => {
    const mail = invitationMail({ appName: "Latchkey", to: "b@example.com", url: "http://x/y", token: null, inviterName: "<script>alert(1)</script>", organizationName: "Acme & Co", role: "member" });
    expect(mail.html).not.toContain("<script>alert(1)</script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("Acme &amp; Co");
  });
});

describe("outbox transport", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { emailVerification: { sendOnSignUp: true } } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps mail in the outbox when no SMTP server is configured", async () => {
    const { email } = await server.signUp({ email: "outbox@example.com" });
    const [mail] = await server.outbox(email);
    expect(mail).toMatchObject({ kind: "verify-email", to: "outbox@example.com" });
    expect(mail?.url).toContain(`${server.api}/verify-email?token=`);
    expect(mail?.url).toContain(mail?.token as string);
  });

  it("stores only a hash of the mailed token", async () => {
    await server.signUp({ email: "hashed@example.com" });
    const [mail] = await server.outbox("hashed@example.com");
    const rows = await server.database.db.selectFrom("verification").select(["identifier", "value"]).execute();
    expect(rows.some((row) => row.identifier.includes(mail?.token as string) || row.value.includes(mail?.token as string))).toBe(false);
  });
});

describe("SMTP transport", () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("delivers through nodemailer to a real SMTP server", async () => {
    const mailer = createSmtpMailer(receiver.url, "Latchkey <no-reply@latchkey.local>");
    await mailer.send(verifyEmailMail({ appName: "Latchkey", to: "smtp@example.com", name: "Sam", url: "http://127.0.0.1/verify?token=t1", token: "t1" }));
    const [mail] = await receiver.waitFor(1);
    expect(mail?.to).toEqual(["smtp@example.com"]);
    expect(mail?.raw).toContain("Subject: Verify your email for Latchkey");
    expect(mail?.raw).toContain("X-Latchkey-Kind: verify-email");
    await mailer.close?.();
  });

  it("is used by the server when mail.smtpUrl is set, and nothing lands in the outbox", async () => {
    const server = await startTestServer({ config: { mail: { smtpUrl: receiver.url }, emailVerification: { sendOnSignUp: true } } });
    try {
      const before = receiver.received.length;
      await server.signUp({ email: "via-smtp@example.com" });
      const mails = await receiver.waitFor(before + 1);
      expect(mails.at(-1)?.to).toEqual(["via-smtp@example.com"]);
      expect(await server.outbox("via-smtp@example.com")).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
