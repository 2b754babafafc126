/**
 * Formatting one language's mail: ICU messages through the shared formatter
 * (shared/i18n/format-message.ts), lifetimes as its hours or minutes message, dates through
 * Intl.DateTimeFormat.
 */
import type { LanguageTag } from "../../../shared/languages.js";
import { formatMessage } from "../../../shared/i18n/format-message.js";

export { formatMessage, type MessageValues } from "../../../shared/i18n/format-message.js";

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
