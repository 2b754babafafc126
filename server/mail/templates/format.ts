/**
 * Formatting one language's messages: ICU messages through intl-messageformat (plural rules
 * from Intl.PluralRules), dates through Intl.DateTimeFormat. Compiled messages are cached per
 * language and text, since the same few dozen strings are formatted for every mail.
 */
import { IntlMessageFormat } from "intl-messageformat";
import type { LanguageTag } from "../../../shared/languages.js";

const compiled = new Map<string, IntlMessageFormat>();

export type MessageValues = Record<string, string | number>;

/** A message as plain text (never HTML: the layout escapes the result as a whole). */
export function formatMessage(language: LanguageTag, message: string, values: MessageValues): string {
  const key = `${language}\u0000${message}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
    compiled.set(key, format);
  }
  return String(format.format(values));
}

/**
 * A lifetime in seconds as the `hours` message when it is whole hours, else as the `minutes`
 * message (rounded up: a link never works for less than it says).
 */
export function formatValidity(language: LanguageTag, seconds: number, texts: { hours: string; minutes: string }): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return formatMessage(language, texts.hours, { count: seconds / 3600 });
  return formatMessage(language, texts.minutes, { count: Math.max(1, Math.ceil(seconds / 60)) });
}

/**
 * A moment in the language's own long date and time format. Mail is read in unknown time
 * zones, so it is given in UTC and says so.
 */
export function formatDate(language: LanguageTag, at: Date | number): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at) + " UTC";
}
