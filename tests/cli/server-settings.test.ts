/**
 * `auth server settings get|set|reset` on a real 80×30 terminal (issue 33, item 10): the table
 * fits, a change applies on the running server at once, a mistyped value is a usage error naming
 * what the setting takes, a locked setting is refused with the reason, and German reads German.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { makeAdmin } from "./harness.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const driver = terminalDriver();
let server: TestServer;
let token: string;

beforeAll(async () => {
  // The configuration names user.deleteUserEnabled: locked.
  server = await startTestServer({ config: { user: { deleteUserEnabled: true } } });
  token = (await makeAdmin(server, "cli-settings@example.com")).token;
}, 60_000);
afterAll(async () => {
  driver.close();
  await server.close();
});

/** Text without its whitespace: the terminal wraps long lines mid-word, and drops the spaces at line ends. */
const squash = (text: string) => text.replace(/\s+/g, "");

/** Runs `auth …` in an 80×30 terminal; resolves with the screen (lines joined) once it exited. */
async function auth(args: string[], env: Record<string, string> = {}): Promise<string> {
  const envs = Object.entries({ TERM: "xterm-256color", LANG: "C.UTF-8", AUTH_URL: server.url, AUTH_TOKEN: token, XDG_CONFIG_HOME: "/nonexistent-latchkey-home", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  const terminal = driver.open(`env -u AUTH_PROFILE -u AUTH_API_KEY -u LC_ALL -u LC_MESSAGES ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`, { columns: 80, rows: 30 });
  await terminal.waitFor(/EXIT=\d+/, 30_000);
  return terminal.scrollback();
}

describe("auth server settings on a terminal", { timeout: 120_000 }, () => {
  it("lists every setting in a table that fits 80 columns", async () => {
    const screen = await auth(["server", "settings", "get"]);
    expect(screen).toContain("EXIT=0");
    expect(screen).toMatch(/emailAndPassword\.requireEmailVerification\s+off\s+default/);
    expect(screen).toMatch(/user\.deleteUserEnabled\s+on\s+configuration\s+locked/);
    for (const line of screen.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  });

  it("changes a setting on the running server, and resets it", async () => {
    const set = await auth(["server", "settings", "set", "emailAndPassword.requireEmailVerification", "on"]);
    expect(set).toContain("EXIT=0");
    expect(squash(set)).toContain(squash("emailAndPassword.requireEmailVerification is now on on every server."));
    expect(server.app.context.config.emailAndPassword.requireEmailVerification).toBe(true);

    const list = await auth(["server", "settings", "set", "twoFactor.requiredForRoles", "support, owner"]);
    expect(list).toContain("EXIT=0");
    expect(server.app.context.config.twoFactor.requiredForRoles).toEqual(["support", "owner"]);
    await auth(["server", "settings", "reset", "twoFactor.requiredForRoles"]);

    const one = await auth(["server", "settings", "get", "emailAndPassword.requireEmailVerification"]);
    expect(one).toMatch(/source\s*:?\s+console/i);
    expect(one).toContain("cli-settings@example.com");

    const reset = await auth(["server", "settings", "reset", "emailAndPassword.requireEmailVerification"]);
    expect(squash(reset)).toContain(squash("emailAndPassword.requireEmailVerification is back to the configuration’s value: off."));
    expect(server.app.context.config.emailAndPassword.requireEmailVerification).toBe(false);
  });

  it("says what a setting takes, and why a locked one is refused", async () => {
    const typo = await auth(["server", "settings", "set", "password.minLength", "twelve"]);
    expect(typo).toContain("EXIT=2");
    expect(squash(typo)).toContain(squash("password.minLength takes a whole number, not “twelve”."));

    const locked = await auth(["server", "settings", "set", "user.deleteUserEnabled", "off"]);
    expect(locked).toContain("EXIT=6");
    expect(squash(locked)).toContain(squash("set in the server's configuration (file, environment or flags), which wins"));
    expect(server.app.context.config.user.deleteUserEnabled).toBe(true);

    // Requiring two-factor for the administrator's own role, with none set up, would shut them out.
    const self = await auth(["server", "settings", "set", "twoFactor.requiredForRoles", "admin"]);
    expect(self).toContain("EXIT=6");
    expect(squash(self)).toContain(squash("this page included: set up a second factor first (SETTING_WOULD_LOCK_YOU_OUT)"));
    expect(server.app.context.config.twoFactor.requiredForRoles).toEqual([]);
  });

  it("speaks German under LANG=de_DE, keys and --json unchanged", async () => {
    const set = await auth(["server", "settings", "set", "user.changeEmailEnabled", "off"], { LANG: "de_DE.UTF-8" });
    expect(squash(set)).toContain(squash("user.changeEmailEnabled ist jetzt auf allen Servern aus."));
    const help = await auth(["server", "settings", "--help"], { LANG: "de_DE.UTF-8" });
    expect(squash(help)).toContain(squash("Einstellung sofort auf allen Servern ändern"));
    await auth(["server", "settings", "reset", "user.changeEmailEnabled"]);
    expect(server.app.context.config.user.changeEmailEnabled).toBe(true);
  });
});
