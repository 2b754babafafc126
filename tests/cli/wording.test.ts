/**
 * The CLI's sentences and table words as a person reads them on a terminal (issue 33, item 7):
 * the right person named, plurals in the language's forms, nothing said twice, times as people
 * read them, and translated tables whose `--columns` keys and --json stay the same. Human output
 * only appears on a terminal, so each run is in a real one (tmux at 80×30, terminal-driver.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const driver = terminalDriver();
const ENGLISH = { LANG: "en_US.UTF-8", TZ: "UTC" };
const RUSSIAN = { LANG: "ru_RU.UTF-8", TZ: "UTC" };
let server: TestServer;
let cli: Cli;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

/** `auth …` in a fresh 80×30 terminal; resolves with everything it printed once it exits. */
async function onTerminal(args: string[], env: Record<string, string>): Promise<string> {
  const envs = Object.entries({ XDG_CONFIG_HOME: cli.configHome, TERM: "xterm-256color", LC_ALL: "", LC_MESSAGES: "", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  const term = driver.open(`env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, { columns: 80, rows: 30 });
  await term.waitFor(/EXIT=\d+/);
  return term.scrollback();
}

const asAdmin = (env: Record<string, string> = ENGLISH) => ({ AUTH_TOKEN: admin.token, AUTH_URL: server.url, ...env });

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAdmin(server, "wording-admin@example.com");
  cli = cliFor(server, { token: admin.token });
});
afterAll(async () => {
  driver.close();
  cli.cleanup();
  await server.close();
});

describe("who is named", () => {
  it("stop-impersonating names the user acted as, and whoami names the administrator by email with human times", async () => {
    await server.signUp({ email: "wording-dave@example.com", name: "Dave" });
    expect((await cli.run(["admin", "users", "impersonate", "wording-dave@example.com", "--save-as", "as-dave", "--json"])).code).toBe(0);

    const who = await onTerminal(["whoami", "--profile", "as-dave"], { AUTH_URL: server.url, ...ENGLISH });
    expect(who).toContain("EXIT=0");
    expect(who).toMatch(/Impersonated by\s+wording-admin@example\.com/);
    expect(who).not.toContain(admin.userId);
    // "November 28, 2026 at 8:15 AM (in 59 minutes)": the local date in words, then how far ahead.
    expect(who).toMatch(/Session expires\s+[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M \(in (\d+ minutes|1 hour)\)/);
    expect(who).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    // In Russian the field names and the role are Russian too (--json keeps the keys).
    const russian = await onTerminal(["whoami", "--profile", "as-dave"], { AUTH_URL: server.url, ...RUSSIAN });
    expect(russian).toContain("EXIT=0");
    expect(russian).toMatch(/Вошёл от имени\s+wording-admin@example\.com/);
    expect(russian).toMatch(/Сеанс истекает\s+\S/);
    expect(russian).not.toMatch(/sessionExpires|impersonatedBy|activeOrganization/);

    const stopped = await onTerminal(["admin", "users", "stop-impersonating", "--saved-as", "as-dave"], { AUTH_URL: server.url, ...ENGLISH });
    expect(stopped).toContain("EXIT=0");
    expect(stopped).toContain('Stopped impersonating wording-dave@example.com; profile "as-dave" removed.');
    expect(stopped).not.toContain("impersonating wording-admin@example.com");
  });

  it("unlock says Unlocked only when the user was locked", async () => {
    const free = await server.signUp({ email: "wording-free@example.com" });
    const locked = await server.signUp({ email: "wording-locked@example.com" });
    await server.database.db
      .updateTable("user")
      .set({ failedSignInCount: 10, lockedUntil: server.clock.now() + 3_600_000 })
      .where("id", "=", locked.userId)
      .execute();
    const notLocked = await onTerminal(["admin", "users", "unlock", free.email], asAdmin());
    expect(notLocked).toContain("wording-free@example.com was not locked; there was nothing to unlock.");
    expect(notLocked).not.toContain("Unlocked");
    const unlocked = await onTerminal(["admin", "users", "unlock", locked.email], asAdmin());
    expect(unlocked).toContain("Unlocked wording-locked@example.com.");
  });

  it("an organization's member is now a member or an admin, and accepting an invitation names the organization", async () => {
    const owner = await server.signUp({ email: "wording-owner@example.com" });
    const guest = await server.signUp({ email: "wording-guest@example.com" });
    await server.verifyEmail(owner.email);
    await server.verifyEmail(guest.email);
    const ownerEnv = { AUTH_TOKEN: owner.token, AUTH_URL: server.url, ...ENGLISH };
    const ownerCli = cliFor(server, { token: owner.token });
    try {
      expect((await ownerCli.run(["org", "create", "--name", "Wording Works", "--slug", "wording-works", "--json"])).code).toBe(0);
      const invitation = (await ownerCli.run(["org", "invite", guest.email, "--org", "wording-works", "--json"])).json().invitation;
      const joined = await onTerminal(["invitations", "accept", invitation.id], { AUTH_TOKEN: guest.token, AUTH_URL: server.url, ...ENGLISH });
      expect(joined).toContain("Joined organization Wording Works as member.");
      expect(joined).not.toContain(invitation.organizationId);
      const promoted = await onTerminal(["org", "members", "set-role", guest.email, "admin", "--org", "wording-works"], ownerEnv);
      expect(promoted).toContain("wording-guest@example.com is now an admin.");
      const demoted = await onTerminal(["org", "members", "set-role", guest.email, "member", "--org", "wording-works"], ownerEnv);
      expect(demoted).toContain("wording-guest@example.com is now a member.");
      const russian = await onTerminal(["org", "members", "set-role", guest.email, "admin", "--org", "wording-works"], { ...ownerEnv, ...RUSSIAN });
      expect(russian).toContain("Роль wording-guest@example.com теперь: администратор.");
    } finally {
      ownerCli.cleanup();
    }
  });
});

describe("counting", () => {
  it("one user is 1 user; nothing found is said once", async () => {
    const one = await onTerminal(["admin", "users", "list", "--search", "wording-admin"], asAdmin());
    expect(one).toMatch(/^1 of 1 user$/m);
    const none = await onTerminal(["admin", "users", "list", "--search", "nobody-at-all"], asAdmin());
    expect(none).toContain("No users match.");
    expect(none).not.toMatch(/0 of 0/);
    // German counts in its own forms: "von 1 Benutzer", "von 2 Benutzern".
    const german = await onTerminal(["admin", "users", "list", "--search", "wording-admin"], asAdmin({ LANG: "de_DE.UTF-8", TZ: "UTC" }));
    expect(german).toMatch(/^1 von 1 Benutzer$/m);
  });
});

describe("translated tables", () => {
  it("Russian shows Russian headers, yes/no and role names; --columns takes the same keys; --json is unchanged", async () => {
    await server.signUp({ email: "wording-row@example.com", name: "Row" });
    const table = await onTerminal(["admin", "users", "list", "--search", "wording-", "--columns", "email,role,banned,verified"], asAdmin(RUSSIAN));
    expect(table).toContain("EXIT=0");
    expect(table).toMatch(/^ЭЛ\. ПОЧТА\s{2,}РОЛЬ\s{2,}ЗАБЛОКИРОВАН\s{2,}ПОДТВЕРЖДЁН$/m);
    expect(table).toMatch(/wording-admin@example\.com\s{2,}администратор\s{2,}нет\s{2,}нет$/m);
    expect(table).toMatch(/wording-row@example\.com\s{2,}пользователь\s{2,}нет\s{2,}нет$/m);
    expect(table).not.toMatch(/\b(true|false)\b/);
    const json = await cli.run(["admin", "users", "list", "--search", "wording-row", "--json"], { env: RUSSIAN });
    expect(json.json().users[0]).toMatchObject({ email: "wording-row@example.com", role: "user", banned: false });
    const unknown = await onTerminal(["admin", "users", "list", "--columns", "email,shoe-size"], asAdmin(RUSSIAN));
    // The columns it knows are named by their --columns words, not the Russian headers.
    expect(unknown).toMatch(/email.*verified.*created/);
  });
});

describe("the audit log names people", () => {
  it("auth admin audit list at 80 columns shows the administrator's and the target's emails, not ids (#33)", async () => {
    const target = await server.signUp({ email: "wording-spammer@example.com", name: "Spammer" });
    expect((await cli.run(["admin", "ban", target.email, "--reason", "spam", "--yes", "--json"])).code).toBe(0);
    const screen = await onTerminal(["admin", "audit", "list", "--action", "user.ban", "--target", target.email], asAdmin());
    expect(screen).toContain("EXIT=0");
    expect(screen).toMatch(/user\.ban\s{2,}.*wording-admin@example\.com\s{2,}wording-spammer@example\.com/);
    expect(screen).not.toContain(admin.userId.slice(0, 8));
    expect(screen).not.toContain(target.userId.slice(0, 8));
    // --json keeps the ids, with the people beside them.
    const json = (await cli.run(["admin", "audit", "list", "--action", "user.ban", "--target", target.email, "--json"])).json();
    expect(json.events[0]).toMatchObject({ actorId: admin.userId, targetId: target.userId, target: { email: "wording-spammer@example.com", name: "Spammer" } });
  });
});
