/** Builds server settings for CLI commands: flags > AUTH_* environment > config file > defaults. */
import { readFileSync } from "node:fs";
import { configFromEnv, mergeConfig, resolveConfig, type Config, type ConfigInput } from "../server/config.js";
import { CliError, EXIT } from "./exit-codes.js";
import { fill, messages } from "./i18n/index.js";

export function loadConfigFile(path: string | undefined): ConfigInput {
  if (!path) return {};
  const { hints } = messages();
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new CliError(fill(hints.configUnreadable, { file: path, reason: (error as Error).message }), EXIT.USAGE);
  }
  try {
    return JSON.parse(text) as ConfigInput;
  } catch (error) {
    // JSON.parse names a character offset (or none: the text ended early); people need a line.
    const { line, column } = lineAndColumn(text, jsonErrorOffset((error as Error).message, text));
    throw new CliError(`${fill(hints.configSyntax, { file: path, line, column })} (${(error as Error).message})`, EXIT.USAGE, "CONFIG_SYNTAX");
  }
}

/** The offset V8's JSON.parse message names ("… at position 42"), or the end for "Unexpected end". */
export function jsonErrorOffset(message: string, text: string): number {
  const position = /at position (\d+)/.exec(message);
  return position ? Number(position[1]) : text.length;
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

export function buildConfig(flags: ConfigInput, configFile?: string): Config {
  try {
    return resolveConfig(mergeConfig(loadConfigFile(configFile ?? process.env.AUTH_CONFIG), configFromEnv(), flags));
  } catch (error) {
    throw new CliError((error as Error).message, EXIT.USAGE);
  }
}
