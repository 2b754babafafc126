/**
 * Where the server secret in force was read (#33): a refusal with exit 9 names it, and a rotation
 * in development knows which file still holds the old one. The development file is beside the
 * SQLite database (`<db>.secret`) or ./data/latchkey.secret for PostgreSQL (server/secret.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../server/config.js";
import { secretFileFor } from "../server/secret.js";
import { text } from "./i18n/index.js";

/** The development secret file for this database (absolute), or null for an in-memory one. */
export function devSecretFile(config: Config): string | null {
  return config.db === ":memory:" ? null : resolve(secretFileFor(config.db));
}

/** Where the secret in force came from, in words: AUTH_SECRET, AUTH_SECRET_FILE, --secret, a settings file or the development file. */
export function secretSource(config: Config, flags: { secret?: string; config?: string }): string {
  if (config.secret) {
    if (flags.secret !== undefined && flags.secret === config.secret) return "--secret";
    if (process.env.AUTH_SECRET === config.secret) return "AUTH_SECRET";
    if (process.env.AUTH_SECRET_FILE) return `AUTH_SECRET_FILE (${resolve(process.env.AUTH_SECRET_FILE)})`;
    const file = flags.config ?? process.env.AUTH_CONFIG;
    return file ? text("backup", "secretFromSettings", { file: resolve(file) }) : "AUTH_SECRET";
  }
  return text("backup", "secretFromFile", { file: devSecretFile(config) ?? ":memory:" });
}

/** True when the development file exists and holds another secret than `secret`. */
export function devFileIsStale(config: Config, secret: string): boolean {
  const file = devSecretFile(config);
  if (!file || !existsSync(file)) return false;
  return readFileSync(file, "utf8").trim() !== secret;
}

/** Writes `secret` to the development file (mode 0600, as the server writes it). */
export function writeDevSecret(config: Config, secret: string): string {
  const file = devSecretFile(config)!;
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return file;
}
