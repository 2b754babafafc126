/**
 * The message catalogues (i18n/<language>/<namespace>.json: the console's namespaces, and the
 * mail and desktop-menu texts the server and the shell read through shared/i18n/catalogues.ts)
 * stay whole and in step with English: every language has exactly English's keys, every message
 * parses as ICU and uses English's arguments, every plural has the categories its language
 * needs, and no English key of the console's lies unused in renderer/**.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isPluralElement, isSelectElement, isTagElement, parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LANGUAGE_TAGS } from "../../shared/languages.js";

const renderer = fileURLToPath(new URL("../../renderer/", import.meta.url));
const i18nDir = fileURLToPath(new URL("../../i18n/", import.meta.url));
/** Namespaces read outside the console, whose shapes the TypeScript types of their readers hold. */
const NOT_CONSOLE = ["mail", "menu", "cli", "cli-help"];

/** Every language Latchkey speaks (shared/languages.ts, the one enumeration); English is the reference. */
const LANGUAGES = LANGUAGE_TAGS;

/**
 * Keys the code builds at run time from data, so no source line spells them out. Template
 * literals such as `t(\`roles.${role}\`)` are found by the scan below; these are the ones it
 * cannot see. Keep each entry with its reason.
 */
const DYNAMIC_KEYS: Array<{ namespace: string; prefix: string; why: string }> = [
  // renderer/ui/errors.ts looks the server's error code up as the key; tests/renderer/error-texts.test.ts
  // checks these keys against the error catalogue instead.
  { namespace: "errors", prefix: "", why: "error code from the server" },
];

type Catalogue = Map<string, string>; // "namespace:key.path" → message

function flatten(value: unknown, prefix: string, into: Catalogue, file: string): void {
  if (typeof value === "string") {
    into.set(prefix, value);
    return;
  }
  // Arrays (a mail's paragraphs) are groups keyed by position.
  if (value === null || typeof value !== "object") throw new Error(`${file}: ${prefix} is neither a message nor a group`);
  for (const [key, child] of Object.entries(value)) flatten(child, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`, into, file);
}

function load(language: string): Catalogue {
  const catalogue: Catalogue = new Map();
  const dir = join(i18nDir, language);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch {
    return catalogue;
  }
  for (const file of files) flatten(JSON.parse(readFileSync(join(dir, file), "utf8")), `${file.slice(0, -5)}:`, catalogue, `${language}/${file}`);
  return catalogue;
}

const catalogues = new Map(LANGUAGES.map((language) => [language, load(language)]));
const english = catalogues.get("en")!;

/** What a message asks of its caller: argument names with their kind, and every plural/select in it. */
interface Shape {
  args: Set<string>;
  plurals: Array<{ name: string; options: string[] }>;
  selects: Array<{ name: string; options: string[] }>;
}

function shapeOf(message: string): Shape {
  // ignoreTag matches the runtime (renderer/i18n/index.ts through i18next-icu).
  const ast = parse(message, { ignoreTag: true });
  const shape: Shape = { args: new Set(), plurals: [], selects: [] };
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (isTagElement(element)) {
        walk(element.children);
        continue;
      }
      const kind = isPluralElement(element) ? (element.pluralType === "ordinal" ? "selectordinal" : "plural") : TYPE[element.type];
      shape.args.add(`${element.value}:${kind === "argument" ? "text" : kind}`);
      if (isPluralElement(element)) {
        shape.plurals.push({ name: element.value, options: Object.keys(element.options) });
        for (const option of Object.values(element.options)) walk(option.value);
      } else if (isSelectElement(element)) {
        shape.selects.push({ name: element.value, options: Object.keys(element.options) });
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(ast);
  return shape;
}

/** Every source file of the console, minus the catalogues themselves. */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "i18n" && name !== "node_modules" && name !== "dist") found.push(...sources(path));
    } else if (/\.(ts|tsx)$/.test(name)) found.push(path);
  }
  return found;
}

const code = sources(renderer).map((file) => readFileSync(file, "utf8")).join("\n");
/** Every quoted key-like string in the code ("a.b", 'a.b', `a.b`), with any "namespace:" prefix removed. */
const literals = new Set<string>();
for (const match of code.matchAll(/(["'`])([A-Za-z][\w-]*(?:[.:][\w-]+)*)\1/g)) {
  const text = match[2]!;
  literals.add(text);
  const colon = /^[a-z]+:(.+)$/.exec(text);
  if (colon) literals.add(colon[1]!);
}
/** Prefixes of keys built in template literals: `roles.${name}` → "roles.". */
const templatePrefixes = new Set<string>();
for (const match of code.matchAll(/`([A-Za-z][\w.:-]*\.)\$\{/g)) {
  const prefix = match[1]!;
  templatePrefixes.add(prefix.replace(/^[a-z]+:/, ""));
}

/**
 * Keys the code spells out in t("key") / t("ns:key") / t("key", { ns: "ns" }), with the namespaces
 * each file may mean: the ones it passes to useTranslation (or "common", the default namespace).
 */
function literalUses(): Array<{ file: string; key: string; namespaces: string[] }> {
  const uses: Array<{ file: string; key: string; namespaces: string[] }> = [];
  for (const file of sources(renderer)) {
    const text = readFileSync(file, "utf8");
    const declared = new Set([...text.matchAll(/useTranslation\(\s*["']([\w-]+)["']/g)].map((match) => match[1]!));
    if (declared.size === 0 || /useTranslation\(\s*\)/.test(text)) declared.add("common");
    for (const match of text.matchAll(/\bt\(\s*["']([\w.:-]+)["']\s*(?:,\s*\{[^}()]*?\bns:\s*["']([\w-]+)["'])?/g)) {
      const prefixed = /^([\w-]+):(.+)$/.exec(match[1]!);
      const key = prefixed ? prefixed[2]! : match[1]!;
      const namespace = prefixed ? prefixed[1]! : match[2];
      uses.push({ file: file.slice(renderer.length), key, namespaces: namespace ? [namespace] : [...declared] });
    }
  }
  return uses;
}

describe("the console's message catalogues", () => {
  it("have an English catalogue to compare against", () => {
    expect(english.size).toBeGreaterThan(100);
  });

  it("parse as ICU messages in every language", () => {
    const broken: string[] = [];
    for (const [language, catalogue] of catalogues) {
      for (const [key, message] of catalogue) {
        try {
          shapeOf(message);
        } catch (error) {
          broken.push(`${language} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("use ICU placeholders, not i18next's {{name}} or _one/_other key suffixes", () => {
    const old: string[] = [];
    for (const [language, catalogue] of catalogues) {
      for (const [key, message] of catalogue) {
        // "{{name}}" fails the parse test; nesting and plural suffixes would parse, so look for them.
        if (/\$t\(/.test(message) || /_(zero|one|two|few|many|other)$/.test(key)) old.push(`${language} ${key}`);
      }
    }
    expect(old).toEqual([]);
  });

  it("leave no English key unused in the console's code", () => {
    const unused = [...english.keys()].filter((full) => {
      const [namespace, key] = full.split(":") as [string, string];
      if (NOT_CONSOLE.includes(namespace)) return false;
      if (DYNAMIC_KEYS.some((entry) => entry.namespace === namespace && key.startsWith(entry.prefix))) return false;
      if (literals.has(key)) return false;
      return ![...templatePrefixes].some((prefix) => key.startsWith(prefix));
    });
    expect(unused).toEqual([]);
  });

  it("have an English text for every key the code asks for", () => {
    const uses = literalUses();
    expect(uses.length).toBeGreaterThan(100);
    const missing = uses.filter((use) => !use.namespaces.some((namespace) => english.has(`${namespace}:${use.key}`)));
    expect(missing.map((use) => `${use.file}: ${use.namespaces.join("|")}:${use.key}`)).toEqual([]);
  });

  for (const language of LANGUAGES.filter((tag) => tag !== "en")) {
    describe(language, () => {
      const catalogue = catalogues.get(language)!;

      it("has a catalogue folder", () => {
        expect(readdirSync(i18nDir)).toContain(language);
      });

      it("has every key English has", () => {
        expect([...english.keys()].filter((key) => !catalogue.has(key))).toEqual([]);
      });

      it("has no key English lacks", () => {
        expect([...catalogue.keys()].filter((key) => !english.has(key))).toEqual([]);
      });

      it("has no empty message", () => {
        expect([...catalogue].filter(([, message]) => message.trim() === "").map(([key]) => key)).toEqual([]);
      });

      it("asks for exactly the arguments English asks for", () => {
        const differ: string[] = [];
        for (const [key, message] of catalogue) {
          const reference = english.get(key);
          if (reference === undefined) continue;
          try {
            const mine = [...shapeOf(message).args].sort();
            const theirs = [...shapeOf(reference).args].sort();
            if (mine.join() !== theirs.join()) differ.push(`${key}: ${mine.join(" ")} ≠ en ${theirs.join(" ")}`);
          } catch {
            // reported by the parse test
          }
        }
        expect(differ).toEqual([]);
      });

      it("formats every message in its language with sample values, plurals at 0, 1, 2, 5, 21 and 1.5", () => {
        const failed: string[] = [];
        for (const [key, message] of catalogue) {
          try {
            const shape = shapeOf(message);
            const format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
            for (const count of [0, 1, 2, 5, 21, 1.5]) {
              const values: Record<string, unknown> = {};
              for (const arg of shape.args) {
                const [name, kind] = arg.split(":") as [string, string];
                values[name] = kind === "plural" || kind === "selectordinal" || kind === "number" ? count : kind === "date" || kind === "time" ? new Date(0) : `‹${name}›`;
              }
              const text = format.format(values);
              if (typeof text !== "string" || text.trim() === "") failed.push(`${key} (${count}): empty`);
            }
          } catch (error) {
            failed.push(`${key}: ${(error as Error).message}`);
          }
        }
        expect(failed).toEqual([]);
      });

      it("uses the language's typography: its own quotes and apostrophes, French spacing, Spanish ¿", () => {
        const wrong: string[] = [];
        for (const [key, message] of catalogue) {
          // A straight ' before a brace starts an ICU quote; inside words it is a typewriter apostrophe.
          if (/\p{L}'\p{L}/u.test(message)) wrong.push(`${key}: straight apostrophe`);
          // Straight double quotes only inside a quoted JSON example ('{"plan": "pro"}').
          if (message.includes('"') && !message.includes("'{")) wrong.push(`${key}: straight double quote`);
          if (language === "fr" && /[ \u00a0][?!:;]/.test(message)) wrong.push(`${key}: French needs a narrow no-break space before ? ! : ;`);
          if (language === "es" && message.includes("?") && !message.includes("¿")) wrong.push(`${key}: Spanish question without ¿`);
        }
        expect(wrong).toEqual([]);
      });

      it("gives every plural the categories the language needs, and no others", () => {
        const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
        const wrong: string[] = [];
        for (const [key, message] of catalogue) {
          let shape: Shape;
          try {
            shape = shapeOf(message);
          } catch {
            continue;
          }
          for (const plural of shape.plurals) {
            const missing = needed.filter((category) => !plural.options.includes(category));
            const foreign = plural.options.filter((option) => !option.startsWith("=") && !needed.includes(option));
            if (missing.length || foreign.length) wrong.push(`${key} {${plural.name}}: missing ${missing.join(",") || "-"}, foreign ${foreign.join(",") || "-"}`);
          }
          for (const select of shape.selects) if (!select.options.includes("other")) wrong.push(`${key} {${select.name}}: select without "other"`);
        }
        expect(wrong).toEqual([]);
      });
    });
  }

  it("give English plurals the categories English needs", () => {
    const wrong: string[] = [];
    for (const [key, message] of english) {
      for (const plural of shapeOf(message).plurals) {
        if (!plural.options.includes("one") || !plural.options.includes("other")) wrong.push(key);
      }
    }
    expect(wrong).toEqual([]);
  });
});
