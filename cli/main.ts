/**
 * The `auth` command. Only commander and small modules load at start; servers, databases, Ink
 * and React are imported inside the actions that need them, so `--help` and `--json` stay fast.
 */
import { Command, CommanderError } from "commander";
import { ApiError } from "../shared/errors.js";
import { registerMailCommands } from "./commands/mail.js";
import { registerServerCommands } from "./commands/server.js";
import { CliError, EXIT, exitCodeFor } from "./exit-codes.js";
import { VERSION } from "../server/version.js";

export function buildProgram(): Command {
  const program = new Command("auth")
    .description("Latchkey: run the auth server and manage users, sessions and organizations")
    .version(VERSION, "-v, --version")
    .showSuggestionAfterError()
    .exitOverride()
    .addHelpText("after", "\nExamples:\n  $ auth server start\n  $ auth server create-admin --email ops@example.com\n  $ auth mail list --json\n\nExit codes: 0 ok, 1 failure, 2 usage, 3 not signed in, 4 forbidden, 5 not found, 6 conflict, 7 network, 8 rate limited, 70 internal.");
  registerServerCommands(program);
  registerMailCommands(program);
  return program;
}

export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return EXIT.OK;
  } catch (error) {
    return report(error);
  }
}

function report(error: unknown): number {
  if (error instanceof CommanderError) {
    // commander already printed help or the usage problem.
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") return EXIT.OK;
    return EXIT.USAGE;
  }
  if (error instanceof CliError) {
    process.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  if (error instanceof ApiError) {
    process.stderr.write(`error: ${error.message} (${error.code})\n`);
    for (const issue of error.issues ?? []) process.stderr.write(`  ${issue.path}: ${issue.message}\n`);
    return exitCodeFor(error.status, error.code);
  }
  process.stderr.write(`error: ${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.INTERNAL;
}

const code = await run(process.argv);
// `server start` keeps running; every other command ends here.
if (code !== EXIT.OK || !process.argv.slice(2, 4).join(" ").startsWith("server start")) {
  process.exitCode = code;
}
