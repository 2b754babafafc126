/**
 * Secrets on the command line: every user of the machine can read a process's arguments (`ps`,
 * /proc/PID/cmdline), so `--secret` and URLs with a password in `--db`, `--smtp-url` and
 * `--redis-url` leak. They still work (a laptop, a container of one); their help says where
 * a secret belongs, and the server says once at start which flags carried one — never the value.
 */

/** Help-text tails, one place so every command words it alike. */
export const PREFER_ENV = {
  secret: "prefer AUTH_SECRET or the config file: arguments are visible to other users (ps)",
  db: "a URL with a password: prefer AUTH_DB or the config file, arguments are visible to other users (ps)",
  smtpUrl: "with a password: prefer AUTH_SMTP_URL or the config file, arguments are visible to other users (ps)",
  redisUrl: "with a password: prefer AUTH_REDIS_URL or the config file, arguments are visible to other users (ps)",
} as const;

export interface SecretBearingFlags {
  secret?: string;
  db?: string;
  smtpUrl?: string;
  redisUrl?: string;
}

/** The flags (by name) that carried a secret on this command line. */
export function secretFlagsGiven(flags: SecretBearingFlags): string[] {
  const given: string[] = [];
  if (flags.secret) given.push("--secret");
  if (hasUrlPassword(flags.db)) given.push("--db");
  if (hasUrlPassword(flags.smtpUrl)) given.push("--smtp-url");
  if (hasUrlPassword(flags.redisUrl)) given.push("--redis-url");
  return given;
}

/** One warning naming the flags and where the secret belongs instead; empty when none did. */
export function secretFlagWarnings(flags: SecretBearingFlags): string[] {
  const given = secretFlagsGiven(flags);
  if (!given.length) return [];
  const instead: Record<string, string> = { "--secret": "AUTH_SECRET", "--db": "AUTH_DB", "--smtp-url": "AUTH_SMTP_URL", "--redis-url": "AUTH_REDIS_URL" };
  return [
    `A secret was given on the command line (${given.join(", ")}), where other users of this machine can read it (ps). Use ${given.map((flag) => instead[flag]).join(", ")} or the config file instead.`,
  ];
}

function hasUrlPassword(value: string | undefined): boolean {
  if (!value || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  try {
    return new URL(value).password !== "";
  } catch {
    // An unparsable URL may still hold `user:pass@`: warn rather than stay silent.
    return /:\/\/[^/@]*:[^/@]*@/.test(value);
  }
}
