/** `auth mail list`: the outbox, for machines without SMTP (demos, QA). */
import type { Command } from "commander";
import { info, printJson, printJsonLine, printTable, wantsJson } from "../output.js";
import { say, text } from "../i18n/index.js";
import { CliError, EXIT } from "../exit-codes.js";
import { example, helpAfter } from "../context.js";
import { PREFER_ENV } from "../secret-flags.js";

export function registerOutboxCommands(program: Command): void {
  const mail = example(program.command("mail").description("read mail the server kept in its outbox (no SMTP configured)"), "auth mail list --to ada@example.com");
  mail
    .command("list")
    .description("list outbox mail, newest first")
    .option("--db <file>", `SQLite database file or postgres:// URL (AUTH_DB; default: ./data/latchkey.db; ${PREFER_ENV.db})`)
    .option("--to <email>", "only mail to this address")
    .option("--kind <kind>", "only this kind: verify-email, reset-password, change-email, delete-account, invitation, otp, magic-link, email-otp")
    .option("--limit <n>", "at most this many", "50")
    .addHelpText("after", helpAfter(null, "auth mail list --db ./data/latchkey.db --to ada@example.com --json | jq -r '.[0].url'", "AUTH_DB=postgres://latchkey:PASSWORD@db.internal:5432/latchkey auth mail list --jsonl"))
    .action(async (_flags: { db?: string; to?: string; kind?: string; limit: string; json?: boolean }, command: Command) => {
      const flags = command.optsWithGlobals() as { db?: string; to?: string; kind?: string; limit: string; json?: boolean } & { json?: boolean; jsonl?: boolean };
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError(text("checks", "limitPositive", { text: flags.limit }), EXIT.USAGE);
      const { buildConfig } = await import("../server-config.js");
      const config = buildConfig({ db: flags.db });
      const { existsSync } = await import("node:fs");
      const { isPostgresUrl, openDatabase } = await import("../../server/db/database.js");
      if (config.db !== ":memory:" && !isPostgresUrl(config.db) && !existsSync(config.db)) throw new CliError(text("backup", "noDatabase", { path: config.db }), EXIT.NOT_FOUND);
      const { migrateToLatest } = await import("../../server/db/migrate.js");
      const { listOutbox } = await import("../../server/mail/outbox.js");
      const { findSecret, secretFileFor } = await import("../../server/secret.js");
      const database = await openDatabase(config.db);
      try {
        await migrateToLatest(database.db);
        // The mails are sealed under the server secret: the one the server uses (AUTH_SECRET, the
        // config file, or in development the file kept beside the database). Never a new one.
        const secret = findSecret(config);
        // During a rotation, mail sealed under a previous secret (AUTH_PREVIOUS_SECRETS) opens too.
        if (secret) (await import("../../server/crypto/encrypt.js")).rememberPreviousSecrets(secret, config.previousSecrets);
        const mails = secret ? await listOutbox(database.db, secret, { to: flags.to, kind: flags.kind, limit, now: Date.now() }) : [];
        if (!secret && (await database.db.selectFrom("outbox").select("id").limit(1).execute()).length > 0) {
          throw new CliError(text("checks", "outboxSealed", { file: secretFileFor(config.db) }), EXIT.USAGE);
        }
        const unopened = mails.filter((mail) => !mail.opened).length;
        if (unopened > 0) process.stderr.write(`${text("checks", "outboxUnopened", { count: unopened })}\n`);
        const rows = mails.map(({ text: _text, html: _html, opened: _opened, ...rest }) => rest);
        if (flags.jsonl) for (const row of rows) printJsonLine(row);
        else if (wantsJson(flags)) printJson(rows);
        else if (rows.length === 0) info(say("done", "outboxEmpty"));
        else await printTable(rows, ["createdAt", "kind", "to", "subject", "url"], { ...flags, importance: ["to", "subject", "kind", "createdAt", "url"] });
      } finally {
        await database.close();
      }
    });
}
