/**
 * One builder per mail kind: the words come from texts/<language>.ts in the recipient's
 * language (English when none is given), the frame from render.ts.
 */
import { DEFAULT_LANGUAGE, type LanguageTag } from "../../../shared/languages.js";
import type { Mail } from "../mailer.js";
import { renderMail } from "./render-mail.js";

export { renderMail } from "./render-mail.js";
export { recipientLanguage, invitationLanguage } from "./language.js";

interface Base {
  appName: string;
  to: string;
  url: string;
  token: string | null;
  /** The recipient's language (see language.ts); English when absent. */
  language?: LanguageTag;
  /** How long the link works, in seconds (the setting that issued its token). */
  expiresIn?: number;
}

// The settings' default lifetimes, for callers that do not say (tests of the frame).
const ONE_HOUR = 3600;

function mail(kind: Mail["kind"], input: Base, rendered: { subject: string; text: string; html: string }, validFor: number | null): Mail {
  return { kind, to: input.to, subject: rendered.subject, text: rendered.text, html: rendered.html, url: input.url, token: input.token, validFor };
}

export function verifyEmailMail(input: Base & { name: string }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const expiresIn = input.expiresIn ?? ONE_HOUR;
  return mail("verify-email", input, renderMail("verify-email", language, { appName: input.appName, name: input.name, email: input.to, url: input.url, expiresIn }), expiresIn);
}

export function resetPasswordMail(input: Base & { name: string }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const expiresIn = input.expiresIn ?? ONE_HOUR;
  return mail("reset-password", input, renderMail("reset-password", language, { appName: input.appName, name: input.name, url: input.url, expiresIn }), expiresIn);
}

export function changeEmailMail(input: Base & { name: string; newEmail: string }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const expiresIn = input.expiresIn ?? ONE_HOUR;
  return mail("change-email", input, renderMail("change-email", language, { appName: input.appName, name: input.name, newEmail: input.newEmail, url: input.url, expiresIn }), expiresIn);
}

export function deleteAccountMail(input: Base & { name: string }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const expiresIn = input.expiresIn ?? 24 * ONE_HOUR;
  return mail("delete-account", input, renderMail("delete-account", language, { appName: input.appName, name: input.name, url: input.url, expiresIn }), expiresIn);
}

/** A one-time sign-in link (features/magic-link); the token is the link's, so the outbox shows it. */
export function magicLinkMail(input: Base & { name: string; expiresIn: number }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  return mail("magic-link", input, renderMail("magic-link", language, { appName: input.appName, name: input.name, email: input.to, url: input.url, expiresIn: input.expiresIn }), input.expiresIn);
}

/**
 * A mailed one-time code (features/email-otp). The code is the mail's token, as in the two-factor
 * code mail, so `auth mail list --json` and the console's Outbox show it; `url` is the page to type it on.
 */
export function emailOtpMail(input: Base & { name: string; code: string; expiresIn: number }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const rendered = renderMail("email-otp", language, { appName: input.appName, name: input.name, code: input.code, minutes: Math.max(1, Math.round(input.expiresIn / 60)) });
  return mail("email-otp", { ...input, token: input.code }, rendered, input.expiresIn);
}

export function invitationMail(input: Base & { inviterName: string; organizationName: string; role: string; expiresAt?: Date | number }): Mail {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const { appName, url, inviterName, organizationName, role, expiresAt } = input;
  // `expiresIn`: the invitation's lifetime, so the outbox keeps the mail while it can be accepted.
  return mail("invitation", input, renderMail("invitation", language, { appName, url, inviterName, organizationName, role, expiresAt }), input.expiresIn ?? null);
}
