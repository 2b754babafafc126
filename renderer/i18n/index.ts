/**
 * Message catalogues: one folder per language, one JSON file per namespace (a feature area).
 * English ships now; the languages issue adds the other folders. Components use
 * `useTranslation("<namespace>")`; the API's English `message` is only a fallback.
 */
import i18next from "i18next";
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

void i18next.use(initReactI18next).init({
  resources,
  lng: "en",
  fallbackLng: "en",
  ns: namespaces,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
