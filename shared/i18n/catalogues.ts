/**
 * Every message catalogue the server, the CLI and the desktop shell read, in one format: ICU
 * MessageFormat strings in JSON, one file per language and area at `i18n/<language>/<area>.json`
 * — the same tree and format the console reads (renderer/i18n/index.ts, through Vite, which splits
 * each language into its own download). One test (tests/renderer/catalogues.test.ts) checks every
 * file of every language against English.
 *
 * The files are imported statically, so tsc copies them into dist/ and electron-vite bundles them
 * into the desktop app; they are small (a few kB a language). Messages are formatted with
 * formatMessage (shared/i18n/format-message.ts), the same intl-messageformat the console's
 * i18next-icu uses.
 */
import type { LanguageTag } from "../languages.js";
import mail_ru from "../../i18n/ru/mail.json" with { type: "json" };
import mail_uk from "../../i18n/uk/mail.json" with { type: "json" };
import mail_en from "../../i18n/en/mail.json" with { type: "json" };
import mail_es from "../../i18n/es/mail.json" with { type: "json" };
import mail_de from "../../i18n/de/mail.json" with { type: "json" };
import mail_pl from "../../i18n/pl/mail.json" with { type: "json" };
import mail_fr from "../../i18n/fr/mail.json" with { type: "json" };
import mail_tr from "../../i18n/tr/mail.json" with { type: "json" };
import menu_ru from "../../i18n/ru/menu.json" with { type: "json" };
import menu_uk from "../../i18n/uk/menu.json" with { type: "json" };
import menu_en from "../../i18n/en/menu.json" with { type: "json" };
import menu_es from "../../i18n/es/menu.json" with { type: "json" };
import menu_de from "../../i18n/de/menu.json" with { type: "json" };
import menu_pl from "../../i18n/pl/menu.json" with { type: "json" };
import menu_fr from "../../i18n/fr/menu.json" with { type: "json" };
import menu_tr from "../../i18n/tr/menu.json" with { type: "json" };

const CATALOGUES = {
  mail: { ru: mail_ru, uk: mail_uk, en: mail_en, es: mail_es, de: mail_de, pl: mail_pl, fr: mail_fr, tr: mail_tr },
  menu: { ru: menu_ru, uk: menu_uk, en: menu_en, es: menu_es, de: menu_de, pl: menu_pl, fr: menu_fr, tr: menu_tr },
} as const;

/** The catalogue areas read outside the console. */
export type CatalogueArea = keyof typeof CATALOGUES;

/**
 * An area's catalogue in `language`, typed by its English file (every language has exactly
 * English's keys; the catalogue test holds them to it).
 */
export function catalogue<A extends CatalogueArea>(area: A, language: LanguageTag): (typeof CATALOGUES)[A]["en"] {
  return CATALOGUES[area][language];
}
