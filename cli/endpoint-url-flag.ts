/**
 * `auth webhooks create|update --url URL` (issue 38): there `--url` is the endpoint's address, as
 * the issue names it. commander reads a root option wherever it stands on the line, so the root's
 * `--url` (the server) would take it; a `--url` after `webhooks create|update` is renamed to the
 * subcommand's own `--endpoint-url` before parsing. The server's address then comes from AUTH_URL,
 * the profile, or a `--url` before the command (`auth --url S webhooks create --url E`).
 */

/** Root options that take a value: the word after one of them is that value, not a command. */
const ROOT_VALUE_OPTIONS = new Set(["--url", "--profile", "--api-key", "--columns"]);
const ENDPOINT_COMMANDS = new Set(["create", "update"]);

/** Where `webhooks create|update` starts on the line (the index of its subcommand), or -1. */
function endpointCommandAt(head: string[]): number {
  for (let i = 0; i < head.length - 1; i++) {
    const afterValueOption = i > 0 && ROOT_VALUE_OPTIONS.has(head[i - 1]!);
    if (afterValueOption || head[i]!.startsWith("-")) continue;
    // The first operand names the command group: only `webhooks` is rewritten.
    return head[i] === "webhooks" && ENDPOINT_COMMANDS.has(head[i + 1]!) ? i + 1 : -1;
  }
  return -1;
}

/** `argv` as node hands it over: the node binary and the script first, then the words typed. */
export function endpointUrlFlag(argv: string[]): string[] {
  const end = argv.indexOf("--");
  const head = end === -1 ? argv : argv.slice(0, end);
  const at = endpointCommandAt(head.slice(2));
  if (at === -1) return argv;
  const renamed = head.map((arg, i) => {
    if (i <= at + 2) return arg;
    if (arg === "--url") return "--endpoint-url";
    if (arg.startsWith("--url=")) return `--endpoint-url=${arg.slice("--url=".length)}`;
    return arg;
  });
  return end === -1 ? renamed : [...renamed, ...argv.slice(end)];
}
