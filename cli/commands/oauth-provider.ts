/**
 * `auth apps create|list|rotate-secret|disable|delete`: the apps that sign people in through
 * Latchkey's OpenID provider (server/features/oauth-provider). A confidential app's secret is
 * printed once, at creation and at rotation; the server keeps only its digest.
 */
import type { Command } from "commander";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { emit, emitList, info, warn } from "../output.js";
import { say, text } from "../i18n/index.js";
import { confirm } from "../prompt.js";

const COLUMNS = ["client_id", "client_name", "token_endpoint_auth_method", "redirect_uris", "scope", "disabled"];

export function registerOAuthProviderCommands(program: Command): void {
  const apps = program.command("apps").description("apps that sign people in through Latchkey (OpenID Connect clients)");

  example(
    apps
      .command("create")
      .description("register an app; a confidential app's secret is printed once")
      .requiredOption("--name <name>", "the name people see on the consent page")
      .option("--redirect-uri <uri>", "where the app receives the code (repeatable)", (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
      .option("--post-logout-redirect-uri <uri>", "where end-session may send people back (repeatable)", (value: string, previous: string[] | undefined) => [...(previous ?? []), value])
      .option("--public", "a public app (no secret; PKCE required): single-page and native apps")
      .option("--scope <scopes>", 'space-separated scopes it may ask for (default "openid profile email offline_access")')
      .option("--skip-consent", "a first-party app: no consent page")
      .option("--logo-uri <uri>", "logo shown on the consent page")
      .option("--backchannel-logout-uri <uri>", "where the app is told of sign-outs"),
    "auth apps create --name Grafana --redirect-uri https://grafana.example.com/login/generic_oauth --json",
  ).action(
    handler<{ name: string; redirectUri?: string[]; postLogoutRedirectUri?: string[]; public?: boolean; scope?: string; skipConsent?: boolean; logoUri?: string; backchannelLogoutUri?: string }>(async (flags) => {
      const { client } = await connect(flags);
      const created = await client.adminOAuthCreateClient({
        client_name: flags.name,
        ...(flags.redirectUri ? { redirect_uris: flags.redirectUri } : {}),
        ...(flags.postLogoutRedirectUri ? { post_logout_redirect_uris: flags.postLogoutRedirectUri } : {}),
        token_endpoint_auth_method: flags.public ? "none" : "client_secret_basic",
        ...(flags.scope ? { scope: flags.scope } : {}),
        ...(flags.skipConsent ? { skip_consent: true } : {}),
        ...(flags.logoUri ? { logo_uri: flags.logoUri } : {}),
        ...(flags.backchannelLogoutUri ? { backchannel_logout_uri: flags.backchannelLogoutUri } : {}),
      });
      await emit(flags, created, () => {
        info(created.client_id);
        if (created.client_secret) {
          info(created.client_secret);
          warn(say("done", "appSecretOnce", { id: created.client_id, name: flags.name }));
        }
      });
    }),
  );

  example(apps.command("list").description("every registered app"), "auth apps list", "auth apps list --json").action(
    handler(async (flags) => {
      const { client } = await connect(flags);
      const answer = await client.adminOAuthListClients({});
      await emitList(flags, { document: answer, items: answer.clients, columns: COLUMNS, empty: text("lists", "noApps") });
    }),
  );

  example(apps.command("rotate-secret").argument("<client-id>", "from `auth apps list`").description("a new secret, printed once; the old one stops working at once"), "auth apps rotate-secret 3kX9… --json").action(
    handler(async (flags, clientId: string) => {
      const { client } = await connect(flags);
      const rotated = await client.adminOAuthRotateSecret({ client_id: clientId });
      await emit(flags, rotated, () => {
        info(rotated.client_secret);
        warn(say("done", "appSecretOnce", { id: rotated.client_id, name: rotated.client_name ?? "" }));
      });
    }),
  );

  example(apps.command("disable").argument("<client-id>", "from `auth apps list`").description("refuse the app's sign-ins and tokens until enabled again"), "auth apps disable 3kX9… --yes").action(
    handler(async (flags, clientId: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "disableApp", { name: clientId }));
      const answer = await client.adminOAuthSetClientDisabled({ client_id: clientId, disabled: true });
      await emit(flags, answer, () => info(say("done", "appDisabled")));
    }),
  );

  example(apps.command("delete").argument("<client-id>", "from `auth apps list`").description("delete the app with its grants and tokens"), "auth apps delete 3kX9… --yes").action(
    handler(async (flags, clientId: string) => {
      const { client } = await connect(flags);
      await confirm(flags, say("confirm", "deleteApp", { name: clientId }));
      const answer = await client.adminOAuthDeleteClient({ client_id: clientId });
      await emit(flags, { ...answer, client_id: clientId }, () => info(say("done", "appDeleted")));
    }),
  );
}
