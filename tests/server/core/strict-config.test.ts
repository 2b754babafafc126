/** Strict settings: unknown keys and AUTH_* variables are refused with the closest known name; production warnings. */
import { describe, expect, it } from "vitest";
import { configFromEnv, productionWarnings, resolveConfig, unknownEnvVariables, unknownSettings } from "../../../server/config.js";

describe("unknown settings", () => {
  it("refuses a misspelled nested key, naming it and the closest known one", () => {
    expect(() => resolveConfig({ emailAndPassword: { requireEmailVerificaton: true } } as never)).toThrow(
      "emailAndPassword.requireEmailVerificaton: unknown setting; did you mean requireEmailVerification?",
    );
  });

  it("names top-level typos, keys at the wrong level, and every problem at once", () => {
    expect(unknownSettings({ sesion: {}, minLength: 3, port: 1, session: { cookieCache: { enable: true } } })).toEqual([
      { path: "sesion", suggestion: "session" },
      { path: "minLength", suggestion: "password.minLength or username.minLength" },
      { path: "session.cookieCache.enable", suggestion: "enabled" },
    ]);
  });

  it("accepts every documented key, any role name, and a $schema hint", () => {
    const input = {
      $schema: "./latchkey.schema.json",
      password: { minLength: 10, memoryCost: 19456, timeCost: 2, parallelism: 1 },
      session: { expiresIn: 604800, updateAge: 86400, freshAge: 86400, cookieCache: { enabled: true, maxAge: 60 } },
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true },
      rateLimit: { window: 60, max: 300, strict: { window: 60, max: 10 } },
      organization: { roles: { auditor: { member: ["read"] } } },
    };
    expect(unknownSettings(input)).toEqual([]);
    expect(resolveConfig(input as never).emailAndPassword.requireEmailVerification).toBe(true);
  });
});

describe("AUTH_* environment variables", () => {
  it("refuses an unknown one with the closest known name", () => {
    expect(() => configFromEnv({ AUTH_SMPT_URL: "smtp://x" })).toThrow("AUTH_SMPT_URL: unknown environment variable; did you mean AUTH_SMTP_URL?");
    expect(unknownEnvVariables({ AUTH_NOTHING_LIKE_IT: "1" })).toEqual([{ path: "AUTH_NOTHING_LIKE_IT" }]);
  });

  it("allows every variable the server and the CLI read, and ignores empty ones", () => {
    const env = {
      AUTH_HOST: "127.0.0.1",
      AUTH_PORT: "3000",
      AUTH_BASE_URL: "https://auth.example.com",
      AUTH_DB: "./data/latchkey.db",
      AUTH_SECRET: "x".repeat(32),
      AUTH_TRUSTED_ORIGINS: "https://app.example.com",
      AUTH_TRUST_PROXY: "1",
      AUTH_LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "on",
      AUTH_SMTP_URL: "smtp://mail:25",
      AUTH_MAIL_FROM: "a@example.com",
      AUTH_ADMIN_USER_IDS: "u1",
      AUTH_CONFIG: "./latchkey.json",
      AUTH_URL: "http://127.0.0.1:3000",
      AUTH_TOKEN: "t",
      AUTH_PROFILE: "work",
      AUTH_TIMEOUT_MS: "1000",
      AUTH_TYPO: "",
      OTHER_AUTH_THING: "1",
    };
    expect(unknownEnvVariables(env)).toEqual([]);
    expect(configFromEnv(env).port).toBe(3000);
  });
});

describe("production warnings", () => {
  it("warns about outbox mail and a loopback base URL in production only", () => {
    expect(productionWarnings(resolveConfig({}))).toEqual([]);
    const warnings = productionWarnings(resolveConfig({ production: true }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/outbox/);
    expect(warnings[1]).toMatch(/http:\/\/127\.0\.0\.1:3000 is a loopback address/);
    expect(productionWarnings(resolveConfig({ production: true, baseURL: "http://localhost:8080" }))).toHaveLength(2);
    expect(productionWarnings(resolveConfig({ production: true, baseURL: "http://[::1]:8080", mail: { smtpUrl: "smtp://mail:25" } }))).toHaveLength(1);
    expect(productionWarnings(resolveConfig({ production: true, baseURL: "https://auth.example.com", mail: { smtpUrl: "smtp://mail:25" } }))).toEqual([]);
  });
});
