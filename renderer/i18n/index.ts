/**
 * Message catalogues: `i18n/<language>/<namespace>.json` at the checkout's root, one JSON file per
 * namespace (a feature area) — the one tree the server's mail, the CLI and the desktop menu read
 * too (shared/i18n/catalogues.ts). The console takes every namespace except those (`mail`, `menu`).
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

type Catalogue = Record<string, unknown>;

// English ships in the first script (it is also every other language's fallback); the other
// languages are fetched when chosen, so their catalogues do not weigh on everyone's first load.
// Vite needs literal patterns: the namespaces other programs read are left out by name.
const english = import.meta.glob<{ default: Catalogue }>(["../../i18n/en/*.json", "!../../i18n/en/mail.json", "!../../i18n/en/menu.json"], { eager: true });
const others = import.meta.glob<{ default: Catalogue }>(["../../i18n/*/*.json", "!../../i18n/en/*.json", "!../../i18n/*/mail.json", "!../../i18n/*/menu.json"]);

/** ../../i18n/ru/admin.json → ["ru", "admin"] */
function split(path: string): [string, string] | null {
  const match = /\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? [match[1] as string, match[2] as string] : null;
}

const englishResources: Record<string, Catalogue> = {};
for (const [path, module] of Object.entries(english)) {
  const parts = split(path);
  if (parts) englishResources[parts[1]] = module.default;
}
export const namespaces = Object.keys(englishResources);
const languages = ["en", ...new Set(Object.keys(others).flatMap((path) => split(path)?.[0] ?? []))];

const loading = new Map<string, Promise<void>>();

/** Fetches a language's catalogues once (every namespace together) and hands them to i18next. */
export function loadLanguage(language: string): Promise<void> {
  if (language === "en" || !languages.includes(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    const files = Object.entries(others).filter(([path]) => split(path)?.[0] === language);
    pending = Promise.all(
      files.map(async ([path, load]) => {
        const [, namespace] = split(path)!;
        i18next.addResourceBundle(language, namespace, (await load()).default, true, true);
      }),
    ).then(() => undefined);
    // A failed fetch (offline, a stale tab after an upgrade) may be tried again later.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Shows the console in `language`, fetching its catalogues first (English stays meanwhile). */
export async function switchLanguage(language: string): Promise<void> {
  await loadLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

void i18next
  .use(ICU)
  .use(initReactI18next)
  .init({
    resources: { en: englishResources },
    lng: "en",
    fallbackLng: "en",
    supportedLngs: languages,
    // Other languages arrive through addResourceBundle (loadLanguage), never through a backend.
    partialBundledLanguages: true,
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
