/**
 * Options every command understands (declared once on the root program, accepted anywhere on
 * the line) and the glue that hands them to an action together with its arguments.
 */
import type { Command } from "commander";
import { helpText } from "./i18n/index.js";
import type { OutputOptions } from "./output.js";

export interface GlobalFlags extends OutputOptions {
  /** Server URL (AUTH_URL). */
  url?: string;
  /** Credentials profile (AUTH_PROFILE). */
  profile?: string;
  /** An API key to act with instead of a stored session (AUTH_API_KEY). */
  apiKey?: string;
  /** Answer yes to confirmations (required for destructive commands off a terminal). */
  yes?: boolean;
  /** false with --no-input: never prompt, fail instead. */
  input?: boolean;
}

export type Flags<T = object> = GlobalFlags & T;

/**
 * Wraps an action: commander calls it with (...args, options, command); ours receive the merged
 * options (global + local) first, then the positional arguments.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command declares its own positional argument types
export function handler<T = object>(fn: (flags: Flags<T>, ...args: any[]) => Promise<void> | void) {
  return async (...params: unknown[]) => {
    const command = params[params.length - 1] as Command;
    const args = params.slice(0, -2);
    await fn(command.optsWithGlobals() as Flags<T>, ...args);
  };
}

/** Adds the example block every command shows under --help. */
export function example<C extends Command>(command: C, ...lines: string[]): C {
  command.addHelpText("after", helpAfter(null, ...lines));
  (command as unknown as { _examples?: string[] })._examples = lines;
  return command;
}

/** The text under a command's --help: its prose in the CLI's language, then examples as typed. */
export function helpAfter(prose: string | null, ...examples: string[]): string {
  const parts = prose ? [helpText(prose)] : [];
  if (examples.length > 0) parts.push(`${helpText(examples.length > 1 ? "Examples:" : "Example:")}\n${examples.map((line) => `  $ ${line}`).join("\n")}`);
  return `\n${parts.join("\n\n")}`;
}

/** Can we ask the person at the keyboard? */
export function interactive(flags: GlobalFlags): boolean {
  return flags.input !== false && Boolean(process.stdin.isTTY) && Boolean(process.stderr.isTTY);
}
