/**
 * `auth apps create|update|list|rotate-secret|disable|delete`: the apps that sign people in through
 * Latchkey's OpenID provider (server/features/oauth-provider). A confidential app's secret is
 * printed once, at creation and at rotation; the server keeps only its digest.
 */
import { InvalidArgumentError, Option, type Command } from "commander";
import { OAUTH_APPLICATION_TYPES, OAUTH_GRANT_TYPES, OAUTH_TOKEN_AUTH_METHODS } from "../../shared/oauth-client-kinds.js";
import { connect } from "../connection.js";
import { example, handler, helpAfter, type Flags } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { emit, emitList, info, warn } from "../output.js";
import { fill, messages, say, text } from "../i18n/index.js";
import { confirm } from "../prompt.js";

const COLUMNS = ["client_id", "client_name", "token_endpoint_auth_method", "grant_types", "redirect_uris", "scope", "disabled"];

/** A repeatable option's values, in the order given. */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** The options create and update share: what the provider checks at the token and authorize endpoints. */
interface AppFlags extends Flags {
  redirectUri?: string[];
  postLogoutRedirectUri?: string[];
  scope?: string;
  skipConsent?: boolean;
  logoUri?: string;
  backchannelLogoutUri?: string;
  grantType?: Array<(typeof OAUTH_GRANT_TYPES)[number]>;
  requirePkce?: boolean;
  tokenAuthMethod?: (typeof OAUTH_TOKEN_AUTH_METHODS)[number];
  applicationType?: (typeof OAUTH_APPLICATION_TYPES)[number];
  /** `NAME=user.FIELD` / `NAME=literal:TEXT`, repeatable; false (`--no-claim`, update): none. */
  claim?: string[] | false;
  allowOrganization?: string[];
  allowTeam?: string[];
  allowRole?: string[];
  /** update: every --allow-* rule removed (the app open to anyone who signs in). */
  allowAnyone?: boolean;
}

/**
 * --claim NAME=SOURCE as the API's `custom_claims` object. The server checks names and sources
 * (server/features/oauth-provider/custom-claims.ts); "NAME" alone goes as an empty source, which
 * it refuses naming the claim.
 */
function claimsOf(values: string[]): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf("=");
    if (at < 0) claims[value] = "";
    else claims[value.slice(0, at)] = value.slice(at + 1);
  }
  return claims;
}

/**
 * --grant-type, --require-pkce/--no-require-pkce, --token-auth-method and --application-type,
 * their values the server's own lists (shared/oauth-client-kinds.ts): a new grant type there is a
 * new choice here, and a typo answers with the values there are.
 */
function clientOptions(command: Command): Command {
  const grants: readonly string[] = OAUTH_GRANT_TYPES;
  // Repeatable with choices: commander's own choices() keeps only the last value, so the check is
  // here, worded as commander words it (cli/usage-errors.ts translates it and names the nearest).
  const grantType = new Option("--grant-type <type>", "a grant type the app may use (repeatable; default authorization_code and refresh_token)")
    .choices(OAUTH_GRANT_TYPES)
    .argParser((value: string, previous: string[] | undefined) => {
      if (!grants.includes(value)) throw new InvalidArgumentError(`Allowed choices are ${grants.join(", ")}.`);
      return [...(previous ?? []), value];
    });
  return command
    .addOption(grantType)
    .option("--require-pkce", "require PKCE from a confidential app too (a public app always sends it)")
    .option("--no-require-pkce", "a confidential app may leave PKCE out (the default)")
    .addOption(new Option("--token-auth-method <method>", "how a confidential app sends its secret to the token endpoint (default client_secret_basic); none is --public").choices(OAUTH_TOKEN_AUTH_METHODS))
    .addOption(new Option("--application-type <type>", "web (default) or native: only a native app's loopback redirect may use any port").choices(OAUTH_APPLICATION_TYPES))
    .option("--allow-organization <slug>", "only members of this organization may use the app (repeatable; any --allow-* rule suffices)", collect)
    .option("--allow-team <slug/team>", "only members of this team may use the app (repeatable)", collect)
    .option("--allow-role <role>", "only people with this global role may use the app (repeatable)", collect)
    .option("--claim <name=source>", "a claim of this app's own in its ID tokens and userinfo: NAME=user.FIELD or NAME=literal:TEXT (repeatable; registered claims such as sub or email are refused)", collect);
}

/**
 * The four addresses create and update share, declared once: the redirect URIs first, then what
 * `between` adds (each command's own options sit there in its --help), then the logo and the
 * back-channel logout URI — the order both commands' --help has always shown.
 */
function uriOptions(command: Command, between: (command: Command) => Command): Command {
  const redirects = command
    .option("--redirect-uri <uri>", "where the app receives the code (repeatable)", collect)
    .option("--post-logout-redirect-uri <uri>", "where end-session may send people back (repeatable)", collect);
  return between(redirects).option("--logo-uri <uri>", "logo shown on the consent page").option("--backchannel-logout-uri <uri>", "where the app is told of sign-outs");
}

/** Only what was given: on update, an option left out leaves the setting as it is. */
function clientUpdate(flags: AppFlags) {
  return {
    ...(flags.redirectUri ? { redirect_uris: flags.redirectUri } : {}),
    ...(flags.postLogoutRedirectUri ? { post_logout_redirect_uris: flags.postLogoutRedirectUri } : {}),
    ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
    ...(flags.skipConsent !== undefined ? { skip_consent: flags.skipConsent } : {}),
    ...(flags.logoUri !== undefined ? { logo_uri: flags.logoUri } : {}),
    ...(flags.backchannelLogoutUri !== undefined ? { backchannel_logout_uri: flags.backchannelLogoutUri } : {}),
    ...(flags.grantType ? { grant_types: flags.grantType } : {}),
    ...(flags.requirePkce !== undefined ? { require_pkce: flags.requirePkce } : {}),
    ...(flags.tokenAuthMethod !== undefined ? { token_endpoint_auth_method: flags.tokenAuthMethod } : {}),
    ...(flags.applicationType !== undefined ? { application_type: flags.applicationType } : {}),
    ...(flags.claim !== undefined ? { custom_claims: flags.claim === false ? {} : claimsOf(flags.claim) } : {}),
    ...(flags.allowAnyone ? { allowed_organizations: [], allowed_teams: [], allowed_roles: [] } : {}),
    ...(flags.allowOrganization ? { allowed_organizations: flags.allowOrganization } : {}),
    ...(flags.allowTeam ? { allowed_teams: flags.allowTeam } : {}),
    ...(flags.allowRole ? { allowed_roles: flags.allowRole } : {}),
  };
}

export function registerOAuthProviderCommands(program: Command): void {
  const apps = program.command("apps").description("apps that sign people in through Latchkey (OpenID Connect clients)");

  example(
    clientOptions(
      uriOptions(apps.command("create").description("register an app; a confidential app's secret is printed once").requiredOption("--name <name>", "the name people see on the consent page"), (command) =>
        command
          .option("--public", "a public app (no secret; PKCE required): single-page and native apps")
          .option("--scope <scopes>", 'space-separated scopes it may ask for (default "openid profile email offline_access")')
          .option("--skip-consent", "a first-party app: no consent page"),
      ),
    ),
    "auth apps create --name Grafana --redirect-uri https://grafana.example.com/login/generic_oauth --json",
    "auth apps create --name Nightly --grant-type client_credentials --scope reports:read --token-auth-method client_secret_post",
    "auth apps create --name Desktop --public --application-type native --redirect-uri http://127.0.0.1/callback",
    "auth apps create --name Immich --redirect-uri https://photos.example.com/auth/login --claim immich_role=user.role --claim immich_quota=literal:500",
    "auth apps create --name Grafana --redirect-uri https://grafana.example.com/login/generic_oauth --allow-organization acme --allow-role admin",
  ).action(
    handler<AppFlags & { name: string; public?: boolean }>(async (flags) => {
      if (flags.public && flags.tokenAuthMethod !== undefined && flags.tokenAuthMethod !== "none") {
        throw new CliError(fill(messages().failures.publicWithAuthMethod, { method: flags.tokenAuthMethod }), EXIT.USAGE, "INVALID_OPTION");
      }
      const { client } = await connect(flags);
      const created = await client.adminOAuthCreateClient({
        ...clientUpdate(flags),
        client_name: flags.name,
        token_endpoint_auth_method: flags.public ? "none" : (flags.tokenAuthMethod ?? "client_secret_basic"),
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

  example(
    clientOptions(
      uriOptions(
        apps.command("update").argument("<client-id>", "from `auth apps list`").description("change an app's settings; only the options given change").option("--name <name>", "the name people see on the consent page"),
        (command) => command.option("--scope <scopes>", "space-separated scopes it may ask for").option("--skip-consent", "a first-party app: no consent page").option("--no-skip-consent", "ask people for consent again"),
      ),
    )
      // After --claim (clientOptions): defined first, --no-claim would make the default true.
      .option("--no-claim", "remove every claim of this app's own")
      .option("--allow-anyone", "remove every --allow-* rule: anyone who signs in may use the app")
      .addHelpText(
        "after",
        helpAfter(
          "A repeatable option replaces the whole list. An app stays public or confidential as it was registered; --token-auth-method moves a confidential app between client_secret_basic and client_secret_post.",
        ),
      ),
    "auth apps update 3kX9… --token-auth-method client_secret_post",
    "auth apps update 3kX9… --require-pkce --redirect-uri https://grafana.example.com/login/generic_oauth",
  ).action(
    handler<AppFlags & { name?: string }>(async (flags, clientId: string) => {
      const update = { ...clientUpdate(flags), ...(flags.name !== undefined ? { client_name: flags.name } : {}) };
      if (Object.keys(update).length === 0) throw new CliError(messages().failures.nothingToChangeApp, EXIT.USAGE, "INVALID_OPTION");
      const { client } = await connect(flags);
      const updated = await client.adminOAuthUpdateClient({ client_id: clientId, update });
      await emit(flags, updated, () => info(say("done", "appUpdated")));
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
