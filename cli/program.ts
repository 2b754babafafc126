/**
 * The `auth` command tree. Only commander and small modules load here; the typed client, the
 * server, databases, Ink and React are imported inside the actions that need them, so `--help`
 * and `--json` commands start fast.
 */
import { Command, Option } from "commander";
import { VERSION } from "../server/version.js";
import { registerAccountCommands } from "./commands/account.js";
import { registerAdminCommands } from "./commands/admin.js";
import { registerApiKeyCommands } from "./commands/api-key.js";
import { registerJwtCommand } from "./commands/jwt.js";
import { registerOAuthProviderCommands } from "./commands/oauth-provider.js";
import { registerWebhookCommands } from "./commands/webhook.js";
import { registerSessionCommands } from "./commands/session.js";
import { registerCompletionCommand } from "./commands/completion.js";
import { registerOutboxCommands } from "./commands/outbox.js";
import { registerOrganizationCommands } from "./commands/organization.js";
import { registerServerCommands } from "./commands/server.js";
import { registerDevCommands } from "./commands/server-clock.js";
import { example } from "./context.js";
import { CliError, EXIT } from "./exit-codes.js";
import { helpText, localizeHelp, text } from "./i18n/index.js";
import { localizeUsageErrors } from "./usage-errors.js";
import { wrapHelpOutput } from "./help-wrap.js";
import { rejectFolderAsDatabase } from "./db-flag.js";

export const EXIT_CODE_HELP =
  "Exit codes: 0 ok, 1 failure (incl. partial bulk failure), 2 usage or missing confirmation, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 9 database sealed with another secret, 10 another program's database, 70 internal.";

export function buildProgram(): Command {
  const program = new Command("auth")
    .description("Latchkey: run the auth server and manage users, sessions and organizations")
    .version(VERSION, "-v, --version")
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showSuggestionAfterError()
    .exitOverride()
    .option("--url <url>", "server URL, e.g. http://127.0.0.1:3000 (AUTH_URL)")
    .option("--profile <name>", "credentials profile to use (AUTH_PROFILE)")
    .option("--api-key <key>", "act with an API key instead of a stored session (AUTH_API_KEY, preferred: arguments show in `ps`)")
    .option("--json", "print one JSON document, nothing else (default when stdout is not a terminal)")
    .option("--jsonl", "print JSON lines: one object per item")
    .option("--columns <list>", "tables: show these columns, in this order (e.g. email,role,created); default: the most important that fit")
    .option("-y, --yes", "answer yes to confirmations (needed off a terminal for destructive commands)")
    .option("--no-input", "never prompt; fail instead of asking")
    .addOption(new Option("-p, --password <secret>", "refused: passwords never go in arguments").hideHelp());

  program.hook("preAction", (_root, action) => {
    // Commands that take --db (or read AUTH_DB): a folder there is refused with the file meant.
    if (action.options.some((option) => option.long === "--db")) rejectFolderAsDatabase((action.opts() as { db?: string }).db ?? process.env.AUTH_DB);
    if (action.optsWithGlobals().password !== undefined) {
      throw new CliError(text("prompts", "passwordInArguments"), EXIT.USAGE, "PASSWORD_IN_ARGUMENTS");
    }
  });

  registerSessionCommands(program);
  registerAdminCommands(program);
  registerOrganizationCommands(program);
  registerAccountCommands(program);
  registerApiKeyCommands(program);
  registerJwtCommand(program);
  registerOAuthProviderCommands(program);
  registerWebhookCommands(program);
  registerServerCommands(program);
  registerDevCommands(program);
  registerOutboxCommands(program);
  registerCompletionCommand(program);

  fillGroupExamples(program);
  localizeHelp(program);
  localizeUsageErrors(program);
  wrapHelpOutput(program);
  example(
    program,
    "auth login --url http://127.0.0.1:3000 --email ops@example.com",
    "auth admin users list --search ada --json",
    "printf '%s\\n' spam@example.com | auth admin users ban --from-file - --reason spam --yes",
    "auth server start --port 3000",
  );
  program.addHelpText("after", `\n${helpText(EXIT_CODE_HELP)}`);
  return program;
}

/** Groups (`auth admin`, `auth org teams`…) show their subcommands' first examples. */
function fillGroupExamples(command: Command): string[] {
  const own = (command as unknown as { _examples?: string[] })._examples;
  const below = command.commands.flatMap((sub) => fillGroupExamples(sub).slice(0, 1));
  if (command.parent && (command as unknown as { listenerCount(event: string): number }).listenerCount("afterHelp") === 0 && below.length > 0) example(command, ...below.slice(0, 4));
  return own ?? below;
}
