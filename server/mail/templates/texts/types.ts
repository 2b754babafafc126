/**
 * The shape of every language's mail words (i18n/<language>/mail.json). Each string is an ICU message:
 * placeholders in braces, plurals as `{count, plural, one {…} other {…}}` with the language's own
 * categories. A literal apostrophe next to a brace would start an ICU quote, so texts use the
 * typographic ’ where a language needs an apostrophe.
 *
 * Placeholders per kind (all optional to use, none may be invented):
 *   every kind      appName, name
 *   verify-email    email, validity
 *   reset-password  validity
 *   change-email    newEmail, validity
 *   delete-account  validity
 *   invitation      inviterName, organizationName, role, expiresAt (a date already in the language's format)
 *   otp             code, validity
 *   magic-link      email, validity
 *   email-otp       code, validity
 * `validity` is the `hours` or `minutes` message below, already formatted.
 */
export const TEMPLATE_KINDS = ["verify-email", "reset-password", "change-email", "delete-account", "invitation", "otp", "magic-link", "email-otp"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface KindTexts {
  subject: string;
  /** Paragraphs, in order. */
  body: string[];
  /** The button's label; the OTP mail has no button. */
  action?: string;
}

export interface MailTexts {
  /** Opening line; used when the recipient has a name. */
  greeting: string;
  /** Opening line for a recipient without a name (an invitee without an account). */
  greetingNoName: string;
  /** Under the button, before the bare link. */
  linkFallback: string;
  /** The text part's link line: "{action}: {url}" (French wants a no-break space before the colon). */
  actionLine: string;
  /** A duration in whole hours and in minutes, in the grammatical form the `validity` sentences need. */
  hours: string;
  minutes: string;
  /** The built-in organization roles by name; any other role is shown as stored. */
  roles: { owner: string; admin: string; member: string };
  kinds: Record<TemplateKind, KindTexts>;
}
