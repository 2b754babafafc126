/** Secrets come from a masked prompt or stdin, never from arguments (other users can read those). */
import { createInterface } from "node:readline";
import { CliError, EXIT } from "./exit-codes.js";
import { fill, isYes, messages, text } from "./i18n/index.js";

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** First line of stdin, without its line ending (for --password-stdin). */
export async function readSecretFromStdin(): Promise<string> {
  const piped = await readStdin();
  const line = piped.split(/\r?\n/)[0] ?? "";
  if (!line) throw new CliError(text("prompts", "nothingOnStdin"), EXIT.USAGE);
  return line;
}

/** Prompts on the terminal, echoing `*` for each character typed. */
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) return Promise.reject(new CliError(text("prompts", "notATerminal"), EXIT.USAGE));
  return new Promise((resolve, reject) => {
    process.stderr.write(question);
    let value = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish();
        if (char === "\u0003") return finish(new CliError(text("prompts", "cancelled"), EXIT.USAGE));
        if (char === "\u007f" || char === "\b") {
          if (value.length > 0) {
            value = value.slice(0, -1);
            process.stderr.write("\b \b");
          }
          continue;
        }
        if (char < " ") continue;
        value += char;
        process.stderr.write("*");
      }
    };
    input.on("data", onData);
  });
}

/** A plain question on the terminal. */
export function promptLine(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => rl.question(question, (answer) => {
    rl.close();
    resolve(answer);
  }));
}

/**
 * Destructive commands: on a terminal ask, and go on only for `y`/`yes`; off a terminal (or with
 * --no-input) refuse unless --yes was given. Either refusal exits with the usage code.
 */
export async function confirm(flags: { yes?: boolean; input?: boolean }, question: string): Promise<void> {
  if (flags.yes) return;
  const canAsk = flags.input !== false && Boolean(process.stdin.isTTY) && Boolean(process.stderr.isTTY);
  const words = messages().confirm;
  if (!canAsk) throw new CliError(fill(words.refused, { question }), EXIT.USAGE, "CONFIRMATION_REQUIRED");
  const answer = await promptLine(`${question} ${words.suffix} `);
  if (!isYes(answer)) throw new CliError(words.aborted, EXIT.USAGE, "ABORTED");
}

/** A secret: --password-stdin, else a masked prompt on a terminal, else a usage error. */
export async function readSecret(flags: { passwordStdin?: boolean; input?: boolean }, question: string): Promise<string> {
  if (flags.passwordStdin) return readSecretFromStdin();
  if (flags.input === false || !process.stdin.isTTY) throw new CliError(text("prompts", "noTerminal"), EXIT.USAGE, "PASSWORD_REQUIRED");
  const value = await promptHidden(question);
  if (!value) throw new CliError(text("prompts", "passwordEmpty"), EXIT.USAGE, "PASSWORD_REQUIRED");
  return value;
}

/**
 * A new password from the masked prompt, typed twice so a typo never becomes the password.
 * With `allowEmpty`, an empty first answer means "none" (undefined) and is not asked again.
 */
export async function promptNewPassword(question: string, options: { allowEmpty?: boolean } = {}): Promise<string | undefined> {
  const value = await promptHidden(question);
  if (!value) {
    if (options.allowEmpty) return undefined;
    throw new CliError(text("prompts", "passwordEmpty"), EXIT.USAGE, "PASSWORD_REQUIRED");
  }
  const again = await promptHidden(text("prompts", "again"));
  if (again !== value) throw new CliError(text("prompts", "passwordsDiffer"), EXIT.USAGE, "PASSWORD_MISMATCH");
  return value;
}
