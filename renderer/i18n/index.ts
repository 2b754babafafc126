/**
 * Message catalogues: one folder per language, one JSON file per namespace (a feature area).
 * Components use `useTranslation("<namespace>")`; the API's English `message` is only a fallback.
 *
 * Messages are ICU MessageFormat (`{name}`, `{count, plural, one {…} few {…} other {…}}`), not
 * i18next's own syntax: plural categories then come from Intl.PluralRules for each language, so
 * Russian or Polish "few"/"many" need no key suffixes, and translators work in the format their
 * tools know. tests/renderer/catalogues.test.ts checks every language against English.
 */
import i18next from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";

const files = import.meta.glob<{ default: Record<string, unknown> }>("./*/*.json", { eager: true });

/** { en: { common: {...}, admin: {...} } } from ./en/common.json, ./en/admin.json, … */
function collect(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    (resources[language] ??= {})[namespace] = module.default;
  }
  return resources;
}

export const resources = collect();
export const namespaces = Object.keys(resources.en ?? {});

void i18next
  .use(ICU)
  .use(initReactI18next)
  .init({
    resources,
    lng: "en",
    fallbackLng: "en",
    supportedLngs: Object.keys(resources),
    ns: namespaces,
    defaultNS: "common",
    // React escapes what it renders; the ICU formatter sees the raw values.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// Screen readers, hyphenation and the browser's own controls read the page's language from <html lang>.
i18next.on("languageChanged", (language) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
});

export { i18next };
