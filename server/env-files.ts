/**
 * `NAME_FILE` forms of the secret-bearing AUTH_* variables (issue 42). Docker and Podman secrets
 * arrive as files (/run/secrets/…), and a value in the environment shows in `docker inspect`, in
 * /proc/<pid>/environ and in every child process: `AUTH_SECRET_FILE=/run/secrets/auth_secret`
 * reads the secret from that file instead. Setting both forms of one variable is refused, since
 * neither choice would be what the operator meant.
 */
import { readFileSync } from "node:fs";

/** Variables that hold a secret (or, for AUTH_DB, a URL that may carry a password). */
export const FILE_ENV_VARIABLES = ["AUTH_SECRET", "AUTH_PREVIOUS_SECRETS", "AUTH_DB", "AUTH_SMTP_URL", "AUTH_REDIS_URL", "AUTH_METRICS_TOKEN", "AUTH_CAPTCHA_SECRET_KEY"] as const;

/** A social provider's client secret (AUTH_GITHUB_CLIENT_SECRET…) takes a _FILE form too. */
const PROVIDER_SECRET = /^AUTH_[A-Z0-9]+_CLIENT_SECRET$/;

/** True for `AUTH_SECRET_FILE`, `AUTH_GITHUB_CLIENT_SECRET_FILE`… (the variable named is one that takes a file). */
export function isFileVariable(name: string): boolean {
  if (!name.endsWith("_FILE")) return false;
  const base = name.slice(0, -"_FILE".length);
  return (FILE_ENV_VARIABLES as readonly string[]).includes(base) || PROVIDER_SECRET.test(base);
}

/**
 * The environment with every set `NAME_FILE` replaced by `NAME` holding the file's text (trailing
 * line breaks removed: `echo secret > file` must work). Throws one message naming every problem:
 * both forms set, a file that cannot be read, an empty file.
 */
export function resolveFileVariables(env: NodeJS.ProcessEnv, read: (path: string) => string = (path) => readFileSync(path, "utf8")): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const name of Object.keys(env).sort()) {
    const path = env[name];
    if (!isFileVariable(name) || path === undefined || path === "") continue;
    const base = name.slice(0, -"_FILE".length);
    delete out[name];
    if (env[base] !== undefined && env[base] !== "") {
      problems.push(`  ${base} and ${name} are both set: keep one (${name} reads the value from a file)`);
      continue;
    }
    let value: string;
    try {
      value = read(path).replace(/[\r\n]+$/, "");
    } catch (error) {
      problems.push(`  ${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      continue;
    }
    if (value === "") problems.push(`  ${name}: ${path} is empty`);
    else out[base] = value;
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  return out;
}
