/**
 * The two-factor code mail (kind "otp"), in the recipient's language (texts/<language>.ts,
 * kind "otp"). The code is the mail's "token", so the outbox shows it in offline demos and QA.
 */
import { DEFAULT_LANGUAGE, type LanguageTag } from "../../../shared/languages.js";
import type { Mail } from "../mailer.js";
import { renderMail } from "./render-mail.js";

export function otpMail(input: { appName: string; to: string; name: string; code: string; minutes: number; url: string; language?: LanguageTag }): Mail {
  const rendered = renderMail("otp", input.language ?? DEFAULT_LANGUAGE, { appName: input.appName, name: input.name, code: input.code, minutes: input.minutes });
  return { kind: "otp", to: input.to, subject: rendered.subject, text: rendered.text, html: rendered.html, url: input.url, token: input.code, validFor: input.minutes * 60 };
}
