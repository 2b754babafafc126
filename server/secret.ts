/**
 * The server secret. Production must be given one (AUTH_SECRET or --secret). In development one
 * is generated on first start and kept beside the database (mode 0600), so restarts keep cookies.
 * A PostgreSQL URL has no "beside": development keeps it in ./data/latchkey.secret (relative to
 * the working directory), so instances started from one checkout share it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Config } from "./config.js";
import { isPostgresUrl } from "./db/target.js";

export class MissingSecretError extends Error {}

export const POSTGRES_DEV_SECRET_FILE = "./data/latchkey.secret";

export function secretFileFor(db: string): string {
  return isPostgresUrl(db) ? POSTGRES_DEV_SECRET_FILE : `${db}.secret`;
}

/** The secret a server on `config` would use, without creating one: null when there is none yet. */
export function findSecret(config: Config): string | null {
  if (config.secret) return config.secret;
  if (config.db === ":memory:") return null;
  const file = secretFileFor(config.db);
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, "utf8").trim();
  return stored.length >= 32 ? stored : null;
}

export function loadOrCreateSecret(config: Config): { secret: string; source: "config" | "file" | "generated" } {
  if (config.secret) return { secret: config.secret, source: "config" };
  if (config.production) {
    throw new MissingSecretError(
      "No secret configured. In production set AUTH_SECRET (or pass --secret) to a random string of at least 32 characters, e.g. `openssl rand -base64 32`.",
    );
  }
  if (config.db === ":memory:") return { secret: randomBytes(32).toString("base64url"), source: "generated" };
  const file = secretFileFor(config.db);
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return { secret: stored, source: "file" };
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return { secret, source: "generated" };
}
