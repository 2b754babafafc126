/**
 * Interactive views in a real pseudo-terminal (tmux on a private socket, or util-linux's
 * `script` where tmux is not installed — terminal-driver.ts): the masked password prompt, an Ink
 * table, the bulk progress bar, and the confirmation of destructive commands.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN } from "../helpers/run-cli.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const driver = terminalDriver();
let server: TestServer;
let cli: Cli;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

/** Runs `auth …` in a fresh 120×30 terminal; what it printed stays readable after exit. */
function terminal(args: string[], env: Record<string, string>) {
  const envs = Object.entries({ XDG_CONFIG_HOME: cli.configHome, TERM: "xterm-256color", ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
  return driver.open(`env ${envs.join(" ")} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")}; echo "EXIT=$?"`);
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

describe("on a terminal", () => {
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
    expect((await server.client().signInEmail({ email: "twice@example.com", password: "one long passphrase" })).user.email).toBe("twice@example.com");
  });
});
