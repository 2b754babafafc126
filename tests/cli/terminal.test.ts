/**
 * Interactive views in a real pseudo-terminal (tmux on a private socket, or util-linux's
 * `script` where tmux is not installed — terminal-driver.ts): the masked password prompt, an Ink
 * table, the bulk progress bar, and the confirmation of destructive commands.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN, runCli } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";
import { shellQuote, terminalDriver, type TerminalSize } from "./terminal-driver.js";
import { signedIn } from "../helpers/signed-in.js";

const driver = terminalDriver();
let server: TestServer;
let cli: Cli;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

/**
 * Runs `auth …` in a fresh terminal (120×30 unless asked); what it printed stays readable after
 * exit. The command line is shown first, as a shell would echo it.
 */
function terminal(args: string[], env: Record<string, string>, size?: TerminalSize) {
  const envs = Object.entries({ XDG_CONFIG_HOME: cli.configHome, TERM: "xterm-256color", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  const shown = shellQuote(`$ auth ${args.join(" ")}`);
  return driver.open(`printf '%s\\n' ${shown}; env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, size);
}

const NARROW = { columns: 80, rows: 30 };

/** Every row of a table starts each column where its header does, after at least two spaces. */
function expectSeparatedColumns(headerLine: string, rows: string[], width: number) {
  const starts = [...headerLine.matchAll(/\S+(?: \S+)*/g)].map((match) => match.index!);
  expect(starts.length).toBeGreaterThan(1);
  for (const line of [headerLine, ...rows]) {
    expect(Array.from(line).length, line).toBeLessThanOrEqual(width);
    for (const start of starts.slice(1)) {
      if (line.length > start) expect(line.slice(start - 2, start), `glued columns in: ${line}`).toBe("  ");
    }
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAdmin(server, "root@example.com");
  cli = cliFor(server);
});
afterAll(async () => {
  driver.close();
  cli.cleanup();
  await server.close();
});

// Each test starts one to three CLI processes in a terminal: 90 s, not 30, for a loaded CI box.
describe("on a terminal", { timeout: 90_000 }, () => {
  it("the login prompt masks the password as it is typed", async () => {
    const term = terminal(["login", "--url", server.url], {});
    await term.waitFor(/^Email:/m);
    term.keys("-l", "root@example.com");
    term.keys("Enter");
    await term.waitFor(/^Password:/m);
    term.keys("-l", admin.password);
    const typed = await term.waitFor(/Password: \*{21}/);
    expect(typed).not.toContain(admin.password);
    term.keys("Enter");
    const done = await term.waitFor(/EXIT=\d+/);
    expect(done).toContain(`Signed in to ${server.url} as root@example.com`);
    expect(done).toContain("EXIT=0");
    expect(done).not.toContain(admin.password);
  });

  it("renders users as an Ink table, not JSON", async () => {
    await server.signUp({ email: "table-row@example.com", name: "Table Row" });
    const term = terminal(["admin", "users", "list"], { AUTH_TOKEN: admin.token, AUTH_URL: server.url });
    const screen = await term.waitFor(/EXIT=\d+/);
    expect(screen).toContain("EXIT=0");
    expect(screen).toMatch(/ID\s+EMAIL\s+NAME\s+ROLE\s+BANNED/);
    expect(screen).toMatch(/table-row@example\.com\s+Table Row\s+user\s+false/);
    expect(screen).toMatch(/root@example\.com\s+Admin\s+admin/);
    expect(screen).not.toContain("{");
    expect(screen).toContain("2 of 2 users");
  });

  it("at 80 columns users list never glues columns: it drops the least important, keeps the email whole and says what it left out (#25)", async () => {
    await server.signUp({ email: "margaret.hamilton@apollo-guidance.example", name: "Margaret Hamilton, Lead of Software Engineering" });
    const term = terminal(["admin", "users", "list"], { AUTH_TOKEN: admin.token, AUTH_URL: server.url }, NARROW);
    await term.waitFor(/EXIT=\d+/);
    const lines = term.scrollback().split("\n");
    expect(lines).toContain("EXIT=0");
    const headerAt = lines.findIndex((line) => /^EMAIL\s{2,}/.test(line) || /^ID\s{2,}EMAIL/.test(line));
    expect(headerAt).toBeGreaterThan(0);
    const footerAt = lines.findIndex((line) => /^\d+ of \d+ users$/.test(line));
    const rows = lines.slice(headerAt + 1, footerAt).filter((line) => !line.startsWith("Not shown for lack of width"));
    expect(rows.length).toBe((await server.database.db.selectFrom("user").select("id").execute()).length);
    expectSeparatedColumns(lines[headerAt]!, rows, 80);
    expect(lines[headerAt]).not.toMatch(/BANNEDEMAIL|EMAILVERIFIED|CREATEDAT/);
    expect(rows.some((row) => row.includes("margaret.hamilton@apollo-guidance.example"))).toBe(true);
    expect(lines.some((line) => /^Not shown for lack of width: .*\(choose with --columns\)\.$/.test(line))).toBe(true);

    const chosen = terminal(["admin", "users", "list", "--columns", "email,verified,created"], { AUTH_TOKEN: admin.token, AUTH_URL: server.url }, NARROW);
    const screen = await chosen.waitFor(/EXIT=\d+/);
    expect(screen).toMatch(/^EMAIL\s{2,}VERIFIED\s{2,}CREATED$/m);
    expect(screen).not.toContain("Not shown for lack of width");
    expect(screen).toMatch(/margaret\.hamilton@apollo-guidance\.example\s{2,}false\s{2,}\d+ (seconds?|minutes?) ago$/m);
  });

  it("audit list --limit 100 in an 80×30 terminal is written as plain lines: the command line stays in the scrollback, every row is there, none glued, and the output ends with a newline (#25)", async () => {
    for (let i = 0; i < 100; i++) await server.signUp({ email: `scroll-${String(i).padStart(2, "0")}@example.com` });
    // One audit event each at least: 100 rows to show in a 30-row terminal. Written before the
    // list is read, so the CLI and this expectation see the same newest 100.
    await server.app.context.audit.flush();
    const expected = await server.client(admin.token).adminListAuditEvents({ limit: 100 });
    expect(expected.events).toHaveLength(100);
    const term = terminal(["admin", "audit", "list", "--limit", "100"], { AUTH_TOKEN: admin.token, AUTH_URL: server.url }, NARROW);
    await term.waitFor(/EXIT=\d+/);
    const lines = term.scrollback().split("\n");
    expect(lines[0]).toBe("$ auth admin audit list --limit 100");
    const headerAt = lines.findIndex((line) => /^CREATED\s{2,}ACTION/.test(line));
    expect(headerAt).toBe(1);
    // EXIT= at the start of its own line: the output ended with a newline.
    const exitAt = lines.indexOf("EXIT=0");
    expect(exitAt).toBeGreaterThan(headerAt);
    // The notes under the table (which may take two lines at 80 columns) come after its rows.
    const notesAt = lines.findIndex((line, i) => i > headerAt && /^(More events: pass --all\.|Not shown for lack of width: )/.test(line));
    const rows = lines.slice(headerAt + 1, notesAt > headerAt ? notesAt : exitAt);
    expect(rows).toHaveLength(100);
    rows.forEach((row, i) => expect(row).toContain(expected.events[i]!.action));
    expectSeparatedColumns(lines[headerAt]!, rows, 80);
  }, 120_000);

  it("audit list in an 80×30 terminal never splits an email address in a reason: the cut falls before it (#25)", async () => {
    await server.signUp({ email: "reported@example.com" });
    const reason = "Spam reported by margaret.hamilton@apollo-guidance.example";
    const ban = await runCli(["admin", "users", "ban", "reported@example.com", "--reason", reason, "--yes"], { env: { AUTH_TOKEN: admin.token, AUTH_URL: server.url } });
    expect(ban.code).toBe(0);
    const term = terminal(["admin", "audit", "list", "--action", "user.ban", "--columns", "created,action,target,reason"], { AUTH_TOKEN: admin.token, AUTH_URL: server.url }, NARROW);
    await term.waitFor(/EXIT=\d+/);
    const lines = term.scrollback().split("\n");
    expect(lines).toContain("EXIT=0");
    const headerAt = lines.findIndex((line) => /^CREATED\s{2,}ACTION\s{2,}TARGET\s{2,}REASON$/.test(line));
    expect(headerAt).toBe(1);
    const row = lines[headerAt + 1]!;
    expectSeparatedColumns(lines[headerAt]!, [row], 80);
    expect(row).toMatch(/user\.ban\s{2,}\S+\s{2,}Spam reported by…$/);
    // Whatever is shown of an address is the whole address.
    for (const word of lines.join(" ").split(/\s+/)) if (word.includes("@")) expect(["margaret.hamilton@apollo-guidance.example", "reported@example.com"]).toContain(word.replace(/…$/, ""));
  }, 60_000);

  it("create-admin for an existing user promotes them and asks for no password (#25)", async () => {
    const db = join(cli.configHome, "promote.db");
    // A new database's migrations and a password hash: over 20 s on two loaded cores (seen), so 60.
    expect((await runCli(["server", "create-admin", "--db", db, "--email", "boss@example.com", "--password-stdin"], { input: "boss-password-1\n", timeoutMs: 60_000 })).code).toBe(0);
    const term = terminal(["server", "create-admin", "--db", db, "--email", "boss@example.com"], {});
    const screen = await term.waitFor(/EXIT=\d+/);
    expect(screen).not.toMatch(/password for/i);
    expect(screen).toContain("boss@example.com already exists; promoted to administrator (role admin). Its password is unchanged.");
    expect(screen).toContain("EXIT=0");
  });

  it("a destructive command asks, and refuses without y", async () => {
    const victim = await server.signUp({ email: "victim@example.com" });
    const env = { AUTH_TOKEN: admin.token, AUTH_URL: server.url };
    const no = terminal(["admin", "users", "ban", "victim@example.com"], env);
    await no.waitFor(/Ban victim@example\.com \(.+\)\? \[y\/N\]/);
    no.keys("n", "Enter");
    const refused = await no.waitFor(/EXIT=\d+/);
    expect(refused).toContain("Aborted: nothing was changed.");
    expect(refused).toContain("EXIT=2");
    const empty = terminal(["admin", "users", "ban", "victim@example.com"], env);
    await empty.waitFor(/\[y\/N\]/);
    empty.keys("Enter");
    expect(await empty.waitFor(/EXIT=\d+/)).toContain("EXIT=2");
    expect(await server.client(victim.token).getSession()).not.toBeNull();

    const yes = terminal(["admin", "users", "ban", "victim@example.com"], env);
    await yes.waitFor(/\[y\/N\]/);
    yes.keys("y", "Enter");
    const done = await yes.waitFor(/EXIT=\d+/);
    expect(done).toContain("Banned victim@example.com");
    expect(done).toContain("EXIT=0");
    expect(await server.client(victim.token).getSession()).toBeNull();
  });

  it("--no-input refuses a destructive command without asking", async () => {
    const term = terminal(["admin", "users", "remove", "root@example.com", "--no-input"], { AUTH_TOKEN: admin.token, AUTH_URL: server.url });
    const screen = await term.waitFor(/EXIT=\d+/);
    expect(screen).not.toContain("[y/N]");
    expect(screen).toContain("Refusing without --yes");
    expect(screen).toContain("EXIT=2");
  });

  it("bulk work shows a progress bar and a summary", async () => {
    const file = join(cli.configHome, "unban.txt");
    writeFileSync(file, "victim@example.com\nghost@example.com\n");
    const term = terminal(["admin", "users", "unban", "--from-file", file], { AUTH_TOKEN: admin.token, AUTH_URL: server.url });
    const screen = await term.waitFor(/EXIT=\d+/);
    expect(screen).toMatch(/Unban █+ 2\/2 1 failed/);
    expect(screen).toContain("1 of 2 unbanned, 1 failed.");
    expect(screen).toContain("failed: ghost@example.com");
    expect(screen).toContain("EXIT=1");
  });

  it("export shows its progress and a summary", async () => {
    const out = join(cli.configHome, "export.jsonl");
    const term = terminal(["admin", "users", "export", "--out", out], { AUTH_TOKEN: admin.token, AUTH_URL: server.url });
    const screen = await term.waitFor(/EXIT=\d+/);
    const n = (await server.database.db.selectFrom("user").select("id").execute()).length;
    expect(screen).toMatch(new RegExp(`Exporting █+ ${n}/${n}`));
    expect(screen).toContain(`Exported ${n} users (${n} with a password hash) to ${out}.`);
    expect(screen).toContain("EXIT=0");
  });
  it("a new account's password is asked twice; a mismatch creates nobody", async () => {
    const env = { AUTH_TOKEN: admin.token, AUTH_URL: server.url };
    const differ = terminal(["admin", "users", "create", "--email", "twice@example.com"], env);
    await differ.waitFor(/Password for the new user \(empty: none\):/);
    differ.keys("-l", "first long passphrase");
    differ.keys("Enter");
    await differ.waitFor(/Again, to confirm:/);
    differ.keys("-l", "second long passphrase");
    differ.keys("Enter");
    const refused = await differ.waitFor(/EXIT=\d+/);
    expect(refused).toContain("The passwords differ; nothing was changed.");
    expect(refused).toContain("EXIT=2");
    expect(await server.database.db.selectFrom("user").select("id").where("email", "=", "twice@example.com").execute()).toEqual([]);

    const same = terminal(["admin", "users", "create", "--email", "twice@example.com"], env);
    await same.waitFor(/Password for the new user/);
    same.keys("-l", "one long passphrase");
    same.keys("Enter");
    await same.waitFor(/Again, to confirm:/);
    same.keys("-l", "one long passphrase");
    same.keys("Enter");
    const created = await same.waitFor(/EXIT=\d+/);
    expect(created).toContain("Created twice@example.com");
    expect(created).toContain("EXIT=0");
    expect(signedIn(await server.client().signInEmail({ email: "twice@example.com", password: "one long passphrase" })).user.email).toBe("twice@example.com");
  });
});
