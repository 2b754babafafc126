/**
 * `auth server import-better-auth` on a real terminal (tmux, 80×30; issue 22): the summary table
 * after the import reads as a table — a header and one row per better-auth table, every column
 * right-aligned under its header with spaces between, nothing past 80 columns, the output ended by
 * a newline — in English and in German; with --json the terminal shows one parseable document.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { BETTER_AUTH_SECRET, betterAuthTab, startBetterAuth, type BetterAuthSource } from "../server/server/better-auth-source.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const SECRET = "terminal-secret-for-the-import-test-0022";
const SIZE = { columns: 80, rows: 30 };
/** better-auth makes every plugin's table, empty or not: the summary lists each, parents first. */
const TABLES = ["user", "organization", "team", "member", "invitation", "teamMember", "session", "account", "twoFactor", "passkey", "apikey", "jwks", "verification"];
const driver = terminalDriver();
let dir: string;
let source: BetterAuthSource;

function terminal(args: string[], env: Record<string, string> = {}) {
  const envs = Object.entries({ TERM: "xterm-256color", AUTH_SECRET: SECRET, BETTER_AUTH_SECRET, LANG: "C.UTF-8", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  return driver.open(`env -u AUTH_DB -u AUTH_CONFIG -u LC_ALL -u LC_MESSAGES ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, SIZE);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-import-term-"));
  source = await startBetterAuth("sqlite");
  for (const [email, name] of [["grace@example.com", "Grace"], ["alan@example.com", "Alan"], ["ada@example.com", "Ada"]] as const) {
    const answer = await betterAuthTab(source.url).client.signUp.email({ email, password: "correct horse battery staple", name });
    if (answer.error) throw new Error(JSON.stringify(answer.error));
  }
}, 60_000);
afterAll(async () => {
  driver.close();
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The printed lines with the terminal's wrapping undone: a line as wide as the terminal went on in the next. */
function unwrap(text: string): string {
  return text.split("\n").reduce((joined, line, i, all) => joined + line + (Array.from(line).length === SIZE.columns || i === all.length - 1 ? "" : "\n"), "");
}

/** Where each whitespace-separated word of a line ends (its last column + 1). */
function wordEnds(line: string): number[] {
  return [...line.matchAll(/\S+/g)].map((match) => match.index + match[0].length);
}

/** The summary table: the header line (its first word `table`) and the rows under it. */
function summaryTable(text: string, headerWords: string[]): { header: string; rows: string[] } {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.trim().split(/\s+/).join(" ") === headerWords.join(" "));
  expect(at, `a header line "${headerWords.join(" ")}" in:\n${text}`).toBeGreaterThanOrEqual(0);
  const rows: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!/^ {2}\S/.test(line)) break;
    rows.push(line);
  }
  return { header: lines[at]!, rows };
}

function expectReadable(screen: string, headerWords: string[], tables: string[]) {
  const { header, rows } = summaryTable(screen, headerWords);
  expect(rows.map((row) => row.trim().split(/\s+/)[0])).toEqual(tables);
  const ends = wordEnds(header);
  for (const row of [header, ...rows]) {
    // Nothing wraps: every line fits the 80 columns.
    expect(Array.from(row).length).toBeLessThanOrEqual(SIZE.columns);
    // Indented by two spaces, as many words as the header, each number ending under its header.
    expect(row.startsWith("  ")).toBe(true);
    const words = row.trim().split(/\s+/);
    expect(words.length, `columns in "${row}"`).toBe(headerWords.length);
    expect(words.slice(1).every((word) => /^\d+$/.test(word)) || row === header).toBe(true);
    expect(wordEnds(row).slice(1), `right edges of "${row}"`).toEqual(ends.slice(1));
    // At least two spaces between columns: never glued.
    expect(row.trim()).not.toMatch(/\S \S/);
  }
}

describe("auth server import-better-auth on a terminal", () => {
  it("prints its summary as a table that reads in columns, and ends with a newline", async () => {
    const db = join(dir, "english.db");
    const run = terminal(["server", "import-better-auth", "--from", source.from, "--db", db]);
    await run.waitFor(/EXIT=\d+/, 60_000);
    const text = run.scrollback();
    expect(text).toMatch(/^EXIT=0$/m);
    expect(unwrap(text)).toContain(`Imported ${source.from} into ${db} in `);
    expectReadable(text, ["table", "read", "new", "updated", "unchanged", "kept", "skipped"], TABLES);
    const { rows } = summaryTable(text, ["table", "read", "new", "updated", "unchanged", "kept", "skipped"]);
    expect(rows[0]!.trim().split(/\s+/)).toEqual(["user", "3", "3", "0", "0", "0", "0"]);
    // The last line the command printed ended with a newline: the shell's echo starts a line of its own.
    expect(text).toMatch(/\n {2}verification(?: +\d+){6}\nEXIT=0\n/);
  }, 90_000);

  it("keeps the columns apart in German, whose headers are longer", async () => {
    const db = join(dir, "german.db");
    const run = terminal(["server", "import-better-auth", "--from", source.from, "--db", db], { LANG: "de_DE.UTF-8" });
    await run.waitFor(/EXIT=\d+/, 60_000);
    const text = run.scrollback();
    expect(text).toMatch(/^EXIT=0$/m);
    expectReadable(text, ["Tabelle", "gelesen", "neu", "geändert", "unverändert", "behalten", "übersprungen"], TABLES);
  }, 90_000);

  it("with --json shows one JSON document and no progress bar", async () => {
    const db = join(dir, "json.db");
    const run = terminal(["server", "import-better-auth", "--from", source.from, "--db", db, "--json"]);
    await run.waitFor(/EXIT=\d+/, 60_000);
    const text = run.scrollback();
    const [printed, exit] = text.split(/^EXIT=/m);
    expect(exit).toBe("0\n");
    const parsed = JSON.parse(unwrap(printed!));
    expect(parsed).toMatchObject({ dryRun: false, from: source.from, db, tables: { user: { read: 3, inserted: 3 }, account: { inserted: 3 } } });
    expect(printed).not.toMatch(/[█░]/);
  }, 90_000);
});
