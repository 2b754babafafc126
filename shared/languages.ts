/**
 * The languages Latchkey speaks, once for the server, the CLI and the console. The specification
 * numbers a language enumeration (Russian 0, Ukrainian 1, English 3, Spanish 4, German 6,
 * Polish 15, French 16, Turkish 82); the numbers are kept here so data from a system that stores
 * them converts exactly, but the wire and the database carry the BCP 47 tag ("pl"): it is what
 * browsers send in Accept-Language, what Intl and i18next take, and it reads well in an export.
 * Pure module: runs in Node and in the browser.
 */

export const LANGUAGE_TAGS = ["ru", "uk", "en", "es", "de", "pl", "fr", "tr"] as const;
export type LanguageTag = (typeof LANGUAGE_TAGS)[number];

export interface LanguageInfo {
  tag: LanguageTag;
  /** The specification's enumeration value. */
  code: number;
  /** The language's own name, for the picker (a reader finds their language by its own name). */
  endonym: string;
  /** The English name, for documentation and logs. */
  english: string;
  /**
   * The word "Language" in this language: the picker's label. Kept with the enumeration, not in
   * the console catalogues, because a language list must stay usable when the page is in a
   * language its reader does not know (each item names itself by its endonym).
   */
  languageWord: string;
}

/** In the specification's order. */
export const LANGUAGES: readonly LanguageInfo[] = [
  { tag: "ru", code: 0, endonym: "Русский", english: "Russian", languageWord: "Язык" },
  { tag: "uk", code: 1, endonym: "Українська", english: "Ukrainian", languageWord: "Мова" },
  { tag: "en", code: 3, endonym: "English", english: "English", languageWord: "Language" },
  { tag: "es", code: 4, endonym: "Español", english: "Spanish", languageWord: "Idioma" },
  { tag: "de", code: 6, endonym: "Deutsch", english: "German", languageWord: "Sprache" },
  { tag: "pl", code: 15, endonym: "Polski", english: "Polish", languageWord: "Język" },
  { tag: "fr", code: 16, endonym: "Français", english: "French", languageWord: "Langue" },
  { tag: "tr", code: 82, endonym: "Türkçe", english: "Turkish", languageWord: "Dil" },
];

export const DEFAULT_LANGUAGE: LanguageTag = "en";

/**
 * True for exactly the eight tags. A Set of known strings (never `tag in someObject`), so
 * "constructor" or "__proto__" are not languages.
 */
const TAG_SET: ReadonlySet<string> = new Set(LANGUAGE_TAGS);
export function isLanguageTag(value: unknown): value is LanguageTag {
  return typeof value === "string" && TAG_SET.has(value);
}

export function languageInfo(tag: LanguageTag): LanguageInfo {
  return LANGUAGES.find((language) => language.tag === tag)!;
}

/** The enumeration value for a tag, and back (undefined for numbers outside the enumeration). */
export function languageCode(tag: LanguageTag): number {
  return languageInfo(tag).code;
}
export function languageFromCode(code: number): LanguageTag | undefined {
  return LANGUAGES.find((language) => language.code === code)?.tag;
}

/**
 * A locale-ish string ("pl-PL", "pt_BR.UTF-8", "tr_TR.UTF-8@euro", "DE") to one of our tags by
 * RFC 4647 lookup: try the whole range, then drop subtags from the end. Undefined when none fits.
 */
export function matchLanguage(range: string | null | undefined): LanguageTag | undefined {
  if (!range) return undefined;
  // POSIX locales: strip the codeset and modifier, turn "_" into "-".
  let candidate = range.trim().split(/[.@]/, 1)[0]!.replace(/_/g, "-").toLowerCase();
  while (candidate) {
    if (isLanguageTag(candidate)) return candidate;
    const cut = candidate.lastIndexOf("-");
    if (cut <= 0) break;
    candidate = candidate.slice(0, cut);
  }
  return undefined;
}

const MAX_HEADER = 1024;
const MAX_RANGES = 32;

/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4, RFC 4647 §3.4
 * lookup): ranges by q-value, highest first (ties keep the header's order); q=0 means "not
 * this one"; "*" accepts the fallback. Malformed parts are skipped; an oversized header is cut.
 */
export function pickLanguage(header: string | null | undefined, fallback: LanguageTag = DEFAULT_LANGUAGE): LanguageTag {
  if (!header) return fallback;
  const ranges: Array<{ range: string; q: number; index: number }> = [];
  const parts = header.slice(0, MAX_HEADER).split(",").slice(0, MAX_RANGES);
  parts.forEach((part, index) => {
    const [rawRange, ...params] = part.split(";");
    const range = rawRange?.trim() ?? "";
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(range)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    ranges.push({ range, q, index });
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  const refused = new Set(ranges.filter((r) => r.q === 0).map((r) => matchLanguage(r.range)).filter(Boolean));
  for (const { range, q } of ranges) {
    if (q === 0) continue;
    if (range === "*") return refused.has(fallback) ? (LANGUAGE_TAGS.find((tag) => !refused.has(tag)) ?? fallback) : fallback;
    const tag = matchLanguage(range);
    if (tag && !refused.has(tag)) return tag;
  }
  return fallback;
}

/** The language a person gets: their stored choice, else what their request asks for, else the default. */
export function resolveLanguage(stored: string | null | undefined, acceptLanguage: string | null | undefined, fallback: LanguageTag = DEFAULT_LANGUAGE): LanguageTag {
  if (isLanguageTag(stored)) return stored;
  return pickLanguage(acceptLanguage, fallback);
}
