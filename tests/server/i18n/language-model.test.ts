import { describe, expect, it } from "vitest";
import {
  DEFAULT_LANGUAGE,
  isLanguageTag,
  LANGUAGES,
  LANGUAGE_TAGS,
  languageCode,
  languageFromCode,
  matchLanguage,
  pickLanguage,
  resolveLanguage,
} from "../../../shared/languages.js";

describe("language enumeration", () => {
  it("numbers the eight languages as the specification does", () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l.english, l.code]))).toEqual({
      Russian: 0,
      Ukrainian: 1,
      English: 3,
      Spanish: 4,
      German: 6,
      Polish: 15,
      French: 16,
      Turkish: 82,
    });
    expect(LANGUAGE_TAGS).toEqual(["ru", "uk", "en", "es", "de", "pl", "fr", "tr"]);
    expect(DEFAULT_LANGUAGE).toBe("en");
  });

  it("converts between tags and enumeration values both ways", () => {
    for (const tag of LANGUAGE_TAGS) expect(languageFromCode(languageCode(tag))).toBe(tag);
    expect(languageFromCode(2)).toBeUndefined();
  });

  it("gives every language its own endonym", () => {
    expect(new Set(LANGUAGES.map((l) => l.endonym)).size).toBe(8);
    expect(LANGUAGES.find((l) => l.tag === "tr")?.endonym).toBe("Türkçe");
  });

  it("accepts exactly the eight tags, never prototype keys", () => {
    for (const tag of LANGUAGE_TAGS) expect(isLanguageTag(tag)).toBe(true);
    for (const other of ["EN", "en-US", "pt", "", "constructor", "__proto__", "toString", 3, null, undefined]) expect(isLanguageTag(other)).toBe(false);
  });
});

describe("matchLanguage", () => {
  it("reduces regional tags and POSIX locales to a language we speak", () => {
    expect(matchLanguage("pl-PL")).toBe("pl");
    expect(matchLanguage("tr_TR.UTF-8")).toBe("tr");
    expect(matchLanguage("de_DE.UTF-8@euro")).toBe("de");
    expect(matchLanguage("zh-Hant-TW")).toBeUndefined();
    expect(matchLanguage("C")).toBeUndefined();
    expect(matchLanguage("constructor")).toBeUndefined();
  });
});

describe("pickLanguage (Accept-Language)", () => {
  it("takes the highest q-value a language we speak has", () => {
    expect(pickLanguage("pt-BR, de;q=0.5, fr;q=0.8")).toBe("fr");
    expect(pickLanguage("uk-UA,uk;q=0.9,ru;q=0.8,en-US;q=0.7")).toBe("uk");
    expect(pickLanguage("es-419;q=0.9, en;q=0.9")).toBe("es");
  });

  it("falls back when nothing matches, the header is missing or malformed", () => {
    expect(pickLanguage("ja, zh;q=0.9", "de")).toBe("de");
    expect(pickLanguage(undefined, "pl")).toBe("pl");
    expect(pickLanguage("", "tr")).toBe("tr");
    expect(pickLanguage(";;;,,=q", "ru")).toBe("ru");
    expect(pickLanguage("__proto__, constructor", "es")).toBe("es");
  });

  it("never picks a language refused with q=0", () => {
    expect(pickLanguage("en;q=0, de;q=0.1")).toBe("de");
    expect(pickLanguage("fr;q=0, *", "fr")).not.toBe("fr");
    expect(pickLanguage("*", "pl")).toBe("pl");
  });

  it("reads an oversized header without trouble", () => {
    expect(pickLanguage("xx;q=0.1,".repeat(10_000) + "pl", "en")).toBe("en");
    expect(pickLanguage("pl," + "xx;q=0.1,".repeat(10_000), "en")).toBe("pl");
  });
});

describe("resolveLanguage", () => {
  it("puts the stored choice first, then the request, then the default", () => {
    expect(resolveLanguage("pl", "de", "en")).toBe("pl");
    expect(resolveLanguage(null, "de", "en")).toBe("de");
    expect(resolveLanguage("xx", null, "tr")).toBe("tr");
  });
});
