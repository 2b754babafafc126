import { describe, expect, it } from "vitest";
import { changeEmailMail, deleteAccountMail, resetPasswordMail, verifyEmailMail } from "../../../server/mail/templates/index.js";

const hostile = `Eve <img src=x onerror="alert(1)"> & co`;
const base = { appName: "Acme <Auth>", to: "eve@example.com", name: hostile, url: "https://auth.example/api/auth/x?token=abc&callbackURL=%2F", token: "abc" };

describe("account mail templates", () => {
  const mails = [
    ["verify-email", verifyEmailMail(base)],
    ["reset-password", resetPasswordMail(base)],
    ["change-email", changeEmailMail({ ...base, newEmail: `new"<b>@example.com` })],
    ["delete-account", deleteAccountMail(base)],
  ] as const;

  for (const [kind, mail] of mails) {
    it(`${kind}: has a text and an HTML body with the product name and the action link`, () => {
      expect(mail.kind).toBe(kind);
      expect(mail.url).toBe(base.url);
      expect(mail.token).toBe("abc");
      expect(mail.subject).toContain("Acme <Auth>");
      expect(mail.text).toContain("Acme <Auth>");
      expect(mail.text).toContain(base.url);
      expect(mail.html).toContain("Acme &lt;Auth&gt;");
      expect(mail.html).toContain(`href="https://auth.example/api/auth/x?token=abc&amp;callbackURL=%2F"`);
    });

    it(`${kind}: escapes user-supplied values in the HTML`, () => {
      expect(mail.html).not.toContain("<img");
      expect(mail.html).not.toContain("<b>");
      expect(mail.html).not.toContain("<Auth>");
    });
  }

  it("change-email names the new address", () => {
    const mail = changeEmailMail({ ...base, newEmail: "new@example.com" });
    expect(mail.text).toContain("new@example.com");
    expect(mail.html).toContain("new@example.com");
  });
});
