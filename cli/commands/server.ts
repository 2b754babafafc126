/** `auth server …`: run, migrate and bootstrap a local server. Heavy modules load only when run. */
import type { Command } from "commander";
import type { ConfigInput } from "../../server/config.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, wantsJson } from "../output.js";
import { promptNewPassword, readSecretFromStdin } from "../prompt.js";
import { example, helpAfter } from "../context.js";
import { say, text } from "../i18n/index.js";
import { registerCheckConfig } from "./server-check-config.js";
import { registerRotateSecret } from "./server-rotate-secret.js";
import { registerSettings } from "./server-settings.js";
import { registerRestore } from "./server-restore.js";
import { registerCopy } from "./server-copy.js";
import { registerImportBetterAuth } from "./server-import-better-auth.js";
import { registerSeed } from "./server-seed.js";
import { registerSnapshot } from "./server-snapshot.js";
import { PREFER_ENV, secretFlagWarnings } from "../secret-flags.js";

export interface StartFlags {
  port?: string;
  host?: string;
  db?: string;
  baseUrl?: string;
  secret?: string;
  rateLimit?: boolean;
  config?: string;
  trustedOrigins?: string;
  smtpUrl?: string;
  redisUrl?: string;
  clockOffset?: string;
  dev?: boolean;
}

export function registerServerCommands(program: Command): void {
  const server = example(
    program.command("server").description("run and look after a local Latchkey server"),
    "auth server start --port 3000 --db ./data/latchkey.db",
    "auth server backup --db ./data/latchkey.db --out ./latchkey-backup.db",
  );

  server
    .command("start")
    .description("start the auth server (API at /api/auth), migrating the database first")
    .option("--port <port>", "port to listen on (AUTH_PORT; default: 3000)")
    .option("--host <host>", "interface to bind (AUTH_HOST; default: 127.0.0.1)")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; ${PREFER_ENV.db})`)
    .option("--base-url <url>", "public URL of the server (AUTH_BASE_URL; default: http://HOST:PORT)")
    .option("--secret <secret>", `server secret, ≥ 32 characters (AUTH_SECRET; ${PREFER_ENV.secret})`)
    .option("--trusted-origins <list>", "comma-separated extra origins allowed to call the API (AUTH_TRUSTED_ORIGINS)")
    .option("--smtp-url <url>", `send mail through this SMTP server instead of the outbox (AUTH_SMTP_URL; ${PREFER_ENV.smtpUrl})`)
    .option("--no-rate-limit", "turn rate limiting off (benchmarks, local QA)")
    .option("--redis-url <url>", `keep rate-limit counters in Redis, shared by every server, and on PostgreSQL relay session change notices through it (AUTH_REDIS_URL; ${PREFER_ENV.redisUrl})`)
    .option("--config <file>", "JSON settings file (AUTH_CONFIG)")
    .option("--clock-offset <duration>", "run the server's clock ahead of real time (8d) or behind it (-3h), for QA: bans, sessions, invitations and codes follow it; refused with NODE_ENV=production")
    .option("--dev", "development server: administrators may move its clock while it runs (auth dev clock advance); refused with NODE_ENV=production")
    .addHelpText("after", helpAfter(null, "auth server start --port 3000 --db ./data/latchkey.db", "AUTH_SECRET=$(openssl rand -base64 32) NODE_ENV=production auth server start --base-url https://auth.example.com"))
    .action(async (_flags: StartFlags, command: Command) => {
      const flags = command.optsWithGlobals() as StartFlags & { json?: boolean; jsonl?: boolean };
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig(startFlagsToConfig(flags), flags.config);
      // Issue 39: a moved clock is for QA and demos, never where real accounts live.
      const { parseSignedDuration } = await import("../duration.js");
      const clockOffsetMs = flags.clockOffset === undefined ? 0 : parseSignedDuration(flags.clockOffset, "--clock-offset");
      if ((clockOffsetMs !== 0 || flags.dev) && config.production) throw new CliError(text("qa", "shiftedInProduction"), EXIT.USAGE, "SHIFTED_CLOCK_IN_PRODUCTION");
      // Another program's database is refused before the server's modules load (startServer checks too).
      const { refuseForeignDatabase } = await import("../../server/db/foreign-schema.js");
      const { DatabaseUnreachableError, displayTarget } = await import("../../server/db/target.js");
      await refuseForeignDatabase(config.db, displayTarget(config.db), config.database.connectTimeoutMs);
      // The Demo data section keeps a PostgreSQL database's snapshots beside it, as `auth server snapshot --config` does.
      const configFile = flags.config ?? process.env.AUTH_CONFIG;
      const { startServer } = await import("../../server/main.js");
      const { MissingSecretError } = await import("../../server/secret.js");
      const { SecretMismatchError } = await import("../../server/key-check.js");
      try {
        const running = await startServer(config, { handleSignals: true, warnings: secretFlagWarnings(flags), clockOffsetMs, dev: Boolean(flags.dev), ...(configFile ? { configFile } : {}) });
        // Through the server's log, so it is one more pretty line on a terminal and one more JSON
        // record for a log collector, never a human line in the middle of JSON.
        const consoleURL = `${running.url}/console/`;
        const started = `Latchkey listening on ${running.listening}${running.url !== running.listening ? ` (public URL ${running.url})` : ""} — API at ${running.url}${config.basePath}, console at ${consoleURL}, manual at ${running.url}/docs/, database ${displayTarget(config.db)}, mail ${config.mail.smtpUrl ? "via SMTP" : "to the outbox (auth mail list)"}${config.rateLimit.enabled ? "" : ", rate limiting OFF"}`;
        // A log level above info would drop it: then it is the one plain line on stderr.
        if (!["info", "debug"].includes(config.logLevel)) process.stderr.write(`${started}\n`);
        else running.app.context.log.info({ url: running.url, console: consoleURL }, started);
      } catch (error) {
        if (error instanceof MissingSecretError) throw new CliError(error.message, EXIT.USAGE);
        if (error instanceof SecretMismatchError) {
          // Name where the secret was read: after a rotation the development file may hold the old one.
          const { secretSource } = await import("../secret-source.js");
          throw new CliError(`${error.message} ${text("backup", "secretReadFrom", { source: secretSource(config, flags) })}`, EXIT.SECRET_MISMATCH, "SECRET_MISMATCH");
        }
        if (error instanceof DatabaseUnreachableError) throw new CliError(error.message, EXIT.NETWORK);
        if ((error as { code?: string }).code === "EADDRINUSE") throw new CliError(text("backup", "portInUse", { port: config.port }), EXIT.FAILURE);
        throw error;
      }
    });

  registerCheckConfig(server, startFlagsToConfig);
  registerRotateSecret(server);
  registerSettings(server);

  server
    .command("migrate")
    .description("apply pending database migrations")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .addHelpText("after", helpAfter(null, "auth server migrate --db ./data/latchkey.db"))
    .action(async (_flags: { db?: string; json?: boolean }, command: Command) => {
      const flags = command.optsWithGlobals() as { db?: string; json?: boolean } & { json?: boolean; jsonl?: boolean };
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig({ db: flags.db });
      const { openDatabase } = await import("../../server/db/database.js");
      const { migrateToLatest } = await import("../../server/db/migrate.js");
      const { displayTarget } = await import("../../server/db/target.js");
      const { findSecret } = await import("../../server/secret.js");
      const { peekKeyCheck } = await import("../../server/key-check.js");
      const { refuseForeignDatabase } = await import("../../server/db/foreign-schema.js");
      const shown = displayTarget(config.db);
      await refuseForeignDatabase(config.db, shown);
      const database = await openDatabase(config.db);
      try {
        // With a secret configured, a database sealed with another one is left as it is.
        const secret = findSecret(config);
        if (secret && (await peekKeyCheck(database.db, secret, config.previousSecrets)) === "mismatch") throw await secretMismatchCliError();
        const outcome = await migrateToLatest(database.db);
        if (wantsJson(flags)) printJson({ db: shown, applied: outcome.applied, total: outcome.total });
        else info(outcome.applied.length ? text("changes", "migrationsApplied", { migrations: outcome.applied.join(", "), db: shown }) : text("changes", "upToDate", { db: shown, total: outcome.total }));
      } finally {
        await database.close();
      }
    });

  server
    .command("create-admin")
    .description("create an administrator, or make an existing user one (works on the database directly)")
    .requiredOption("--email <email>", "the administrator's email")
    .option("--name <name>", "display name for a new user")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; ${PREFER_ENV.db})`)
    .option("--password-stdin", "read the new user's password from standard input")
    .addHelpText("after", helpAfter("With neither --password-stdin nor a terminal to prompt on, a strong password is generated and printed once.", "printf %s \"$ADMIN_PASSWORD\" | auth server create-admin --db ./data/latchkey.db --email ops@example.com --password-stdin"))
    .action(async (_flags: { email: string; name?: string; db?: string; passwordStdin?: boolean; json?: boolean }, command: Command) => {
      const flags = command.optsWithGlobals() as { email: string; name?: string; db?: string; passwordStdin?: boolean; json?: boolean } & { json?: boolean; jsonl?: boolean };
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig({ db: flags.db });
      const { withOfflineContext } = await import("../../server/maintenance/offline-context.js");
      const { createAdmin } = await import("../../server/maintenance/create-admin.js");
      const { toUser } = await import("../../server/core/user/wire.js");
      const { findUserByEmail } = await import("../../server/core/user/store.js");
      const { normalizeEmail } = await import("../../server/core/user/rules.js");
      const result = await withOfflineContext(config, async (app) => {
        // An existing user is only promoted and keeps their password: ask for none (#25).
        const exists = (await findUserByEmail(app.db, normalizeEmail(flags.email))) !== undefined;
        let password: string | undefined;
        if (flags.passwordStdin) password = await readSecretFromStdin();
        else if (!exists && process.stdin.isTTY) password = await promptNewPassword(text("backup", "adminPassword"), { allowEmpty: true });
        return createAdmin(app, { email: flags.email, name: flags.name, password });
      });
      const user = toUser(result.user);
      if (wantsJson(flags)) {
        printJson({ created: result.created, user, ...(result.generatedPassword ? { password: result.generatedPassword } : {}) });
        return;
      }
      info(result.created ? text("backup", "createdAdmin", { email: user.email, id: user.id }) : say("done", "adminPromoted", { email: user.email, role: user.role }));
      if (result.generatedPassword) info(text("backup", "generatedPassword", { password: result.generatedPassword }));
    });

  server
    .command("backup")
    .description("copy the SQLite database with SQLite's online backup API (consistent while the server runs)")
    .option("--db <file>", "SQLite database file to copy (AUTH_DB)")
    .requiredOption("--out <file>", "where to write the copy (mode 0600: it holds password hashes)")
    .option("--with-secret", "also write the server secret to <out>.secret (mode 0600): a restore needs it")
    .option("--config <file>", "JSON settings file (AUTH_CONFIG): its secret, for --with-secret")
    .addHelpText("after", helpAfter("An existing --out file is replaced only after confirmation (or --yes). Restoring needs the server secret the database was sealed with: keep it with (--with-secret) or apart from the backup.", "auth server backup --db ./data/latchkey.db --out ./backups/latchkey-$(date +%F).db --with-secret"))
    .action(async (_flags: { db?: string; out: string }, command: Command) => {
      const flags = command.optsWithGlobals() as { db?: string; out: string; withSecret?: boolean; config?: string; json?: boolean; jsonl?: boolean; yes?: boolean; input?: boolean };
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig(flags.db ? { db: flags.db } : {}, flags.config);
      const { isPostgresUrl } = await import("../../server/db/target.js");
      // The online backup API is SQLite's; PostgreSQL has its own tools, which also see every
      // instance's writes consistently.
      if (isPostgresUrl(config.db)) throw new CliError(text("backup", "backupNeedsSqlite"), EXIT.USAGE);
      const { backupDatabase, writeSecretBeside } = await import("../backup.js");
      let secret: string | null = null;
      if (flags.withSecret) {
        const { findSecret } = await import("../../server/secret.js");
        secret = findSecret(config);
        if (!secret) throw new CliError(text("backup", "noSecretForWith"), EXIT.USAGE, "SECRET_REQUIRED");
      }
      const result = await backupDatabase(config.db, flags.out, flags);
      if (secret) result.secretFile = writeSecretBeside(result.out, secret, config.previousSecrets);
      if (wantsJson(flags)) printJson(result);
      else {
        info(text("backup", "backedUp", { db: result.db, out: result.out, pages: result.pages, bytes: result.bytes, ms: result.durationMs }));
        info(result.secretFile ? say("done", "backupSecretWritten", { file: result.secretFile }) : say("done", "backupSecretNeeded"));
      }
    });

  registerRestore(server);
  registerCopy(server);
  registerImportBetterAuth(server);
  registerSeed(server);
  registerSnapshot(server);
}

export async function secretMismatchCliError(): Promise<CliError> {
  const { SECRET_MISMATCH_SENTENCE } = await import("../../server/key-check.js");
  return new CliError(SECRET_MISMATCH_SENTENCE, EXIT.SECRET_MISMATCH, "SECRET_MISMATCH");
}

function startFlagsToConfig(flags: StartFlags): ConfigInput {
  const config: Record<string, unknown> = {};
  if (flags.port) {
    const port = Number(flags.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError(text("backup", "badPort", { value: String(flags.port) }), EXIT.USAGE);
    config.port = port;
  }
  if (flags.host) config.host = flags.host;
  if (flags.db) config.db = flags.db;
  if (flags.baseUrl) config.baseURL = flags.baseUrl;
  if (flags.secret) config.secret = flags.secret;
  if (flags.trustedOrigins) config.trustedOrigins = flags.trustedOrigins.split(",").map((s) => s.trim()).filter(Boolean);
  if (flags.smtpUrl) config.mail = { smtpUrl: flags.smtpUrl };
  if (flags.rateLimit === false) config.rateLimit = { enabled: false };
  if (flags.redisUrl) config.redisUrl = flags.redisUrl;
  return config as ConfigInput;
}
