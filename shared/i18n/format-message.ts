/**
 * One ICU message as plain text, in its language: intl-messageformat (plural rules from
 * Intl.PluralRules), the library the console's i18next-icu formats with too. Compiled messages
 * are cached per language and text, since the same few dozen strings are formatted again and again.
 */
import { IntlMessageFormat } from "intl-messageformat";
import type { LanguageTag } from "../languages.js";

const compiled = new Map<string, IntlMessageFormat>();

export type MessageValues = Record<string, string | number>;

/** Never HTML: tags are not read (`ignoreTag`), and whoever builds markup escapes the result. */
export function formatMessage(language: LanguageTag, message: string, values: MessageValues = {}): string {
  const key = `${language}\u0000${message}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
    compiled.set(key, format);
  }
  return String(format.format(values));
}
