/**
 * The CLI in the operator's language: LC_ALL, then LC_MESSAGES, then LANG (POSIX order; the
 * first one set decides), reduced to one of Latchkey's languages; anything else (C, POSIX,
 * a language we do not have) is English. Only human text changes: --json output, error codes
 * and exit codes are the same in every language.
 */
import type { Command, Help } from "commander";
import { matchLanguage, type LanguageTag } from "../../shared/languages.js";
import { en } from "./messages/en.js";
import type { CliMessages, Plural } from "./types.js";

export function cliLanguage(env: NodeJS.ProcessEnv = process.env): LanguageTag {
  return localeLanguage(env) ?? "en";
}

/**
 * The language the locale names, or undefined for C, POSIX and languages Latchkey lacks. Sent to
 * the server as Accept-Language, so mail the operator causes (an invitation) for people who chose
 * no language follows the operator's language, and a C locale leaves the server's default alone.
 */
export function localeLanguage(env: NodeJS.ProcessEnv = process.env): LanguageTag | undefined {
  const setting = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== "");
  return matchLanguage(setting);
}

// English is always there (errors before the language is loaded, a missing file); the others are
// loaded one at a time: the CLI's start budget has no room for eight catalogues.
let current: { language: LanguageTag; messages: CliMessages } = { language: "en", messages: en };

/** Reads the locale and loads its catalogue; run once before the command tree is built. */
export async function loadCliLanguage(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const language = cliLanguage(env);
  if (language === "en") return;
  try {
    const module = (await import(`./messages/${language}.js`)) as Record<string, CliMessages>;
    const messages = module[language];
    if (messages) current = { language, messages };
  } catch {
    // A damaged install: English rather than no words at all.
  }
}

/** The messages for this process (English until loadCliLanguage has run). */
export function messages(): CliMessages {
  return current.messages;
}

export function currentLanguage(): LanguageTag {
  return current.language;
}

/** `{name}` placeholders filled from `values`; an unknown placeholder stays as written. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** A message from one of the CLI's groups, e.g. `say("confirm", "removeTeam", { name })`. */
export function say<G extends "confirm" | "done">(group: G, key: Exclude<keyof CliMessages[G], "yes" | "imported" | "exported">, values?: Record<string, string | number>): string {
  return fill((messages()[group] as unknown as Record<string, string>)[key as string]!, values);
}

/** An instant as people read it in the CLI's language and the local time zone ("2 December 2026 at 18:00"). */
export function longDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "long", timeStyle: "short" }).format(date);
}

/** The form of `forms` for `count` in the language's plural category. */
export function pluralOf(forms: Plural, count: number): string {
  const category = new Intl.PluralRules(currentLanguage()).select(count) as keyof Plural;
  return forms[category] ?? forms.other;
}

/** A counted message in the language's plural category for `count`. */
export function sayCount(key: "imported" | "exported", count: number, values: Record<string, string | number> = {}): string {
  const forms: Plural = messages().done[key];
  const category = new Intl.PluralRules(currentLanguage()).select(count) as keyof Plural;
  return fill(forms[category] ?? forms.other, { count, ...values });
}

/** True for an answer that means yes: "y"/"yes" always, plus the language's own. */
export function isYes(answer: string): boolean {
  const word = answer.trim().toLocaleLowerCase(currentLanguage());
  return word === "y" || word === "yes" || messages().confirm.yes.includes(word);
}

/**
 * Help in the language: commander's headings, and the descriptions of commands and global
 * options that have a translation (the rest keep their English text).
 */
export function localizeHelp(program: Command): void {
  const { help } = messages();
  if (currentLanguage() === "en") return;
  const walk = (command: Command, path: string) => {
    const translated = help.commands[path];
    if (translated !== undefined && Object.hasOwn(help.commands, path)) command.description(translated);
    for (const sub of command.commands) walk(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  walk(program, "");
  for (const option of program.options) {
    if (option.long && Object.hasOwn(help.options, option.long)) option.description = help.options[option.long]!;
  }
  const titles = help.titles as Record<string, string>;
  const styleTitle = (title: string) => (Object.hasOwn(titles, title) ? titles[title]! : title);
  const eachCommand = (command: Command) => {
    // configureHelp replaces the settings object, so keep the ones already set.
    command.configureHelp({ ...command.configureHelp(), styleTitle } as Partial<Help>);
    command.helpOption("-h, --help", help.options["--help"]);
    if (command.commands.length > 0) command.helpCommand("help [command]", help.options["--help"]);
    for (const sub of command.commands) eachCommand(sub);
  };
  eachCommand(program);
}
