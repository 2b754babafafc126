/**
 * The server secret. Production must be given one (AUTH_SECRET or --secret). In development one
 * is generated on first start and kept beside the database (mode 0600), so restarts keep cookies.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Config } from "./config.js";

export class MissingSecretError extends Error {}

export function secretFileFor(dbPath: string): string {
  return `${dbPath}.secret`;
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
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return { secret, source: "generated" };
}
