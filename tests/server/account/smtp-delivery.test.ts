import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver, type SmtpReceiver } from "../../helpers/smtp-receiver.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

/** Undo quoted-printable soft breaks and escapes so links can be read from the raw message. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function header(raw: string, name: string): string | undefined {
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(raw);
  return match?.[1]?.trim();
}

let smtp: SmtpReceiver;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ config: { mail: { smtpUrl: smtp.url }, user: { deleteRequiresConfirmation: true } } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("mail over SMTP", () => {
  it("delivers the reset-password mail with text and HTML bodies, and its link resets the password", async () => {
    const { email } = await server.signUp({ name: "Ada <script>" });
    const response = await server.request("POST", "/forget-password", { body: { email, redirectTo: "/reset" } });
    expect(response.status).toBe(200);
    const message = await smtp.messageTo(email);
    expect(message.from).toBe("no-reply@latchkey.local");
    expect(header(message.raw, "Subject")).toBe("Reset your Latchkey password");
    expect(header(message.raw, "X-Latchkey-Kind")).toBe("reset-password");
    expect(message.raw).toMatch(/Content-Type: text\/plain/i);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const body = decode(message.raw);
    expect(body).toContain("Ada &lt;script&gt;");
    expect(body).not.toContain("<p>Hello Ada <script>");
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/reset-password\/([A-Za-z0-9]{24})\?callbackURL=%2Freset)/.exec(body);
    expect(link).not.toBeNull();
    const token = link![2]!;
    expect(await server.outbox(email)).toEqual([]);
    const reset = await server.request("POST", "/reset-password", { body: { newPassword: "over smtp password", token } });
    expect(reset.status).toBe(200);
    expect((await server.request("POST", "/sign-in/email", { body: { email, password: "over smtp password" } })).status).toBe(200);
  });

  it("delivers verify-email, change-email and delete-account mails", async () => {
    const { email, token } = await server.signUp();
    await server.request("POST", "/send-verification-email", { body: { email } });
    const verify = decode((await smtp.messageTo(email)).raw);
    const verifyToken = /verify-email\?token=([A-Za-z0-9]{32})/.exec(verify)![1]!;
    expect((await server.request("GET", `/verify-email?token=${verifyToken}`)).body).toEqual({ status: true });

    const newEmail = `smtp-new-${Date.now()}@example.com`;
    await server.request("POST", "/change-email", { token, body: { newEmail } });
    const change = await smtp.messageTo(newEmail);
    expect(header(change.raw, "X-Latchkey-Kind")).toBe("change-email");
    expect(decode(change.raw)).toContain(newEmail);

    await server.request("POST", "/delete-user", { token, body: {} });
    const deletion = smtp.received.filter((m) => m.to.includes(email)).map((m) => m.raw).find((raw) => header(raw, "X-Latchkey-Kind") === "delete-account");
    expect(deletion).toBeDefined();
    expect(decode(deletion!)).toMatch(/delete-user\/callback\?token=[a-zA-Z0-9]{32}/);
  });

  it("answers forget-password the same when delivery fails", async () => {
    const down = await startTestServer({ config: { mail: { smtpUrl: "smtp://127.0.0.1:9" } } });
    try {
      const { email } = await down.signUp();
      const known = await down.request("POST", "/forget-password", { body: { email } });
      const unknown = await down.request("POST", "/forget-password", { body: { email: "nobody@example.com" } });
      expect(known.status).toBe(200);
      expect(known.text).toBe(unknown.text);
    } finally {
      await down.close();
    }
  });
});
