/** `auth server check-config`: resolve the settings `auth server start` would use, without starting. */
import type { SignUpThrottleSummary } from "../../server/http/signup-throttle-summary.js";
import type { Command } from "commander";
import { helpAfter } from "../context.js";
import type { Config, ConfigInput } from "../../server/config.js";
import { info, printJson, wantsJson, warn } from "../output.js";
import { existsSync } from "node:fs";
import { secretMismatchCliError, type StartFlags } from "./server.js";
import { PREFER_ENV, secretFlagWarnings } from "../secret-flags.js";
import { text } from "../i18n/index.js";

/** The same settings flags as `auth server start`, plus the output switches. */
type CheckFlags = StartFlags & { json?: boolean; jsonl?: boolean };

export function registerCheckConfig(server: Command, flagsToConfig: (flags: CheckFlags) => ConfigInput): void {
  server
    .command("check-config")
    .description("check the settings (config file + AUTH_* environment + flags) without starting; prints them with secrets masked")
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .option("--port <port>", "port to listen on (AUTH_PORT)", "")
    .option("--host <host>", "interface to bind (AUTH_HOST)")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--base-url <url>", "public URL of the server (AUTH_BASE_URL)")
    .option("--secret <secret>", `server secret, ≥ 32 characters (AUTH_SECRET; ${PREFER_ENV.secret})`)
    .option("--trusted-origins <list>", "comma-separated extra origins (AUTH_TRUSTED_ORIGINS)")
    .option("--smtp-url <url>", `SMTP server (AUTH_SMTP_URL; ${PREFER_ENV.smtpUrl})`)
    .option("--no-rate-limit", "turn rate limiting off")
    .option("--redis-url <url>", `Redis for shared rate-limit counters (AUTH_REDIS_URL; ${PREFER_ENV.redisUrl})`)
    .addHelpText("after", helpAfter("Exits 0 when the settings are valid, 2 with every problem named otherwise (unknown keys and AUTH_* variables included), 9 for a database sealed with another secret, 10 for another program's database (better-auth's).", "auth server check-config --config ./latchkey.json", "NODE_ENV=production AUTH_SECRET=$(cat /etc/latchkey/secret) auth server check-config --config /etc/latchkey/config.json"))
    .action(async (_flags: CheckFlags, command: Command) => {
      const flags = command.optsWithGlobals() as CheckFlags;
      const { buildConfig } = await import("../server-config.js");
      const { baseURLOf, configWarnings } = await import("../../server/config.js");
      const { describeTrustProxy } = await import("../../server/http/trust-proxy.js");
      // Loaded here, not at the top: it brings zod, ~70 ms of every `auth` start otherwise.
      const { maskProviderSecrets } = await import("../../server/features/social/config-schema.js");
      const { breachCheckSummary } = await import("../../server/core/user/breached-password.js");
      const { captchaSummary, SITE_VERIFY_URLS } = await import("../../server/features/captcha/summary.js");
      const { signUpThrottleSummary } = await import("../../server/http/signup-throttle-summary.js");
      const config = buildConfig(flagsToConfig(flags), flags.config);
      const { refuseForeignDatabase } = await import("../../server/db/foreign-schema.js");
      const { displayTarget } = await import("../../server/db/target.js");
      await refuseForeignDatabase(config.db, displayTarget(config.db));
      await checkKey(config);
      const settings = maskSecrets(config, maskProviderSecrets);
      const warnings = [...secretFlagWarnings(flags), ...configWarnings(config)];
      if (wantsJson(flags)) {
        printJson({ valid: true, baseURL: baseURLOf(config), clientIp: `from X-Forwarded-For: ${describeTrustProxy(config.trustProxy)}`, passwordBreach: breachCheckSummary(config), captcha: captchaSummary(config), signUpThrottle: signUpThrottleSummary(config), settings, warnings });
        return;
      }
      info(text("backup", "configValid", { url: baseURLOf(config), clientIp: describeTrustProxy(config.trustProxy) }));
      info(breachLine(config));
      info(captchaLine(config, SITE_VERIFY_URLS));
      info(throttleLine(signUpThrottleSummary(config)));
      info(JSON.stringify(settings, null, 2));
      for (const line of warnings) warn(text("backup", "warning", { message: line }));
    });
}

/**
 * A database that exists and was sealed with another secret fails the check (EXIT.SECRET_MISMATCH)
 * with the sentence `auth server start` would say. A missing database or none reachable is not
 * checked here: start reports those itself.
 */
async function checkKey(config: Config): Promise<void> {
  const { findSecret } = await import("../../server/secret.js");
  const { isPostgresUrl } = await import("../../server/db/target.js");
  const secret = findSecret(config);
  if (!secret || config.db === ":memory:" || (!isPostgresUrl(config.db) && !existsSync(config.db))) return;
  const { openDatabase } = await import("../../server/db/database.js");
  const { peekKeyCheck } = await import("../../server/key-check.js");
  const database = await openDatabase(config.db).catch(() => null);
  if (!database) return;
  try {
    if ((await peekKeyCheck(database.db, secret, config.previousSecrets)) === "mismatch") throw await secretMismatchCliError();
  } finally {
    await database.close();
  }
}

/** Whether new passwords are looked up in a breach corpus, where, and what a failure does (issue 40). */
function breachLine(config: Config): string {
  const settings = config.passwordBreach;
  if (!settings) return text("backup", "breachOff");
  const failure = text("backup", settings.failClosed ? "breachFailClosed" : "breachFailOpen");
  return settings.rangeDir !== undefined ? text("backup", "breachFolder", { dir: settings.rangeDir, failure }) : text("backup", "breachService", { url: maskUrlPassword(settings.rangeUrl ?? ""), failure });
}

/** Which bot check guards sign-up, sign-in and the mails strangers can trigger (issue 40). */
function captchaLine(config: Config, publicUrls: Readonly<Record<string, string>>): string {
  const settings = config.captcha;
  if (!settings) return text("backup", "captchaOff");
  if (settings.provider === "altcha") return text("backup", "captchaAltcha", { maxNumber: settings.maxNumber, expiresIn: settings.expiresIn });
  return text("backup", "captchaService", { provider: settings.provider, url: maskUrlPassword(settings.siteVerifyUrl ?? publicUrls[settings.provider] ?? "") });
}

/** How many sign-ups and verification mails one address may start (issue 40). */
function throttleLine(summary: SignUpThrottleSummary): string {
  const { perIp, perIpv6Prefix64: prefix, verificationMail: mail } = summary;
  if (!perIp || !prefix || !mail) return text("backup", "signUpThrottleOff");
  return text("backup", "signUpThrottleOn", { perIpMax: perIp.max, perIpWindow: perIp.window, prefixMax: prefix.max, prefixWindow: prefix.window, mailMax: mail.max, mailWindow: mail.window });
}

/** The settings safe to print: the secret and any password in a URL are masked. */
function maskSecrets(config: Config, maskProviderSecrets: (copy: Record<string, unknown>) => void): Record<string, unknown> {
  const copy = structuredClone(config) as Record<string, unknown> & { mail: { smtpUrl?: string } };
  if (config.secret) copy.secret = "*** (set)";
  if (config.previousSecrets.length) copy.previousSecrets = config.previousSecrets.map(() => "*** (set)");
  if (config.jwt.secret) (copy.jwt as { secret?: string }).secret = "*** (set)";
  copy.db = maskUrlPassword(config.db);
  if (config.mail.smtpUrl) copy.mail.smtpUrl = maskUrlPassword(config.mail.smtpUrl);
  if (config.redisUrl) copy.redisUrl = maskUrlPassword(config.redisUrl);
  if (config.captcha?.secretKey) (copy.captcha as { secretKey: string }).secretKey = "*** (set)";
  if (config.passwordBreach?.rangeUrl) (copy.passwordBreach as { rangeUrl: string }).rangeUrl = maskUrlPassword(config.passwordBreach.rangeUrl);
  maskProviderSecrets(copy); // socialProviders.*.clientSecret, genericOAuth[].clientSecret
  return copy;
}

function maskUrlPassword(value: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(unparsable URL)";
  }
}
