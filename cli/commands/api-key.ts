/**
 * `auth api-keys create|list|revoke`: keys for scripts and cron jobs. The key is printed once, at
 * creation; the server keeps only its hash. `auth api-keys list --user ID` and `revoke --admin`
 * are the administrator's view of another user's keys.
 */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { parseDuration, parsePositiveInt } from "../duration.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, warn } from "../output.js";
import { fill, messages, say, text as words } from "../i18n/index.js";
import { confirm } from "../prompt.js";
import { resolveUser } from "../resolve.js";

const COLUMNS = ["id", "name", "start", "permissions", "expiresAt", "remaining", "lastRequest", "enabled"];

/** `user:ban,list` → ["user", ["ban", "list"]]; repeated options merge. */
export function parsePermission(text: string, into: Record<string, string[]> = {}): Record<string, string[]> {
  const match = /^([\w-]+):([\w-]+(?:,[\w-]+)*)$/.exec(text.trim());
  if (!match) throw new CliError(fill(messages().failures.permissionFormat, { text }), EXIT.USAGE, "INVALID_PERMISSION");
  const [, resource, actions] = match as unknown as [string, string, string];
  into[resource] = [...new Set([...(into[resource] ?? []), ...actions.split(",")])];
  return into;
}

export function registerApiKeyCommands(program: Command): void {
  const keys = program.command("api-keys").description("API keys for scripts and cron jobs (shown once at creation)");

  example(
    keys
      .command("create")
      .description("create a key for yourself; it is printed once")
      .option("--name <name>", "a name to recognise it by")
      .option("--expires-in <duration>", "e.g. 30d or 1w (at least 1d; default: never)")
      .option("--permission <resource:actions>", "limit the key, e.g. user:ban,list (repeatable; default: your own rights)", (value: string, previous: Record<string, string[]> | undefined) => parsePermission(value, previous ?? {}))
      .option("--remaining <n>", "stop working after this many requests")
      .option("--prefix <prefix>", "text before the key, e.g. cron_"),
    "auth api-keys create --name nightly-bans --permission user:ban,list --expires-in 90d",
  ).action(
    handler<{ name?: string; expiresIn?: string; permission?: Record<string, string[]>; remaining?: string; prefix?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const created = await client.apiKeyCreate({
        name: flags.name,
        expiresIn: flags.expiresIn ? parseDuration(flags.expiresIn, "--expires-in") : undefined,
        permissions: flags.permission,
        remaining: flags.remaining ? parsePositiveInt(flags.remaining, "--remaining") : undefined,
        prefix: flags.prefix,
      });
      await emit(flags, created, () => {
        info(created.key);
        warn(created.name ? words("changes", "apiKeyCreatedNamed", { id: created.id, name: created.name }) : words("changes", "apiKeyCreated", { id: created.id }));
      });
    }),
  );

  example(
    keys
      .command("list")
      .description("your keys, or with --user another user's (administrators)")
      .option("--user <user>", "id or email of the user whose keys to list"),
    "auth api-keys list",
    "auth api-keys list --user ada@example.com --json",
  ).action(
    handler<{ user?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const answer = flags.user
        ? await client.adminListUserApiKeys({ userId: (await resolveUser(client, flags.user)).id })
        : await client.apiKeyList({});
      await emitList(flags, { document: answer, items: answer.apiKeys, columns: COLUMNS, empty: words("lists", "noApiKeys") });
    }),
  );

  example(
    keys
      .command("revoke")
      .argument("<id>", "key id from `auth api-keys list`")
      .description("delete a key at once; scripts using it stop working")
      .option("--admin", "revoke another user's key (needs session:revoke)"),
    "auth api-keys revoke 3kX9… --yes",
  ).action(
    handler<{ admin?: boolean }>(async (flags, id: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "revokeApiKey", { id }));
      const answer = flags.admin ? await client.adminRevokeUserApiKey({ keyId: id }) : await client.apiKeyDelete({ keyId: id });
      await emit(flags, { ...answer, id }, () => info(say("done", "apiKeyRevoked")));
    }),
  );
}
