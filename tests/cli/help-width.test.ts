/**
 * `--help` fits an 80×30 terminal (issue 33, item 9): the examples, the prose under a command and
 * the exit-code list wrap at the terminal's width (commander wraps only its own columns), an
 * example continues with ` \` so it still pastes as one command, and exit codes 9 and 10 are listed.
 */
import { afterAll, describe, expect, it } from "vitest";
import { wrapHelpLine } from "../../cli/help-wrap.js";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const driver = terminalDriver();
afterAll(() => driver.close());

async function helpOnTerminal(args: string[]): Promise<string[]> {
  const term = driver.open(`env LANG=C LC_ALL= TERM=xterm-256color ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, { columns: 80, rows: 30 });
  await term.waitFor(/EXIT=\d+/);
  return term.scrollback().split("\n");
}

describe("--help at 80 columns", () => {
  it("auth --help: every line fits, the long example continues with a backslash, the exit codes include 9 and 10", async () => {
    const lines = await helpOnTerminal(["--help"]);
    expect(lines).toContain("EXIT=0");
    // A line exactly 80 wide would make the terminal wrap it by itself: the scrollback then shows
    // it whole, so the check is on what the program wrote, line by line.
    for (const line of lines) expect(Array.from(line).length, line).toBeLessThanOrEqual(80);
    const at = lines.findIndex((line) => line.includes("printf '%s\\n' spam@example.com"));
    expect(lines[at]).toMatch(/ \\$/);
    expect(lines[at + 1]).toMatch(/^ {6}\S/);
    const exitCodes = lines.slice(lines.findIndex((line) => line.startsWith("Exit codes:"))).join(" ");
    expect(exitCodes).toContain("9 database sealed with another secret");
    expect(exitCodes).toContain("10 another program's database");
    expect(exitCodes).toContain("70 internal.");
  });

  it("a command's prose and examples fit too", async () => {
    const lines = await helpOnTerminal(["admin", "users", "ban", "--help"]);
    expect(lines).toContain("EXIT=0");
    for (const line of lines) expect(Array.from(line).length, line).toBeLessThanOrEqual(80);
    expect(lines.join("\n")).toMatch(/\| auth admin users ban --from-file - \\\n {6}--dry-run/);
  });

  it("never breaks an example inside quotes, and a single long word stays whole", () => {
    const wrapped = wrapHelpLine(`  $ auth admin users list --search "Margaret Hamilton of the Apollo guidance team" --json --columns email,name`, 50);
    expect(wrapped.some((line) => line.includes('"Margaret Hamilton of the Apollo guidance team"'))).toBe(true);
    expect(wrapped.slice(0, -1).every((line) => line.endsWith(" \\"))).toBe(true);
    expect(wrapHelpLine("x".repeat(90), 80)).toEqual(["x".repeat(90)]);
  });
});
