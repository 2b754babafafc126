/**
 * The CLI in the operator's language: LC_ALL, then LC_MESSAGES, then LANG (POSIX order; the
 * first one set decides), reduced to one of Latchkey's languages; anything else (C, POSIX,
 * a language we do not have) is English. Only human text changes: --json output, error codes
 * and exit codes are the same in every language.
 */
import { readFileSync } from "node:fs";
import { Help, type Argument, type Command, type Option } from "commander";
import { matchLanguage, type LanguageTag } from "../../shared/languages.js";
import en from "../../i18n/en/cli.json" with { type: "json" };
import type { CliMessages, TextGroups } from "./types.js";

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
/** --help in the language: English text → translation (gettext style; i18n/<language>/cli-help.json). */
let helpTexts: Readonly<Record<string, string>> = {};

/** Reads the locale and loads its catalogue; run once before the command tree is built. */
export async function loadCliLanguage(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const language = cliLanguage(env);
  if (language === "en") return;
  try {
    // Beside this file in the tree (i18n/) and in dist/ alike: tsc copies the JSON catalogues that
    // cli/i18n/all.ts imports, and this file sits two folders below both.
    const read = (name: string) => JSON.parse(readFileSync(new URL(`../../i18n/${language}/${name}.json`, import.meta.url), "utf8")) as unknown;
    current = { language, messages: read("cli") as CliMessages };
    helpTexts = read("cli-help") as Record<string, string>;
  } catch {
    // A damaged install: English rather than no words at all.
  }
}

/** Every English help text asked for while the tree was built (the catalogue test's list). */
export const askedHelpTexts = new Set<string>();

/**
 * A text of --help (a command's or option's description, the prose under a command) in the
 * language; English when it has no translation. Keyed by the English text itself, so a changed
 * English sentence shows up in the catalogue test until it is translated again.
 */
export function helpText(english: string): string {
  askedHelpTexts.add(english);
  return Object.hasOwn(helpTexts, english) ? helpTexts[english]! : english;
}

/** The messages for this process (English until loadCliLanguage has run). */
export function messages(): CliMessages {
  return current.messages;
}

export function currentLanguage(): LanguageTag {
  return current.language;
}

/**
 * A message without plural or select: its `{name}` placeholders filled from `values` (an unknown
 * one stays as written) and ICU's `''` read as one apostrophe. That is all ICU asks of such a
 * message, so the CLI's start does not pay for loading intl-messageformat (see counted()).
 */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}|''/g, (whole, name: string | undefined) => (name === undefined ? "'" : Object.hasOwn(values, name) ? String(values[name]) : whole));
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

/**
 * A counted message (`{count, plural, one {…} other {…}}`) through intl-messageformat, the library
 * the console and mail format with; loaded only by the few commands that count.
 */
export async function counted(message: string, values: Record<string, string | number>): Promise<string> {
  const { formatMessage } = await import("../../shared/i18n/format-message.js");
  return formatMessage(currentLanguage(), message, values);
}

/** A message of one of the plain groups that may count (`{total, plural, …}`), e.g. "1 user", "2 users". */
export function countedText<G extends keyof TextGroups>(group: G, key: keyof TextGroups[G] & string, values: Record<string, string | number>): Promise<string> {
  return counted((messages()[group] as Record<string, string>)[key]!, values);
}

/**
 * A role as the language names it (`admin` → "администратор"); several comma separated; unknown
 * ones as they are. `inSentence`: the form a sentence takes ("is now an admin").
 */
export function roleName(role: string, inSentence = false): string {
  const names = (inSentence ? messages().table.rolePhrases : messages().table.roles) as Record<string, string>;
  return role
    .split(",")
    .map((one) => one.trim())
    .map((one) => (Object.hasOwn(names, one) ? names[one]! : one))
    .join(", ");
}

/** A counted message of `done` in the language's plural category for `count`. */
export function sayCount(key: "imported" | "exported", count: number, values: Record<string, string | number> = {}): Promise<string> {
  return counted(messages().done[key], { count, ...values });
}

/** True for an answer that means yes: "y"/"yes" always, plus the language's own. */
export function isYes(answer: string): boolean {
  const word = answer.trim().toLocaleLowerCase(currentLanguage());
  return word === "y" || word === "yes" || messages().confirm.yes.split(/,\s*/).includes(word);
}

/**
 * Help in the language: commander's headings, and every description of a command, option and
 * argument (through helpText, keyed by the English description).
 */
export function localizeHelp(program: Command): void {
  const { help } = messages();
  const walk = (command: Command) => {
    if (command.description()) command.description(helpText(command.description()));
    for (const option of command.options) if (option.description) option.description = helpText(option.description);
    for (const argument of command.registeredArguments) if (argument.description) argument.description = helpText(argument.description);
    for (const sub of command.commands) walk(sub);
  };
  walk(program);
  const titles = help.titles as Record<string, string>;
  const styleTitle = (title: string) => (Object.hasOwn(titles, title) ? titles[title]! : title);
  const helpDescription = helpText("display help for command");
  // commander writes "(default: 50)", "(choices: …)" after a description in English: the words
  // before the colons are put in the language, the values stay as they are.
  const extra = help.extra;
  const localizeExtra = (described: string, description: string | undefined) => {
    const head = description && described.startsWith(description) ? description : "";
    const tail = described.slice(head.length).replace(/(\(|, )(default|choices|preset|env): /g, (_, before: string, word: keyof typeof extra) => `${before}${extra[word]}: `);
    return head + tail;
  };
  const optionDescription = function (this: Help, option: Option) {
    return localizeExtra(Help.prototype.optionDescription.call(this, option), option.description);
  };
  const argumentDescription = function (this: Help, argument: Argument) {
    return localizeExtra(Help.prototype.argumentDescription.call(this, argument), argument.description);
  };
  const eachCommand = (command: Command) => {
    // configureHelp replaces the settings object, so keep the ones already set.
    command.configureHelp({ ...command.configureHelp(), styleTitle, optionDescription, argumentDescription } as Partial<Help>);
    command.helpOption("-h, --help", helpDescription);
    if (command.commands.length > 0) command.helpCommand("help [command]", helpDescription);
    for (const sub of command.commands) eachCommand(sub);
  };
  eachCommand(program);
}

/** A message of one of the CLI's plain groups (types.ts `TextGroups`), e.g. `text("backup", "noBackup", { path })`. */
export function text<G extends keyof TextGroups>(group: G, key: keyof TextGroups[G] & string, values?: Record<string, string | number>): string {
  return fill((messages()[group] as Record<string, string>)[key]!, values);
}
