/** Entry point of the `auth` binary: parse, run, map every failure to a documented exit code. */
import { CommanderError } from "commander";
import { ApiError } from "../shared/errors.js";
import { DatabaseUnreachableError } from "../server/db/target.js";
import { ForeignDatabaseError, shortList } from "../server/db/foreign-database-error.js";
import { CliError, EXIT, exitCodeFor } from "./exit-codes.js";
import { protectDashedOperands } from "./dashed-operands.js";
import { endpointUrlFlag } from "./endpoint-url-flag.js";
import { buildProgram } from "./program.js";
import { fill, loadCliLanguage, messages } from "./i18n/index.js";
import { describeApiError } from "./api-error-text.js";

// `auth … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

export async function run(argv: string[]): Promise<number> {
  await loadCliLanguage();
  const program = buildProgram();
  try {
    await program.parseAsync(protectDashedOperands(endpointUrlFlag(argv)));
    return EXIT.OK;
  } catch (error) {
    return report(error);
  }
}

export function report(error: unknown): number {
  if (error instanceof CommanderError) {
    // commander already printed help or the usage problem.
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") return EXIT.OK;
    if (error.code === "commander.executeSubCommandAsync") return EXIT.OK;
    return EXIT.USAGE;
  }
  const prefix = messages().errorPrefix;
  if (error instanceof CliError) {
    process.stderr.write(`${prefix}: ${error.message}\n`);
    return error.exitCode;
  }
  if (error instanceof ApiError) {
    const [first, ...more] = describeApiError(error);
    process.stderr.write(`${prefix}: ${first}\n`);
    for (const line of more) process.stderr.write(`${line}\n`);
    const exit = exitCodeFor(error.status, error.code);
    if (exit === EXIT.NOT_SIGNED_IN && error.code !== "INVALID_EMAIL_OR_PASSWORD") {
      process.stderr.write(`${messages().sessionMissing}\n`);
    }
    return exit;
  }
  if (error instanceof DatabaseUnreachableError) {
    // Local commands on a PostgreSQL URL (mail list, create-admin, migrate): a clear line, no stack.
    process.stderr.write(`${prefix}: ${error.message}\n`);
    return EXIT.NETWORK;
  }
  if (error instanceof ForeignDatabaseError) {
    // Another program's database (issue 33): what it is, that nothing changed, and the way in.
    const { checks } = messages();
    const values = { db: error.target, tables: shortList(error.foreign.tables), into: error.importInto };
    process.stderr.write(`${prefix}: ${fill(error.foreign.kind === "better-auth" ? checks.foreignBetterAuth : checks.foreignUnknown, values)}\n`);
    return EXIT.FOREIGN_DATABASE;
  }
  const fileProblem = describeFileError(error);
  if (fileProblem) {
    // A path the user gave that cannot be read or written: their mistake, said in one line.
    process.stderr.write(`${prefix}: ${fileProblem}\n`);
    return EXIT.USAGE;
  }
  process.stderr.write(`${prefix}: ${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.INTERNAL;
}

/** The Node and SQLite codes with words of their own in the catalogues (messages().files). */
const FILE_ERROR_CODES = ["ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "EEXIST", "EROFS", "SQLITE_CANTOPEN", "SQLITE_NOTADB"] as const;
type FileErrorCode = (typeof FILE_ERROR_CODES)[number];

function describeFileError(error: unknown): string | undefined {
  const { code, path, syscall } = (error ?? {}) as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof code !== "string" || !(FILE_ERROR_CODES as readonly string[]).includes(code)) return undefined;
  const words = messages().files;
  const reason = code === "EEXIST" && syscall === "mkdir" ? words.mkdirOverFile : words[code as FileErrorCode];
  if (code.startsWith("SQLITE_")) return fill(words.checkDatabase, { message: (error as Error).message, reason });
  return typeof path === "string" ? `${path}: ${reason}` : `${(error as Error).message} (${reason})`;
}

const code = await run(process.argv);
// `server start` keeps running; every other command ends here.
if (code !== EXIT.OK || !process.argv.slice(2).filter((arg) => !arg.startsWith("-")).slice(0, 2).join(" ").startsWith("server start")) {
  process.exitCode = code;
}
