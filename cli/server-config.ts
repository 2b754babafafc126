/** Builds server settings for CLI commands: flags > AUTH_* environment > config file > defaults. */
import { readFileSync } from "node:fs";
import { configFromEnv, mergeConfig, resolveConfig, type Config, type ConfigInput } from "../server/config.js";
import { CliError, EXIT } from "./exit-codes.js";

export function loadConfigFile(path: string | undefined): ConfigInput {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, "utf8")) as ConfigInput;
  } catch (error) {
    throw new CliError(`Cannot read config file ${path}: ${(error as Error).message}`, EXIT.USAGE);
  }
}

export function buildConfig(flags: ConfigInput, configFile?: string): Config {
  try {
    return resolveConfig(mergeConfig(loadConfigFile(configFile ?? process.env.AUTH_CONFIG), configFromEnv(), flags));
  } catch (error) {
    throw new CliError((error as Error).message, EXIT.USAGE);
  }
}
