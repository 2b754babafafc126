/**
 * `auth webhooks create|list|update|disable|delete|rotate-secret|deliveries|redeliver|test`:
 * endpoints that receive audit events, signed (server/features/webhook, docs/webhooks.md). The
 * signing secret is printed once, at creation and at rotation. After `create` and `update`, `--url`
 * is the endpoint's address (cli/endpoint-url-flag.ts renames it to `--endpoint-url`, kept as an
 * alias); the server's comes from AUTH_URL, the profile, or `auth --url S webhooks …`.
 */
import { Option, type Command } from "commander";
import { connect } from "../connection.js";
import { example, handler, type Flags } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, warn } from "../output.js";
import { fill, messages, say, text } from "../i18n/index.js";
import { confirm } from "../prompt.js";

const COLUMNS = ["id", "url", "events", "disabled", "failing"];
const TRY_COLUMNS = ["at", "delivery", "event", "status", "httpStatus", "durationMs", "error"];

/**
 * The endpoint's address options: `--url` is the one shown; it never reaches commander under that
 * name (endpointUrlFlag renames it), so its value arrives as `endpointUrl`, like the alias's.
 */
function endpointUrlOptions(command: Command): Command {
  return command
    .addOption(new Option("--url <url>", "where events are posted"))
    .addOption(new Option("--endpoint-url <url>", "where events are posted").hideHelp());
}

const listOf = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export function registerWebhookCommands(program: Command): void {
  const webhooks = program.command("webhooks").description("endpoints that receive audit events, signed (Standard Webhooks)");

  example(
    endpointUrlOptions(webhooks.command("create").description("register an endpoint; its signing secret is printed once"))
      .requiredOption("--events <list>", "comma-separated audit actions, prefixes such as user.*, or *")
      .option("--description <text>", "a note for administrators"),
    "auth webhooks create --url https://hooks.example.com/latchkey --events user.sign-up,user.ban --json",
  ).action(
    handler<Flags & { endpointUrl?: string; events: string; description?: string }>(async (flags) => {
      if (flags.endpointUrl === undefined) throw new CliError(fill(messages().usage.requiredOption, { option: "--url <url>" }), EXIT.USAGE, "INVALID_OPTION");
      const { client } = await connect(flags);
      const created = await client.adminCreateWebhook({ url: flags.endpointUrl, events: listOf(flags.events), ...(flags.description !== undefined ? { description: flags.description } : {}) });
      await emit(flags, { id: created.endpoint.id, secret: created.secret, endpoint: created.endpoint }, () => {
        info(created.endpoint.id);
        info(created.secret);
        warn(say("done", "webhookSecretOnce", { id: created.endpoint.id }));
      });
    }),
  );

  example(webhooks.command("list").description("every endpoint, without secrets"), "auth webhooks list --json").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const answer = await client.adminListWebhooks({});
      const items = answer.endpoints.map((endpoint) => ({ ...endpoint, events: endpoint.events.join(",") }));
      await emitList(flags, { document: answer, items, columns: COLUMNS, empty: text("lists", "noWebhooks") });
    }),
  );

  example(
    endpointUrlOptions(webhooks.command("update").argument("<id>", "from `auth webhooks list`").description("change an endpoint; only the options given change"))
      .option("--events <list>", "comma-separated audit actions, prefixes such as user.*, or *")
      .option("--description <text>", "a note for administrators")
      .option("--enable", "send to it again (clears the failing flag)"),
    "auth webhooks update ep_… --events 'user.*'",
    "auth webhooks update ep_… --url https://hooks.example.com/v2",
  ).action(
    handler<Flags & { endpointUrl?: string; events?: string; description?: string; enable?: boolean }>(async (flags, id: string) => {
      const changes = {
        ...(flags.endpointUrl !== undefined ? { url: flags.endpointUrl } : {}),
        ...(flags.events !== undefined ? { events: listOf(flags.events) } : {}),
        ...(flags.description !== undefined ? { description: flags.description } : {}),
        ...(flags.enable ? { disabled: false } : {}),
      };
      if (Object.keys(changes).length === 0) throw new CliError(messages().failures.nothingToChangeWebhook, EXIT.USAGE, "INVALID_OPTION");
      const { client } = await connect(flags);
      const answer = await client.adminUpdateWebhook({ id, ...changes });
      await emit(flags, answer, () => info(say("done", "webhookUpdated")));
    }),
  );

  example(webhooks.command("disable").argument("<id>", "from `auth webhooks list`").description("stop sending to an endpoint; its deliveries wait until enabled again"), "auth webhooks disable ep_…").action(
    handler(async (flags, id: string) => {
      const { client } = await connect(flags);
      const answer = await client.adminUpdateWebhook({ id, disabled: true });
      await emit(flags, answer, () => info(say("done", "webhookDisabled")));
    }),
  );

  example(webhooks.command("delete").argument("<id>", "from `auth webhooks list`").description("delete an endpoint with its delivery log"), "auth webhooks delete ep_… --yes").action(
    handler(async (flags, id: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "deleteWebhook", { id }));
      const answer = await client.adminDeleteWebhook({ id });
      await emit(flags, { ...answer, id }, () => info(say("done", "webhookDeleted")));
    }),
  );

  example(
    webhooks.command("rotate-secret").argument("<id>", "from `auth webhooks list`").description("a new signing secret, printed once; the old one also signs for 24 hours"),
    "auth webhooks rotate-secret ep_… --json",
  ).action(
    handler(async (flags, id: string) => {
      const { client } = await connect(flags);
      const rotated = await client.adminRotateWebhookSecret({ id });
      await emit(flags, { id, secret: rotated.secret, previousSecretUntil: rotated.endpoint.previousSecretUntil, endpoint: rotated.endpoint }, () => {
        info(rotated.secret);
        warn(say("done", "webhookSecretOnce", { id }));
      });
    }),
  );

  example(
    webhooks
      .command("deliveries")
      .argument("<id>", "from `auth webhooks list`")
      .description("an endpoint's deliveries, newest first, one line per try: time, HTTP status, duration, error")
      .option("--status <status>", "only pending, delivered or failed ones")
      .option("--event <action>", "only this audit action, or a prefix such as user.*")
      .option("--limit <n>", "at most this many deliveries", "50"),
    "auth webhooks deliveries ep_… --status failed",
  ).action(
    handler<Flags & { status?: "pending" | "delivered" | "failed"; event?: string; limit: string }>(async (flags, id: string) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new CliError(text("checks", "limitPositive", { text: flags.limit }), EXIT.USAGE);
      const { client } = await connect(flags);
      const answer = await client.adminListWebhookDeliveries({ endpointId: id, limit, ...(flags.status ? { status: flags.status } : {}), ...(flags.event ? { eventType: flags.event } : {}) });
      // A delivery not tried yet still gets a line, so a queued one is seen.
      const items = answer.deliveries.flatMap((delivery) =>
        (delivery.tries.length ? delivery.tries : [null]).map((attempt) => ({
          at: attempt?.at ?? delivery.createdAt,
          delivery: delivery.id,
          event: delivery.eventType,
          status: delivery.status,
          httpStatus: attempt?.httpStatus ?? null,
          durationMs: attempt?.durationMs ?? null,
          error: attempt?.error ?? null,
        })),
      );
      await emitList(flags, { document: answer, items, columns: TRY_COLUMNS, empty: text("lists", "noDeliveries") });
    }),
  );

  example(webhooks.command("redeliver").argument("<delivery-id>", "from `auth webhooks deliveries`").description("send a delivery again now, with the same webhook-id"), "auth webhooks redeliver msg_…").action(
    handler(async (flags, deliveryId: string) => {
      const { client } = await connect(flags);
      const answer = await client.adminRedeliverWebhook({ deliveryId });
      await emit(flags, answer, () => info(say("done", "webhookRedelivered", { id: deliveryId })));
    }),
  );

  example(webhooks.command("test").argument("<id>", "from `auth webhooks list`").description("send a webhook.test event to an endpoint"), "auth webhooks test ep_…").action(
    handler(async (flags, id: string) => {
      const { client } = await connect(flags);
      const answer = await client.adminTestWebhook({ id });
      await emit(flags, answer, () => info(say("done", "webhookTestQueued", { id: answer.delivery.id })));
    }),
  );
}
