/** NAME_FILE forms of the secret-bearing AUTH_* variables (issue 42): Docker/Podman secrets arrive as files. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv, resolveConfig, unknownEnvVariables } from "../../../server/config.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-env-files-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `text` to a fresh file in the test folder, as `docker compose` mounts a secret. */
function secretFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("AUTH_*_FILE variables", () => {
  it("each secret-bearing setting reads its value from the named file, trailing line breaks removed", () => {
    const secret = "s".repeat(40);
    const env = {
      AUTH_SECRET_FILE: secretFile("secret", `${secret}\n`),
      AUTH_PREVIOUS_SECRETS_FILE: secretFile("previous", `${"p".repeat(32)},${"q".repeat(32)}\r\n`),
      AUTH_DB_FILE: secretFile("db", "postgres://latchkey:pw@db:5432/latchkey\n"),
      AUTH_SMTP_URL_FILE: secretFile("smtp", "smtp://mailer:pw@smtp.example.com:587"),
      AUTH_REDIS_URL_FILE: secretFile("redis", "redis://:pw@cache:6379/0\n\n"),
      AUTH_METRICS_TOKEN_FILE: secretFile("metrics", "metrics-token-1234\n"),
      AUTH_GITHUB_CLIENT_ID: "gh-client",
      AUTH_GITHUB_CLIENT_SECRET_FILE: secretFile("github", "gh-secret\n"),
    };
    expect(unknownEnvVariables(env)).toEqual([]);
    const config = resolveConfig(configFromEnv(env));
    expect(config.secret).toBe(secret);
    expect(config.previousSecrets).toEqual(["p".repeat(32), "q".repeat(32)]);
    expect(config.db).toBe("postgres://latchkey:pw@db:5432/latchkey");
    expect(config.mail.smtpUrl).toBe("smtp://mailer:pw@smtp.example.com:587");
    expect(config.redisUrl).toBe("redis://:pw@cache:6379/0");
    expect(config.metrics).toMatchObject({ enabled: true, token: "metrics-token-1234" });
    expect(config.socialProviders.github).toMatchObject({ clientId: "gh-client", clientSecret: "gh-secret" });
  });

  it("keeps a secret's inner spaces and line breaks except the trailing ones", () => {
    const config = configFromEnv({ AUTH_SECRET_FILE: secretFile("inner", `  ${"a".repeat(16)}\n${"b".repeat(16)}\n`) });
    expect(config.secret).toBe(`  ${"a".repeat(16)}\n${"b".repeat(16)}`);
  });

  it("refuses a variable set both directly and as a file, naming both", () => {
    const env = { AUTH_SECRET: "x".repeat(32), AUTH_SECRET_FILE: secretFile("both", "y".repeat(32)) };
    expect(() => configFromEnv(env)).toThrow("AUTH_SECRET and AUTH_SECRET_FILE are both set: keep one");
    const provider = { AUTH_GITHUB_CLIENT_SECRET: "a", AUTH_GITHUB_CLIENT_SECRET_FILE: secretFile("both-gh", "b") };
    expect(() => configFromEnv(provider)).toThrow("AUTH_GITHUB_CLIENT_SECRET and AUTH_GITHUB_CLIENT_SECRET_FILE are both set");
  });

  it("refuses a file that cannot be read or is empty, naming the variable and the path, every problem at once", () => {
    const missing = join(dir, "no-such-file");
    const empty = secretFile("empty", "\n");
    let message = "";
    try {
      configFromEnv({ AUTH_DB_FILE: missing, AUTH_SMTP_URL_FILE: empty });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`AUTH_DB_FILE: cannot read ${missing} (ENOENT)`);
    expect(message).toContain(`AUTH_SMTP_URL_FILE: ${empty} is empty`);
  });

  it("an empty NAME_FILE is unset, like an empty NAME", () => {
    expect(configFromEnv({ AUTH_SECRET: "x".repeat(32), AUTH_SECRET_FILE: "" }).secret).toBe("x".repeat(32));
  });

  it("offers _FILE only for secret-bearing settings: others are unknown variables", () => {
    expect(unknownEnvVariables({ AUTH_HOST_FILE: "/x", AUTH_SECRET_FIEL: "/x" }).map((problem) => problem.path)).toEqual(["AUTH_HOST_FILE", "AUTH_SECRET_FIEL"]);
    expect(() => configFromEnv({ AUTH_HOST_FILE: "/x" })).toThrow("NAME_FILE for AUTH_SECRET, AUTH_PREVIOUS_SECRETS, AUTH_DB");
  });
});
