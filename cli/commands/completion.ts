/** `auth completion bash|zsh|fish`: print a completion script for the shell. */
import type { Command } from "commander";
import { completionScript } from "../completion.js";
import { example, handler } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { text } from "../i18n/index.js";

export function registerCompletionCommand(program: Command): void {
  example(
    program.command("completion").argument("<shell>", "bash, zsh or fish").description("print a shell completion script"),
    "source <(auth completion bash)",
    "auth completion zsh > \"${fpath[1]}/_auth\"",
    "auth completion fish > ~/.config/fish/completions/auth.fish",
  ).action(
    handler(async (_flags, shell: string) => {
      if (shell !== "bash" && shell !== "zsh" && shell !== "fish") throw new CliError(text("checks", "unknownShell", { shell }), EXIT.USAGE, "UNKNOWN_SHELL");
      process.stdout.write(completionScript(program, shell));
    }),
  );
}
