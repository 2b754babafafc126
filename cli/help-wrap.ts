/**
 * `--help` at the terminal's width (#33). Commander wraps its own columns (options, commands) but
 * writes the text added under them as given: examples, prose and the exit-code list ran past 80
 * columns and the terminal broke them anywhere. Every line of help output longer than the width is
 * wrapped here, at spaces: prose keeps its indentation, and an example (`  $ auth …`) is continued
 * with ` \` on the next line so it still pastes as one command (never broken inside quotes).
 */
import type { Command } from "commander";

/** Words of a shell line, a quoted string with its spaces counting as one word. */
function shellWords(line: string): string[] {
  return line.match(/(?:[^\s'"]+|'[^']*'|"(?:[^"\\]|\\.)*")+/g) ?? [];
}

function wrapWords(words: string[], width: number, firstIndent: string, nextIndent: string, continuation: string): string[] {
  const lines: string[] = [];
  let current = firstIndent;
  let empty = true;
  for (const word of words) {
    const candidate = empty ? current + word : `${current} ${word}`;
    // Room for the continuation mark on every line but the last.
    if (!empty && Array.from(candidate).length + continuation.length > width) {
      lines.push(current + continuation);
      current = nextIndent + word;
    } else current = candidate;
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** One line at most `width` wide where spaces allow (a single longer word stays whole). */
export function wrapHelpLine(line: string, width: number): string[] {
  if (Array.from(line).length <= width) return [line];
  const indent = /^\s*/.exec(line)![0];
  const example = /^(\s*)\$ (.*)$/.exec(line);
  if (example) return wrapWords(shellWords(example[2]!), width, `${example[1]}$ `, `${example[1]}    `, " \\");
  // A list item ("- …") hangs under its text.
  const bullet = /^(\s*[-•*]\s+)/.exec(line)?.[1];
  return wrapWords(line.trim().split(/\s+/), width, indent, bullet ? " ".repeat(bullet.length) : indent, "");
}

export function wrapHelp(text: string, width: number): string {
  return text
    .split("\n")
    .flatMap((line) => wrapHelpLine(line, width))
    .join("\n");
}

/** The width help is written at: the terminal's, else 80 (commander's own default). */
function helpWidth(): number {
  return process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80;
}

/** Every command of the tree writes its help (and --version) through wrapHelp. */
export function wrapHelpOutput(program: Command): void {
  const each = (command: Command) => {
    command.configureOutput({ ...command.configureOutput(), writeOut: (text) => process.stdout.write(wrapHelp(text, helpWidth())) });
    for (const sub of command.commands) each(sub);
  };
  each(program);
}
