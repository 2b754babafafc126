/**
 * Commander's usage errors in the operator's language, with the hints a newcomer needs:
 * `--database` → "did you mean --db?" (names people guess for an option, which edit distance
 * alone does not find), and `auth users list` → "did you mean auth admin users list?" (a command
 * that exists one level further down). Commander writes its errors through outputError; this
 * rewrites the text it hands over, so parsing and exit codes stay commander's.
 */
import type { Command } from "commander";
import { closest } from "../shared/closest.js";
import { fill, messages } from "./i18n/index.js";

/** Options people reach for, and the one Latchkey has (the first of a list the command has). */
const OPTION_GUESSES: Record<string, string | string[]> = {
  "--database": "--db",
  "--database-url": "--db",
  "--db-url": "--db",
  "--db-file": "--db",
  "--sqlite": "--db",
  "--server": "--url",
  "--host-url": "--url",
  "--base": "--base-url",
  "--organization": "--org",
  "--organisation": "--org",
  "--key": "--api-key",
  "--mail": "--email",
  "--user": "--email",
  // "ban for 7 days", "a key valid for 30 days": the natural words for a duration.
  "--for": ["--expires", "--expires-in"],
  "--duration": ["--expires", "--expires-in"],
  "--until": ["--expires", "--expires-in"],
  "--expire": ["--expires", "--expires-in"],
  "--ttl": ["--expires", "--expires-in"],
};

function optionsOf(command: Command): Set<string> {
  const names = new Set<string>();
  for (let at: Command | null = command; at; at = at.parent) for (const option of at.options) if (option.long) names.add(option.long);
  return names;
}

/** `auth users list` → `auth admin users list`: the deeper commands named like the unknown word. */
function deeperCommands(root: Command, word: string, after: string[]): string[] {
  const found: string[] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      const here = [...path, sub.name()];
      if (path.length > 0 && (sub.name() === word || sub.aliases().includes(word))) {
        // Keep the words typed after it when they name its subcommand (`list`), not arguments.
        const next = after[0] && sub.commands.some((child) => child.name() === after[0]) ? [after[0]] : [];
        found.push(["auth", ...here, ...next].join(" "));
      }
      walk(sub, here);
    }
  };
  walk(root, []);
  return found;
}

/** The words typed after `word` on the command line (options left out). */
function wordsAfter(word: string, argv: string[]): string[] {
  const at = argv.indexOf(word);
  return at < 0 ? [] : argv.slice(at + 1).filter((arg) => !arg.startsWith("-"));
}

export function localizeUsageError(text: string, command: Command, argv: string[] = process.argv.slice(2)): string {
  const words = messages().usage;
  const lines = text.replace(/\n$/, "").split("\n");
  let suggestions: string[] = [];
  let body = lines[0]!.replace(/^error: /, "");
  for (const line of lines.slice(1)) {
    const one = /^\(Did you mean (.+)\?\)$/.exec(line);
    const many = /^\(Did you mean one of (.+)\?\)$/.exec(line);
    if (many) suggestions = many[1]!.split(", ");
    else if (one) suggestions = [one[1]!];
  }

  let match: RegExpExecArray | null;
  if ((match = /^unknown option '([^']+)'$/.exec(body))) {
    const option = match[1]!.split("=")[0]!;
    const known = optionsOf(command);
    const guess = [OPTION_GUESSES[option] ?? []].flat().find((name) => known.has(name));
    if (suggestions.length === 0 && guess) suggestions = [guess];
    body = fill(words.unknownOption, { option: match[1]! });
  } else if ((match = /^unknown command '([^']+)'$/.exec(body))) {
    let root = command;
    while (root.parent) root = root.parent;
    if (suggestions.length === 0) suggestions = deeperCommands(root, match[1]!, wordsAfter(match[1]!, argv));
    body = fill(words.unknownCommand, { command: match[1]! });
  } else if ((match = /^missing required argument '([^']+)'$/.exec(body))) {
    body = fill(words.missingArgument, { argument: match[1]! });
  } else if ((match = /^option '([^']+)' argument missing$/.exec(body))) {
    body = fill(words.optionValueMissing, { option: match[1]! });
  } else if ((match = /^required option '([^']+)' not specified$/.exec(body))) {
    body = fill(words.requiredOption, { option: match[1]! });
  } else if ((match = /^option '(--[\w-]+)[^']*' argument '([^']*)' is invalid\. Allowed choices are (.+)\.$/.exec(body))) {
    // A value outside an option's list (--grant-type, --token-auth-method…): the values there are, and the nearest.
    const choices = match[3]!.split(", ");
    const near = closest(match[2]!, choices);
    if (suggestions.length === 0 && near) suggestions = [near];
    body = fill(words.invalidChoice, { value: match[2]!, option: match[1]!, choices: choices.join(", ") });
  } else if ((match = /^too many arguments(?: for '([^']+)')?\. Expected (\d+) arguments? but got (\d+)\.$/.exec(body))) {
    body = fill(words.tooManyArguments, { expected: match[2]!, received: match[3]! });
  }
  const hint = suggestions.length === 0 ? "" : `\n${fill(suggestions.length === 1 ? words.didYouMean : words.didYouMeanOneOf, { suggestion: suggestions.join(", ") })}`;
  return `${messages().errorPrefix}: ${body}${hint}\n`;
}

/** Every command of the tree writes its usage errors through localizeUsageError. */
export function localizeUsageErrors(program: Command): void {
  const each = (command: Command) => {
    command.configureOutput({ ...command.configureOutput(), outputError: (text, write) => write(localizeUsageError(text, command)) });
    for (const sub of command.commands) each(sub);
  };
  each(program);
}
