import { describe, expect, it } from "vitest";
import { CLI_MESSAGES } from "../../../cli/i18n/all.js";
import { cliLanguage, fill } from "../../../cli/i18n/index.js";
import { LANGUAGE_TAGS } from "../../../shared/languages.js";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("CLI catalogues", () => {
  it("use English's placeholders in every message of every language", () => {
    const en = CLI_MESSAGES.en;
    for (const language of LANGUAGE_TAGS) {
      const messages = CLI_MESSAGES[language];
      for (const group of ["confirm", "done"] as const) {
        for (const [key, english] of Object.entries(en[group])) {
          if (typeof english === "string") expect(placeholders((messages[group] as unknown as Record<string, string>)[key]!), `${language}.${group}.${key}`).toEqual(placeholders(english));
          else if (!Array.isArray(english)) {
            for (const form of Object.values((messages[group] as unknown as Record<string, Record<string, string>>)[key]!)) expect(placeholders(form), `${language}.${group}.${key}`).toEqual(placeholders(english.other));
          }
        }
      }
    }
  });

  it("translate every top-level command and global option they describe, outside English", () => {
    const commands = Object.keys(CLI_MESSAGES.ru.help.commands).sort();
    const options = Object.keys(CLI_MESSAGES.ru.help.options).sort();
    for (const language of LANGUAGE_TAGS.filter((tag) => tag !== "en")) {
      expect(Object.keys(CLI_MESSAGES[language].help.commands).sort(), language).toEqual(commands);
      expect(Object.keys(CLI_MESSAGES[language].help.options).sort(), language).toEqual(options);
      expect(Object.keys(CLI_MESSAGES[language].errors).sort(), language).toEqual(Object.keys(CLI_MESSAGES.ru.errors).sort());
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
