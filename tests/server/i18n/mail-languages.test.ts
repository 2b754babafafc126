import { describe, expect, it } from "vitest";
import { LANGUAGE_TAGS, type LanguageTag } from "../../../shared/languages.js";
import { invitationLanguage, recipientLanguage, renderMail } from "../../../server/mail/templates/index.js";
import { MAIL_TEXTS, TEMPLATE_KINDS, type TemplateKind } from "../../../server/mail/templates/texts/index.js";

const hostile = `Eve <img src=x onerror="alert(1)"> & "co"`;
const url = "https://auth.example/api/auth/reset-password/abc?callbackURL=%2Freset&x=1";
const expiresAt = Date.UTC(2026, 10, 25, 17, 0);

function render(kind: TemplateKind, language: LanguageTag) {
  const common = { appName: "Acme", name: hostile };
  switch (kind) {
    case "verify-email":
      return renderMail(kind, language, { ...common, email: "eve@example.com", url, expiresIn: 3600 });
    case "reset-password":
      return renderMail(kind, language, { ...common, url, expiresIn: 3600 });
    case "change-email":
      return renderMail(kind, language, { ...common, newEmail: `new"<b>@example.com`, url, expiresIn: 3600 });
    case "delete-account":
      return renderMail(kind, language, { ...common, url, expiresIn: 86400 });
    case "invitation":
      return renderMail(kind, language, { appName: "Acme", url, inviterName: hostile, organizationName: "<b>Org</b> & Co", role: "member", expiresAt });
    case "otp":
      return renderMail(kind, language, { ...common, code: "123456", minutes: 5 });
    case "magic-link":
      return renderMail(kind, language, { ...common, email: "eve@example.com", url, expiresIn: 300 });
    case "email-otp":
      return renderMail(kind, language, { ...common, code: "123456", minutes: 5 });
  }
}

/**
 * Words that mark each language's subjects, written for this test (not read from the texts):
 * at least one must appear, so a mail that fell back to another language fails.
 */
const SUBJECT_WORDS: Record<LanguageTag, RegExp> = {
  en: /\b(Verify|Reset|Confirm|invited|sign-in code|sign-in link|code)\b/,
  ru: /(Подтвердите|Сброс|Приглашение|Код для входа|Ссылка для входа|Одноразовый код)/,
  uk: /(Підтвердьте|Скидання|Запрошення|Код для входу|Посилання для входу|Одноразовий код)/,
  es: /(Verifique|Restablezca|Confirme|Invitación|código|enlace)/,
  de: /(Bestätigen|Setzen Sie|Einladung|Anmeldecode|Anmeldelink|Code für)/,
  pl: /(Potwierdzenie|Resetowanie|Zaproszenie|Kod logowania|Link logowania|Kod do)/,
  fr: /(Confirmez|Réinitialisez|Invitation|code de connexion|lien de connexion|Votre code)/,
  tr: /(doğrulayın|sıfırlayın|onaylayın|davet edildiniz|giriş kodunuz|giriş bağlantınız|kodunuz)/,
};
const ENGLISH_WORDS = /\b(your|Verify|Reset|Confirm|invited|password|the)\b/;

describe("every mail kind in every language", () => {
  for (const kind of TEMPLATE_KINDS) {
    for (const language of LANGUAGE_TAGS) {
      it(`${kind} in ${language}: subject and body in ${language}, values escaped, link intact`, () => {
        const mail = render(kind, language);
        expect(mail.language).toBe(language);
        expect(mail.subject).toMatch(SUBJECT_WORDS[language]);
        if (language !== "en") {
          expect(mail.subject).not.toMatch(ENGLISH_WORDS);
          expect(mail.text.replaceAll(url, "")).not.toMatch(ENGLISH_WORDS);
        }
        expect(mail.html).toContain(`<html lang="${language}">`);
        // Values from users never become markup.
        expect(mail.html).not.toContain("<img");
        expect(mail.html).not.toContain("<b>");
        if (kind !== "otp" && kind !== "email-otp") {
          expect(mail.html).toContain("Eve &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;co&quot;");
          // The link: escaped once in the attribute, whole in the text part.
          expect(mail.html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
          expect(mail.text).toContain(url);
          const href = /href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, "&");
          expect(new URL(href).searchParams.get("callbackURL")).toBe("/reset");
        } else {
          expect(mail.text).toContain("123456");
          expect(mail.html).toContain("123456");
          expect(mail.html).not.toContain("<a ");
        }
        if (kind === "invitation") expect(mail.html).toContain("&lt;b&gt;Org&lt;/b&gt; &amp; Co");
      });
    }
  }

  it("subjects differ between every two languages", () => {
    for (const kind of TEMPLATE_KINDS) {
      const subjects = LANGUAGE_TAGS.map((language) => render(kind, language).subject);
      expect(new Set(subjects).size).toBe(LANGUAGE_TAGS.length);
    }
  });
});

describe("plural forms and dates", () => {
  const validity = (language: LanguageTag, seconds: number) => renderMail("reset-password", language, { appName: "A", name: "N", url, expiresIn: seconds }).text;

  it("uses each language's plural categories (one, few, many, other)", () => {
    expect(validity("ru", 3600)).toContain("действует 1 час.");
    expect(validity("ru", 2 * 3600)).toContain("действует 2 часа.");
    expect(validity("ru", 5 * 3600)).toContain("действует 5 часов.");
    expect(validity("ru", 21 * 3600)).toContain("действует 21 час.");
    expect(validity("uk", 3 * 3600)).toContain("діє 3 години.");
    expect(validity("uk", 11 * 3600)).toContain("діє 11 годин.");
    expect(validity("pl", 3600)).toContain("przez 1 godzinę.");
    expect(validity("pl", 22 * 3600)).toContain("przez 22 godziny.");
    expect(validity("pl", 25 * 3600)).toContain("przez 25 godzin.");
    expect(validity("de", 3600)).toContain("eine Stunde gültig");
    expect(validity("de", 24 * 3600)).toContain("24 Stunden gültig");
    expect(validity("en", 3600)).toContain("valid for 1 hour.");
    expect(validity("fr", 2 * 3600)).toContain("valable 2 heures.");
    expect(validity("tr", 2 * 3600)).toContain("2 saat boyunca");
    expect(validity("es", 1800)).toContain("durante 30 minutos.");
  });

  it("puts the text part's link on its own line, with French spacing in French", () => {
    expect(validity("fr", 3600)).toContain(`Réinitialiser le mot de passe\u202f: ${url}`);
    expect(validity("de", 3600)).toContain(`Passwort zurücksetzen: ${url}`);
  });

  it("rounds a lifetime that is not whole hours up to minutes", () => {
    expect(validity("en", 90)).toContain("valid for 2 minutes.");
    expect(validity("ru", 5400)).toContain("действует 90 минут.");
  });

  it("writes the invitation's expiry in the language's own date format (UTC)", () => {
    const dates: Record<LanguageTag, RegExp> = {
      en: /November 25, 2026/,
      ru: /25 ноября 2026/,
      uk: /25 листопада 2026/,
      es: /25 de noviembre de 2026/,
      de: /25\. November 2026/,
      pl: /25 listopada 2026/,
      fr: /25 novembre 2026/,
      tr: /25 Kasım 2026/,
    };
    for (const language of LANGUAGE_TAGS) {
      const mail = render("invitation", language);
      expect(mail.text).toMatch(dates[language]);
      expect(mail.text).toMatch(/(17[:.]00|5:00\sPM).*UTC/);
    }
  });

  it("names the built-in roles in the language and keeps custom roles as stored", () => {
    const invite = (language: LanguageTag, role: string) => renderMail("invitation", language, { appName: "A", url, inviterName: "I", organizationName: "O", role }).text;
    expect(invite("de", "member")).toContain("„Mitglied“");
    expect(invite("ru", "admin,member")).toContain("«администратор, участник»");
    expect(invite("pl", "auditor")).toContain("„auditor”");
    expect(invite("fr", "constructor")).toContain("constructor");
  });
});

describe("mail texts", () => {
  const placeholders = (message: string) => new Set([...message.matchAll(/\{\s*([A-Za-z]\w*)\s*[,}]/g)].map((m) => m[1] ?? ""));

  it("use the same placeholders as English in every message", () => {
    const en = MAIL_TEXTS.en;
    for (const language of LANGUAGE_TAGS) {
      const texts = MAIL_TEXTS[language];
      for (const key of ["greeting", "greetingNoName", "linkFallback", "actionLine", "hours", "minutes"] as const) {
        expect([...placeholders(texts[key])].sort(), `${language}.${key}`).toEqual([...placeholders(en[key])].sort());
      }
      for (const kind of TEMPLATE_KINDS) {
        const all = (t: typeof en) => [t.kinds[kind].subject, ...t.kinds[kind].body, t.kinds[kind].action ?? ""].flatMap((m) => [...placeholders(m)]);
        expect(new Set(all(texts)), `${language}.${kind}`).toEqual(new Set(all(en)));
        expect(texts.kinds[kind].body.length, `${language}.${kind} paragraphs`).toBe(en.kinds[kind].body.length);
      }
    }
  });

  it("name no user-supplied value in any subject but an invitation's organization, quoted, in any language (#27, #33)", () => {
    const QUOTED_ORGANIZATION = /(“|„|«\u00a0?)\{organizationName\}(\u00a0?»|“|”)/;
    for (const language of LANGUAGE_TAGS) {
      for (const kind of TEMPLATE_KINDS) {
        const subject = MAIL_TEXTS[language].kinds[kind].subject;
        const used = [...placeholders(subject)];
        const allowed = kind === "invitation" ? ["appName", "organizationName"] : ["appName", "code"];
        expect(used.filter((name) => !allowed.includes(name)), `${language}.${kind}`).toEqual([]);
        if (kind === "invitation") expect(subject, `${language}: the organization named, in quotation marks`).toMatch(QUOTED_ORGANIZATION);
      }
    }
  });

  it("put the inviter's and the organization's names inside quotation marks in every language (#27)", () => {
    const QUOTED = /(“|„|«\u00a0?)\{(inviterName|organizationName)\}(\u00a0?»|“|”)/g;
    for (const language of LANGUAGE_TAGS) {
      const body = MAIL_TEXTS[language].kinds.invitation.body.join("\n");
      const bare = body.replace(QUOTED, "").match(/\{(inviterName|organizationName)\}/g);
      expect(bare, `${language}: unquoted user values`).toBeNull();
      expect([...body.matchAll(QUOTED)].map((m) => m[2]).sort(), language).toEqual(["inviterName", "organizationName"]);
    }
  });

  it("keep an invitation's subject free of the inviter's words and its body quoting them on one line (#27)", () => {
    const evil = "Mallory\r\nReset password: https://evil.test/reset\u202E";
    for (const language of LANGUAGE_TAGS) {
      const mail = renderMail("invitation", language, { appName: "Acme", url, inviterName: evil, organizationName: "Evil\nOrg", role: "member", expiresAt });
      expect(mail.subject).not.toMatch(/Mallory|evil\.test|[\r\n]/);
      // The organization is named (#33), quoted and on one line.
      expect(mail.subject).toMatch(/(“|„|«\u00a0?)Evil Org(\u00a0?»|“|”)/);
      const long = renderMail("invitation", language, { appName: "Acme", url, inviterName: "Ada", organizationName: `Your account is suspended ${"x".repeat(60)}`, role: "member", expiresAt });
      expect(long.subject).toContain("Your account is suspended xxxxxxxxxxxxx…");
      expect(long.subject).not.toContain("x".repeat(20));
      expect(mail.text).not.toMatch(/\r|\u202E/);
      expect(mail.text.split("\n").some((line) => line.startsWith("Reset password"))).toBe(false);
      expect(mail.text).toMatch(/(“|„|«\u00a0?)Mallory {2}Reset password: https:\/\/evil\.test\/reset (\u00a0?»|“|”)/);
      expect(mail.text).toMatch(/(“|„|«\u00a0?)Evil Org(\u00a0?»|“|”)/);
    }
  });
});

describe("choosing the mail's language", () => {
  it("takes the recipient's choice, then the request's Accept-Language, then the default", () => {
    expect(recipientLanguage("en", { language: "pl" }, "de")).toBe("pl");
    expect(recipientLanguage("en", { language: null }, "de-AT,de;q=0.9")).toBe("de");
    expect(recipientLanguage("fr", { language: null }, "ja")).toBe("fr");
    expect(recipientLanguage("fr", null, null)).toBe("fr");
  });

  it("writes an invitation in the invitee's language, else the inviter's, else the default", () => {
    expect(invitationLanguage("en", { language: "uk" }, { language: "de" }, "fr")).toBe("uk");
    expect(invitationLanguage("en", undefined, { language: "de" }, "fr")).toBe("de");
    expect(invitationLanguage("en", { language: null }, { language: null }, "fr")).toBe("fr");
    expect(invitationLanguage("es", undefined, { language: null }, undefined)).toBe("es");
  });
});
