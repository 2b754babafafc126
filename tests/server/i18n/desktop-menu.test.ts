import { describe, expect, it } from "vitest";
import { buildMenuTemplate } from "../../../electron/main/menu.js";
import { menuLanguage } from "../../../electron/main/menu-texts.js";

const labels = (language?: Parameters<typeof buildMenuTemplate>[0]["language"]) =>
  JSON.stringify(buildMenuTemplate({ isMac: false, isDev: false, appName: "Latchkey", language }, { go: () => {}, openDocs: () => {} }), (key, value) => (key === "click" ? undefined : value));

describe("desktop menu", () => {
  it("labels its own items in the system locale's language", () => {
    expect(labels("pl")).toContain('"label":"&Plik"');
    expect(labels("pl")).toContain('"label":"Serwer lokalny"');
    expect(labels("tr")).toContain('"label":"Belgeler"');
    expect(labels()).toContain('"label":"&File"');
    expect(labels("de")).not.toMatch(/"label":"(&File|&View|Servers…|Local Server|Documentation)"/);
  });

  it("reads the language from Electron's locale, English for others", () => {
    expect(menuLanguage("pl-PL")).toBe("pl");
    expect(menuLanguage("uk")).toBe("uk");
    expect(menuLanguage("pt-BR")).toBe("en");
    expect(menuLanguage(undefined)).toBe("en");
  });
});
