/**
 * The desktop menu's own labels per language. Electron translates its role items (Edit, Window,
 * Reload, Quit…) from the system locale, so these follow the same locale and the menu reads in
 * one language. `&` marks the Alt-key mnemonic on Windows and Linux.
 */
import { catalogue } from "../../shared/i18n/catalogues.js";
import { matchLanguage, type LanguageTag } from "../../shared/languages.js";

export interface MenuTexts {
  file: string;
  view: string;
  servers: string;
  localServer: string;
  documentation: string;
}

/** Each language's labels: `i18n/<language>/menu.json`, the shared catalogue tree (shared/i18n/catalogues.ts). */
export function menuTexts(language: LanguageTag): MenuTexts {
  return catalogue("menu", language) satisfies MenuTexts;
}

/** A system locale ("pl-PL", "tr") to the menu's language; English for any other. */
export function menuLanguage(locale: string | undefined): LanguageTag {
  return matchLanguage(locale) ?? "en";
}
