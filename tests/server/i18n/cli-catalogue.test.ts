import { describe, expect, it } from "vitest";
import { CLI_HELP, CLI_HELP_EN, CLI_MESSAGES } from "../../../cli/i18n/all.js";
import { askedHelpTexts, cliLanguage, fill } from "../../../cli/i18n/index.js";
import { buildProgram } from "../../../cli/program.js";
import { AUDIT_REASONS } from "../../../shared/audit-reasons.js";
import { LANGUAGE_TAGS, type LanguageTag } from "../../../shared/languages.js";

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe("CLI catalogues", () => {
  it("use English's placeholders in every message of every language", () => {
    // tests/renderer/catalogues.test.ts parses every message as ICU; this walk keeps the CLI's own
    // check of the plain `{name}` placeholders its fill() replaces.
    const walk = (english: unknown, mine: unknown, path: string) => {
      if (typeof english === "string") expect(placeholders(String(mine)), path).toEqual(placeholders(english));
      else for (const [key, value] of Object.entries(english as Record<string, unknown>)) walk(value, (mine as Record<string, unknown>)[key], `${path}.${key}`);
    };
    for (const language of LANGUAGE_TAGS) walk(CLI_MESSAGES.en, CLI_MESSAGES[language], language);
  });

  it("use English's placeholders in every plain message group", () => {
    const en = CLI_MESSAGES.en;
    for (const language of LANGUAGE_TAGS) {
      for (const group of ["prompts", "connection", "login", "twoFactor", "adminSessions", "audit", "auditReasons", "backup", "preflight", "checks", "lists", "changes"] as const) {
        expect(Object.keys(CLI_MESSAGES[language][group]).sort(), `${language}.${group}`).toEqual(Object.keys(en[group]).sort());
        for (const [key, english] of Object.entries(en[group])) expect(placeholders((CLI_MESSAGES[language][group] as Record<string, string>)[key]!), `${language}.${group}.${key}`).toEqual(placeholders(english));
      }
    }
  });

  it("word commander's notes after a description, e.g. (default: 50), in every language (#25)", () => {
    for (const language of LANGUAGE_TAGS.filter((tag) => tag !== "en")) {
      const extra = CLI_MESSAGES[language].help.extra;
      expect(Object.keys(extra).sort(), language).toEqual(Object.keys(CLI_MESSAGES.en.help.extra).sort());
      expect(extra.default, language).not.toBe(CLI_MESSAGES.en.help.extra.default);
    }
  });

  it("follow each language's typography: French narrow no-break spaces, no typewriter quotes or apostrophes (#25)", () => {
    const texts = (value: unknown): string[] => (typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(texts) : []);
    for (const language of LANGUAGE_TAGS.filter((tag) => tag !== "en") as Array<Exclude<LanguageTag, "en">>) {
      const wrong: string[] = [];
      for (const text of [...texts(CLI_MESSAGES[language]), ...Object.values(CLI_HELP[language])]) {
        // Shell examples (`printf %s "$PW"`, "$AUTH_DB") keep the shell's own quotes.
        const prose = text.replace(/`[^`]*`/g, "").replace(/"\$\w+"/g, "");
        if (/\w'\w/.test(prose)) wrong.push(`typewriter apostrophe: ${text}`);
        if (/"/.test(prose)) wrong.push(`typewriter quotes: ${text}`);
        if (language === "fr" && /[ \u00a0][?!:;]/.test(prose)) wrong.push(`French needs U+202F before ? ! : ;: ${text}`);
      }
      expect(wrong, language).toEqual([]);
    }
  });

  it("word every audit reason the server writes, and nothing else", () => {
    expect(Object.keys(CLI_MESSAGES.en.auditReasons).sort()).toEqual(Object.keys(AUDIT_REASONS).sort());
  });

  it("translate every description, argument and note of --help, and hold no text the CLI no longer has (#25)", () => {
    buildProgram();
    const asked = [...askedHelpTexts].sort();
    expect(asked.length).toBeGreaterThan(200);
    // English's file (i18n/en/cli-help.json) maps each text to itself: the catalogue test compares
    // every language's keys with it, so it must hold exactly the texts the CLI asks for.
    const english = CLI_HELP_EN;
    expect(Object.keys(english).sort(), "en: keys").toEqual(asked);
    for (const [key, value] of Object.entries(english)) expect(value, `en: ${key}`).toBe(key);
    for (const language of LANGUAGE_TAGS.filter((tag) => tag !== "en") as Array<Exclude<LanguageTag, "en">>) {
      const help = CLI_HELP[language];
      expect(asked.filter((text) => !Object.hasOwn(help, text)), `${language}: untranslated`).toEqual([]);
      expect(Object.keys(help).filter((text) => !askedHelpTexts.has(text)), `${language}: unused`).toEqual([]);
      for (const text of asked) {
        expect(placeholders(help[text]!), `${language}: ${text}`).toEqual(placeholders(text));
        // A list of code words (eq, ne, lt…) is the same in every language.
        if (!/^[\w-]+(, [\w-]+)*$/.test(text)) expect(help[text], `${language}: left in English`).not.toBe(text);
      }
    }
  });

  it("picks the language from LC_ALL, then LC_MESSAGES, then LANG", () => {
    expect(cliLanguage({ LANG: "tr_TR.UTF-8" })).toBe("tr");
    expect(cliLanguage({ LC_ALL: "de_DE.UTF-8", LANG: "tr_TR.UTF-8" })).toBe("de");
    expect(cliLanguage({ LC_ALL: "", LC_MESSAGES: "uk_UA.UTF-8", LANG: "tr_TR.UTF-8" })).toBe("uk");
    expect(cliLanguage({ LANG: "C.UTF-8" })).toBe("en");
    expect(cliLanguage({})).toBe("en");
  });

  it("fills placeholders and leaves unknown ones as written", () => {
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}");
    expect(fill("{constructor}", {})).toBe("{constructor}");
  });
});
