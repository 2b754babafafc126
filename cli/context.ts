/**
 * Options every command understands (declared once on the root program, accepted anywhere on
 * the line) and the glue that hands them to an action together with its arguments.
 */
import type { Command } from "commander";
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
  command.addHelpText("after", `\nExample${lines.length > 1 ? "s" : ""}:\n${lines.map((line) => `  $ ${line}`).join("\n")}`);
  (command as unknown as { _examples?: string[] })._examples = lines;
  return command;
}

/** Can we ask the person at the keyboard? */
export function interactive(flags: GlobalFlags): boolean {
  return flags.input !== false && Boolean(process.stdin.isTTY) && Boolean(process.stderr.isTTY);
}
