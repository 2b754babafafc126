/**
 * The CLI under LANG=de_DE.UTF-8 and ru_RU.UTF-8 leaves no English behind (issue 25): the same
 * invocations — administration of users, confirmations (refused off a terminal, asked on one),
 * bulk work, usage mistakes, server errors, the CLI's own refusals, file errors — run in English and in each language, and no line of
 * the translated run may equal a line of the English run, unless it is only data (addresses,
 * ids, error codes, numbers).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const LANGUAGES = { de: "de_DE.UTF-8", ru: "ru_RU.UTF-8" } as const;
const locale = (LANG: string) => ({ LANG, LC_ALL: undefined, LC_MESSAGES: undefined, LANGUAGE: undefined });

let server: TestServer;
let admin: Cli;
let adminToken: string;
let member: Cli;
let files: string;
const driver = terminalDriver();

beforeAll(async () => {
  server = await startTestServer();
  const account = await server.signUp({ email: "lang-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", account.userId).execute();
  adminToken = account.token;
  admin = cliFor(server, { token: account.token });
  const plain = await server.signUp({ email: "lang-member@example.com" });
  member = cliFor(server, { token: plain.token });
  for (const email of ["eve@example.com", "bob@example.com"]) await server.signUp({ email });
  // An organization where the plain member holds the member role: the role preflight refuses them.
  await server.verifyEmail("lang-admin@example.com");
  await server.verifyEmail("lang-member@example.com");
  expect((await admin.run(["org", "create", "--name", "Lang Org", "--slug", "lang-org", "--json"])).code).toBe(0);
  const invited = await admin.run(["org", "invite", "lang-member@example.com", "--role", "member", "--org", "lang-org", "--json"]);
  expect((await member.run(["invitations", "accept", invited.json().invitation.id, "--json"])).code).toBe(0);
  files = mkdtempSync(join(tmpdir(), "latchkey-i18n-"));
});
afterAll(async () => {
  rmSync(files, { recursive: true, force: true });
  driver.close();
  admin.cleanup();
  member.cleanup();
  await server.close();
});

/** What is left of a line once its data is taken out; empty for a line that is only data. */
function words(line: string): string {
  return line
    .replace(/[\w.+-]+@[\w.-]+/g, "")
    .replace(/\b[A-Z][A-Z0-9_]{2,}\b/g, "")
    .replace(/\b[A-Za-z0-9]{20,}\b/g, "")
    .replace(/[\d\W_]+/g, " ")
    .trim();
}

/** A list of code words (an option's values: "eq, ne, lt,", "name, createdAt…"), the same in every language. */
function codeWords(line: string): boolean {
  const rest = line.replace(/(^|\s)--?[\w-]+(\s+<[\w:-]+>)?/g, " ").trim();
  return /^[\w-]+(,\s*[\w-]+)*,?…?$/.test(rest);
}

function englishLeft(translated: string, english: string): string[] {
  const englishLines = new Set(english.split("\n").map((line) => line.trim()));
  const lines = translated.split("\n").map((line) => line.trim());
  return lines
    // "$ auth …" under Example: is a command line, the same in every language, and so is its
    // continuation once --help wraps it at the terminal's width (the line before ends in " \");
    // a single token (a flag or a name that --help wrapped onto a line of its own) is no sentence.
    // A line of a JSON document ("dryRun": true,) is data for programs, the same in every language.
    .filter((_line, index) => !(lines[index - 1] ?? "").endsWith("\\"))
    .filter((line) => words(line) !== "" && !codeWords(line) && !/^"\w+": /.test(line) && !line.startsWith("$ ") && /\s/.test(line) && englishLines.has(line));
}

type Invocation = { name: string; cli: () => Cli; args: string[]; input?: string; token?: null };
const INVOCATIONS: Invocation[] = [
  { name: "unknown user", cli: () => admin, args: ["admin", "users", "ban", "nobody@example.com", "--yes"] },
  { name: "ban refused off a terminal", cli: () => admin, args: ["admin", "users", "ban", "eve@example.com", "--reason", "spam"] },
  { name: "bulk ban refused off a terminal", cli: () => admin, args: ["admin", "users", "ban", "--from-file", "-"], input: "eve@example.com\nbob@example.com\n" },
  { name: "end every session refused", cli: () => admin, args: ["admin", "sessions", "revoke-all", "eve@example.com"] },
  { name: "unknown role", cli: () => admin, args: ["admin", "users", "set-role", "eve@example.com", "boss"] },
  { name: "not an administrator (server error)", cli: () => member, args: ["admin", "users", "list"] },
  { name: "wrong password (server error)", cli: () => member, args: ["login", "--email", "lang-member@example.com", "--password-stdin"], input: "wrong password\n", token: null },
  { name: "not a member", cli: () => admin, args: ["org", "members", "list", "--org", "nina-labs"] },
  { name: "unknown command", cli: () => admin, args: ["users", "list"] },
  { name: "unknown option", cli: () => admin, args: ["admin", "users", "list", "--database", "x.db"] },
  { name: "missing argument", cli: () => admin, args: ["admin", "users", "set-role", "eve@example.com"] },
  // The CLI's own refusals in account, organization and api-key commands, and file errors (issue 25).
  { name: "unknown session handle", cli: () => member, args: ["sessions", "revoke", "no-such-handle", "--yes"] },
  { name: "account update without a change", cli: () => member, args: ["account", "update"] },
  { name: "malformed API-key permission", cli: () => admin, args: ["api-keys", "create", "--name", "x", "--permission", "nonsense"] },
  { name: "no active organization", cli: () => member, args: ["org", "invite", "someone@example.com"] },
  { name: "unknown organization", cli: () => admin, args: ["org", "use", "no-such-organization"] },
  { name: "organization update without a change", cli: () => admin, args: ["org", "update", "--org", "no-such-organization"] },
  { name: "missing file", cli: () => admin, args: ["admin", "users", "ban", "--from-file", "/nonexistent/latchkey-users.txt", "--yes"] },
  // Prompts, connection, login and profiles, two-factor, admin sessions (issue 25).
  { name: "not a URL", cli: () => admin, args: ["whoami", "--url", "not a url"], token: null },
  { name: "not signed in", cli: () => admin, args: ["whoami"], token: null },
  { name: "no such profile", cli: () => admin, args: ["profile", "use", "no-such-profile"] },
  { name: "password refused as an argument", cli: () => admin, args: ["login", "--email", "a@example.com", "--password", "hunter2"] },
  { name: "nothing on standard input", cli: () => member, args: ["login", "--email", "lang-member@example.com", "--password-stdin"], input: "", token: null },
  { name: "password and code need two lines", cli: () => member, args: ["login", "--email", "lang-member@example.com", "--password-stdin", "--totp-stdin"], input: "only-one-line\n", token: null },
  { name: "no terminal for the password", cli: () => member, args: ["account", "2fa", "disable"] },
  { name: "reset two-factor refused off a terminal", cli: () => admin, args: ["admin", "users", "reset-2fa", "eve@example.com"] },
  { name: "unknown session handle (admin)", cli: () => admin, args: ["admin", "sessions", "revoke", "no-such-handle", "--yes"] },
  { name: "neither a user nor a file", cli: () => admin, args: ["admin", "sessions", "revoke-all"] },
  // Backup, restore and copy refusals (local commands: no server needed).
  { name: "backup of a missing database", cli: () => admin, args: ["server", "backup", "--db", "/nonexistent/latchkey.db", "--out", "/tmp/latchkey-never.db"] },
  { name: "restore of a missing backup", cli: () => admin, args: ["server", "restore", "--from", "/nonexistent/backup.db", "--db", "/tmp/latchkey-never.db"] },
  { name: "restore onto itself", cli: () => admin, args: ["server", "restore", "--from", "/etc", "--db", "/tmp/latchkey-never.db"] },
  { name: "copy onto itself", cli: () => admin, args: ["server", "copy", "--from", "a.db", "--to", "a.db"] },
  { name: "copy from nowhere", cli: () => admin, args: ["server", "copy", "--from", "/nonexistent/a.db", "--to", "/tmp/latchkey-never.db"] },
  { name: "copy with a bad batch size", cli: () => admin, args: ["server", "copy", "--from", "a.db", "--to", "b.db", "--batch-size", "0"] },
  { name: "a bad port", cli: () => admin, args: ["server", "check-config", "--port", "99999"] },
  // Permission preflights, the CLI's checks of durations, numbers, formats and files (issue 25).
  { name: "not allowed to ban (preflight)", cli: () => member, args: ["admin", "users", "ban", "eve@example.com", "--yes"] },
  { name: "role does not allow (preflight)", cli: () => member, args: ["org", "members", "remove", "lang-admin@example.com", "--org", "lang-org", "--yes"] },
  { name: "a bad duration", cli: () => admin, args: ["admin", "users", "ban", "eve@example.com", "--expires", "3y", "--yes"] },
  { name: "a zero duration", cli: () => admin, args: ["api-keys", "create", "--name", "x", "--expires-in", "0"] },
  { name: "neither a date nor a duration", cli: () => admin, args: ["admin", "audit", "list", "--since", "yesterday"] },
  { name: "a number out of range", cli: () => admin, args: ["admin", "users", "list", "--limit", "0"] },
  { name: "an unknown export format", cli: () => admin, args: ["admin", "users", "export", "--format", "xml"] },
  { name: "an unknown search field", cli: () => admin, args: ["admin", "users", "list", "--field", "phone"] },
  { name: "a filter field without a value", cli: () => admin, args: ["admin", "users", "list", "--filter-field", "role"] },
  { name: "an empty role", cli: () => admin, args: ["admin", "users", "set-role", "eve@example.com", ","] },
  { name: "an unknown shell", cli: () => admin, args: ["completion", "tcsh"] },
  { name: "no lines to process", cli: () => admin, args: ["admin", "users", "ban", "--from-file", "-", "--yes"], input: "\n# nothing\n" },
  { name: "a CSV without an email column", cli: () => admin, args: ["admin", "users", "import", "-", "--format", "csv"], input: "name\nAda\n" },
  { name: "an import whose rows would fail", cli: () => admin, args: ["admin", "users", "import", "-", "--format", "jsonl", "--dry-run"], input: 'not json\n{"email":"no-at-sign"}\n' },
  { name: "mail list with a bad limit", cli: () => admin, args: ["mail", "list", "--limit", "0"] },
  { name: "mail list of a missing database", cli: () => admin, args: ["mail", "list", "--db", "/nonexistent/latchkey.db"] },
  // import-better-auth's own refusals.
  { name: "import without the better-auth secret", cli: () => admin, args: ["server", "import-better-auth", "--from", "/nonexistent/better-auth.db"] },
  { name: "import with a bad batch size", cli: () => admin, args: ["server", "import-better-auth", "--from", "/nonexistent/better-auth.db", "--better-auth-secret", "s", "--batch-size", "0"] },
  { name: "import from a missing database", cli: () => admin, args: ["server", "import-better-auth", "--from", "/nonexistent/better-auth.db", "--better-auth-secret", "s"] },
  { name: "import into its own source", cli: () => admin, args: ["server", "import-better-auth", "--from", "/etc/hostname", "--db", "/etc/hostname", "--better-auth-secret", "s"] },
  { name: "import from a file that is no database", cli: () => admin, args: ["server", "import-better-auth", "--from", "/etc/hostname", "--db", "/tmp/latchkey-never-import.db", "--better-auth-secret", "s", "--dry-run"] },
];

/** --help of every command group, and of the commands with notes under their options. */
const HELP: string[][] = [
  [],
  ...["profile", "admin", "admin users", "admin sessions", "admin audit", "org", "org invitations", "org members", "org teams", "invitations", "sessions", "account", "account 2fa", "api-keys", "server", "mail"].map((path) => path.split(" ")),
  ...["admin users list", "mail list", "server start", "server check-config", "server backup", "server restore", "server copy", "server rotate-secret", "server create-admin", "admin users ban", "admin users import", "admin audit list", "login"].map((path) => path.split(" ")),
].map((path) => [...path, "--help"]);

describe.each(Object.entries(LANGUAGES))("auth in %s", (language, LANG) => {
  it("says everything in the language, off a terminal", async () => {
    const problems: string[] = [];
    for (const invocation of INVOCATIONS) {
      const options = { input: invocation.input, ...(invocation.token === null ? { token: null } : {}) };
      const english = await invocation.cli().run(invocation.args, { ...options, env: locale("C") });
      const translated = await invocation.cli().run(invocation.args, { ...options, env: locale(LANG) });
      expect(translated.code, invocation.name).toBe(english.code);
      // Something was said, so the comparison means something.
      expect((translated.stdout + translated.stderr).trim(), invocation.name).not.toBe("");
      for (const line of englishLeft(translated.stdout + translated.stderr, english.stdout + english.stderr)) problems.push(`${invocation.name}: ${line}`);
    }
    expect(problems).toEqual([]);
  }, 480_000);

  it("shows --help in the language: every description, argument and note (#25)", async () => {
    const problems: string[] = [];
    for (const args of HELP) {
      const english = await admin.run(args, { env: locale("C") });
      const translated = await admin.run(args, { env: locale(LANG) });
      expect(translated.code, args.join(" ")).toBe(0);
      expect(translated.stdout.trim(), args.join(" ")).not.toBe("");
      for (const line of englishLeft(translated.stdout, english.stdout)) problems.push(`${args.join(" ")}: ${line}`);
      // commander's own "(default: 50)" after a description is worded in the language too.
      if (/\(default: /.test(english.stdout) && /\(default: /.test(translated.stdout)) problems.push(`${args.join(" ")}: (default: …)`);
    }
    expect(problems).toEqual([]);
  }, 480_000);

  it("on a terminal, words the audit log's reasons and the impersonation notices in the language; a typed reason stays as typed (#25)", async () => {
    const who = `reasons-${language}@example.com`;
    const typed = `Spam gemeldet von ${language}-kunde`;
    await server.signUp({ email: who });
    // A failed sign-in (the server writes "invalid email or password") and a ban with a typed reason.
    expect((await member.run(["login", "--email", who, "--password-stdin"], { input: "not the password\n", token: null })).code).not.toBe(0);
    expect((await admin.run(["admin", "users", "ban", who, "--reason", typed, "--yes"])).code).toBe(0);
    const envs = [`LANG=${LANG}`, "LC_ALL=", "LC_MESSAGES=", `AUTH_URL=${server.url}`, `AUTH_TOKEN=${adminToken}`, `XDG_CONFIG_HOME=${admin.configHome}`, "NODE_ENV=test"].map(shellQuote);
    const auth = `env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)}`;
    const audit = driver.open(`${auth} admin audit list --target ${who} --columns action,reason; echo "EXIT=$?"`, { columns: 80, rows: 30 });
    const table = await audit.waitFor(/EXIT=\d+/, 20_000);
    expect(table).toContain("EXIT=0");
    // Headers in the language too (#33); --columns took the same keys.
    expect(table).toMatch(language === "de" ? /^AKTION\s{2,}GRUND$/m : /^ДЕЙСТВИЕ\s{2,}ПРИЧИНА$/m);
    const wrongPassword = language === "de" ? "Falsche E-Mail-Adresse oder falsches Passwort" : "Неверный адрес почты или пароль";
    expect(table).toMatch(new RegExp(`^user\\.sign-in\\s{2,}${wrongPassword}$`, "m"));
    expect(table).toMatch(new RegExp(`^user\\.ban\\s{2,}${typed}$`, "m"));
    expect(table).not.toMatch(/invalid email or password/i);

    const target = `impersonated-${language}@example.com`;
    await server.signUp({ email: target });
    // The stop acts with the saved profile's token: AUTH_TOKEN (the administrator's) would win over it.
    const asProfile = `env ${envs.filter((env) => !env.includes("AUTH_TOKEN=")).join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)}`;
    const start = driver.open(`${auth} admin users impersonate ${target} --save-as imp-${language}; ${asProfile} admin users stop-impersonating --saved-as imp-${language}; echo "EXIT=$?"`, { columns: 160, rows: 30 });
    const notices = await start.waitFor(/EXIT=\d+/, 20_000);
    expect(notices).toContain("EXIT=0");
    expect(notices).toContain(language === "de" ? `Sie handeln als ${target} bis ` : `Вы действуете от имени ${target} до `);
    expect(notices).toContain(language === "de" ? "Identitätsübernahme von " : "Действие от имени ");
    expect(notices).not.toMatch(/Impersonating|Stopped impersonating/);
  }, 90_000);

  it("on a terminal, words what organization, team, invitation, API-key, user list, export and import commands did, and their empty lists (#25)", async () => {
    // Each run acts as its own administrator and names what it creates after itself, so no line
    // of data is the same in both runs: a line the two runs share is English left behind.
    const session = async (tag: string, LANG: string) => {
      const account = await server.signUp({ email: `run-${tag}@example.com` });
      await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", account.userId).execute();
      await server.verifyEmail(account.email);
      writeFileSync(join(files, `bad-${tag}.jsonl`), `{"email":"no-at-sign-${tag}"}\nnot json\n`);
      const envs = [`LANG=${LANG}`, "LC_ALL=", "LC_MESSAGES=", `AUTH_URL=${server.url}`, `AUTH_TOKEN=${account.token}`, `XDG_CONFIG_HOME=${admin.configHome}`, "NODE_ENV=test"].map(shellQuote);
      const auth = `env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)}`;
      const org = `org-${tag}`;
      const steps = [
        `org create --name 'Org ${tag}' --slug ${org}`,
        `org list`,
        `org teams list --org ${org}`,
        `org teams create 'Team ${tag}' --org ${org}`,
        `org teams update 'Team ${tag}' --name 'Crew ${tag}' --org ${org}`,
        `org teams remove 'Crew ${tag}' --org ${org} --yes`,
        `org invitations list --org ${org}`,
        `org invite invitee-${tag}@example.com --role member --org ${org}`,
        `org members list --org ${org}`,
        `invitations list`,
        `api-keys list`,
        `api-keys create --name key-${tag}`,
        `admin users list --search run-${tag}`,
        `admin users list --search nobody-${tag}`,
        `admin users list --search run-${tag} --columns email,nope`,
        `admin users export --out ${shellQuote(join(files, `users-${tag}.jsonl`))}`,
        `admin users import ${shellQuote(join(files, `bad-${tag}.jsonl`))} --dry-run`,
        `org delete ${org} --yes`,
      ];
      const terminal = driver.open(`${steps.map((step) => `${auth} ${step}`).join("; ")}; echo "EXIT=$?"`, { columns: 200, rows: 30 });
      await terminal.waitFor(/EXIT=\d+/, 60_000);
      return terminal.scrollback();
    };
    const english = await session(`en-${language}`, "C");
    const translated = await session(language, LANG);
    // Every step said something in English: the comparison means something.
    for (const said of ["Created team Team en-", "Renamed Team en-", "Removed team Crew en-", "No invitations.", "Invited invitee-en-", "1 of 1 member", "No pending invitations.", "No API keys.", "created. Copy it now", "No users match.", "Unknown column", "with a password hash) to", "would be imported", "Deleted Org en-"]) {
      expect(english, said).toContain(said);
    }
    expect(englishLeft(translated, english)).toEqual([]);
  }, 180_000);

  it("asks and answers in the language on a terminal", async () => {
    const run = async (env: string, answer: string, who: string) => {
      await server.signUp({ email: who });
      const envs = [`LANG=${env}`, "LC_ALL=", "LC_MESSAGES=", `AUTH_URL=${server.url}`, `AUTH_TOKEN=${adminToken}`, `XDG_CONFIG_HOME=${admin.configHome}`, "NODE_ENV=test"].map(shellQuote);
      const terminal = driver.open(`env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} admin users ban ${who} --reason spam --expires 7d; echo "EXIT=$?"`, { columns: 160, rows: 30 });
      await terminal.waitFor(/\[.\/.\]\s*$/m, 20_000);
      terminal.keys(answer, "Enter");
      return terminal.waitFor(/EXIT=\d+/, 20_000);
    };
    const english = await run("C", "y", `term-en-${language}@example.com`);
    const translated = await run(LANG, language === "de" ? "j" : "д", `term-${language}@example.com`);
    expect(english).toContain("EXIT=0");
    expect(translated).toContain("EXIT=0");
    const normalize = (text: string) => text.replace(/term-(en-)?\w+@example\.com/g, "WHO").replace(/\([\w-]{8,}\)/g, "(ID)").replace(/EXIT=0/, "");
    expect(englishLeft(normalize(translated), normalize(english))).toEqual([]);
    expect(translated).toContain(language === "de" ? "[j/N]" : "[д/Н]");
  }, 90_000);
});
