/** auth admin users | sessions | audit against a real server: happy paths, --json shapes, exit codes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";
import { signedIn } from "../helpers/signed-in.js";

let server: TestServer;
let cli: Cli;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await makeAdmin(server, "root@example.com");
  cli = cliFor(server, { token: admin.token });
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

// Each test runs several `auth` processes, each a Node start: two timed out at the default 30 s at
// load average 30 (seen), so 90 s; each process keeps runCli's own bound.
describe("auth admin users", { timeout: 90_000 }, () => {
  it("creates a user with a password from stdin who can then sign in, and refuses a duplicate with exit 6", async () => {
    const created = await cli.run(["admin", "users", "create", "--email", "Ada@Example.com", "--name", "Ada", "--password-stdin", "--verified", "--json"], { input: "ada-password-1\n" });
    expect(created.code).toBe(0);
    expect(created.json().user).toMatchObject({ email: "ada@example.com", name: "Ada", role: "user", emailVerified: true });
    const signIn = await server.client().signInEmail({ email: "ada@example.com", password: "ada-password-1" });
    expect(signedIn(signIn).user.email).toBe("ada@example.com");

    const duplicate = await cli.run(["admin", "users", "create", "--email", "ada@example.com", "--without-password"]);
    expect(duplicate.code).toBe(6);
    expect(duplicate.stderr).toMatch(/USER_ALREADY_EXISTS/);
  });

  it("lists with search, filter, sort and paging, and --all walks every page", async () => {
    for (const name of ["bob", "carol", "dave"]) {
      const made = await cli.run(["admin", "users", "create", "--email", `${name}@corp.example`, "--name", name, "--without-password"]);
      expect(made.code).toBe(0);
    }
    const search = await cli.run(["admin", "users", "list", "--search", "corp.example", "--sort", "email", "--direction", "desc", "--json"]);
    expect(search.code).toBe(0);
    const page = search.json();
    expect(page.total).toBe(3);
    expect(page.users.map((u: { email: string }) => u.email)).toEqual(["dave@corp.example", "carol@corp.example", "bob@corp.example"]);

    const limited = (await cli.run(["admin", "users", "list", "--limit", "2", "--offset", "1", "--sort", "email", "--json"])).json();
    expect(limited.users).toHaveLength(2);
    expect(limited.offset).toBe(1);

    const all = await cli.run(["admin", "users", "list", "--all", "--limit", "2", "--jsonl"]);
    const everyone = all.lines();
    expect(everyone.length).toBe(limited.total);
    expect(new Set(everyone.map((u) => u.id)).size).toBe(everyone.length);

    const admins = (await cli.run(["admin", "users", "list", "--filter-field", "role", "--filter-value", "admin", "--json"])).json();
    expect(admins.users.map((u: { email: string }) => u.email)).toEqual(["root@example.com"]);

    const bad = await cli.run(["admin", "users", "list", "--limit", "0"]);
    expect(bad.code).toBe(2);
  });

  it("gets a user by id or by email, and exits 5 for nobody", async () => {
    const byEmail = (await cli.run(["admin", "users", "get", "bob@corp.example", "--json"])).json().user;
    const byId = (await cli.run(["admin", "users", "get", byEmail.id, "--json"])).json().user;
    expect(byId).toEqual(byEmail);
    const missingEmail = await cli.run(["admin", "users", "get", "nobody@example.com"]);
    expect(missingEmail.code).toBe(5);
    const missingId = await cli.run(["admin", "users", "get", "no-such-id"]);
    expect(missingId.code).toBe(5);
  });

  it("sets roles and passwords", async () => {
    const role = await cli.run(["admin", "users", "set-role", "bob@corp.example", "admin,user", "--json"]);
    expect(role.code).toBe(0);
    expect(role.json().user.role).toBe("admin,user");
    const unknown = await cli.run(["admin", "users", "set-role", "bob@corp.example", "wizard"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE");
    const password = await cli.run(["admin", "users", "set-password", "carol@corp.example", "--password-stdin", "--json"], { input: "carol-password-9" });
    expect(password.code).toBe(0);
    expect(password.json()).toMatchObject({ email: "carol@corp.example", status: true });
    const signIn = await server.client().signInEmail({ email: "carol@corp.example", password: "carol-password-9" });
    expect(signedIn(signIn).user.email).toBe("carol@corp.example");
    const noStdin = await cli.run(["admin", "users", "set-password", "carol@corp.example"]);
    expect(noStdin.code).toBe(2);
  });

  it("bans with a reason and expiry (ending sessions), refuses without --yes off a terminal, and unbans", async () => {
    const victim = await server.signUp({ email: "mallory@example.com" });
    const refused = await cli.run(["admin", "users", "ban", "mallory@example.com"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--yes");
    expect(await server.client(victim.token).getSession()).not.toBeNull();

    const banned = await cli.run(["admin", "users", "ban", "mallory@example.com", "--reason", "spam", "--expires", "7d", "--yes", "--json"]);
    expect(banned.code).toBe(0);
    const user = banned.json().user;
    expect(user).toMatchObject({ banned: true, banReason: "spam" });
    const days = (Date.parse(user.banExpires) - server.clock.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(await server.client(victim.token).getSession()).toBeNull();

    const badExpiry = await cli.run(["admin", "users", "ban", "mallory@example.com", "--expires", "soon", "--yes"]);
    expect(badExpiry.code).toBe(2);
    const unbanned = await cli.run(["admin", "users", "unban", "mallory@example.com", "--json"]);
    expect(unbanned.json().user).toMatchObject({ banned: false, banReason: null });
  });

  it("impersonates a user into a profile the CLI can act through", async () => {
    const result = await cli.run(["admin", "users", "impersonate", "dave@corp.example", "--save-as", "as-dave", "--json"]);
    expect(result.code).toBe(0);
    const out = result.json();
    expect(out).toMatchObject({ profile: "as-dave", user: { email: "dave@corp.example" }, session: { impersonatedBy: admin.userId } });
    expect(out.token).toBeUndefined();
    const who = await cli.run(["whoami", "--profile", "as-dave", "--json"], { token: null });
    expect(who.code).toBe(0);
    expect(who.json().user.email).toBe("dave@corp.example");
    expect(who.json().session.impersonatedBy).toBe(admin.userId);

    const stopped = await cli.run(["admin", "users", "stop-impersonating", "--saved-as", "as-dave", "--json"], { token: null });
    expect(stopped.code).toBe(0);
    expect(stopped.json()).toMatchObject({ profile: "as-dave", stopped: true });
    const after = await cli.run(["whoami", "--profile", "as-dave"], { token: null });
    expect(after.code).toBe(3);
    const sessions = (await cli.run(["admin", "sessions", "list", "dave@corp.example", "--json"])).json().sessions as Array<{ impersonatedBy: string | null }>;
    expect(sessions.filter((s) => s.impersonatedBy)).toEqual([]);
  });

  it("removes a user after confirmation", async () => {
    const removed = await cli.run(["admin", "users", "remove", "dave@corp.example", "--yes", "--json"]);
    expect(removed.code).toBe(0);
    expect(removed.json().user.email).toBe("dave@corp.example");
    expect((await cli.run(["admin", "users", "get", "dave@corp.example"])).code).toBe(5);
  });

  it("exits 4 for a signed-in user who is not an administrator", async () => {
    const plain = await server.signUp({ name: "Plain" });
    const result = await cli.run(["admin", "users", "list"], { token: plain.token });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/\(YOU_ARE_NOT_ALLOWED|\(FORBIDDEN|\(NOT_AUTHORIZED/);
  });
});

describe("auth admin sessions", { timeout: 90_000 }, () => {
  it("lists a user's sessions and revokes one by handle, then all", async () => {
    const user = await server.signUp({ email: "sessions@example.com" });
    const second = await server.client().signInEmail({ email: user.email, password: user.password });
    const list = await cli.run(["admin", "sessions", "list", "sessions@example.com", "--json"]);
    expect(list.code).toBe(0);
    const sessions = list.json().sessions as Array<{ token: string }>;
    expect(sessions).toHaveLength(2);
    expect(list.json().user).toEqual({ id: user.userId, email: user.email });

    const revoke = await cli.run(["admin", "sessions", "revoke", sessions[0]!.token, "--yes", "--json"]);
    expect(revoke.code).toBe(0);
    expect(revoke.json()).toEqual({ success: true, revoked: true });
    expect((await cli.run(["admin", "sessions", "list", user.userId, "--jsonl"])).lines()).toHaveLength(1);

    const all = await cli.run(["admin", "sessions", "revoke-all", "sessions@example.com", "--yes", "--json"]);
    expect(all.json()).toEqual({ success: true, userId: user.userId });
    expect(await server.client(user.token).getSession()).toBeNull();
    expect(await server.client(signedIn(second).token).getSession()).toBeNull();
  });
});

describe("auth admin audit", { timeout: 90_000 }, () => {
  it("lists events filtered by actor (by email), action prefix and time", async () => {
    // Audit writes are asynchronous: write what is queued instead of waiting and hoping it is done.
    await server.app.context.audit.flush();
    const bans = await cli.run(["admin", "audit", "list", "--actor", "root@example.com", "--action", "user.ban", "--json"]);
    expect(bans.code).toBe(0);
    const events = bans.json().events as Array<{ action: string; actorId: string; targetId: string }>;
    expect(events.length).toBeGreaterThanOrEqual(1);
    for (const event of events) expect(event).toMatchObject({ action: "user.ban", actorId: admin.userId });
    const prefix = (await cli.run(["admin", "audit", "list", "--action", "user.*", "--since", "1h", "--limit", "500", "--json"])).json();
    expect(prefix.events.some((e: { action: string }) => e.action === "user.unban")).toBe(true);
    const future = (await cli.run(["admin", "audit", "list", "--since", new Date(Date.now() + 3_600_000).toISOString(), "--json"])).json();
    expect(future.events).toEqual([]);
    const badTime = await cli.run(["admin", "audit", "list", "--since", "yesterday-ish"]);
    expect(badTime.code).toBe(2);
  });

  it("tail prints new events as they happen", async () => {
    const { spawn } = await import("node:child_process");
    const { AUTH_BIN } = await import("../helpers/run-cli.js");
    const child = spawn(process.execPath, [AUTH_BIN, "admin", "audit", "tail", "--backlog", "0", "--interval", "0.2s", "--count", "1", "--action", "user.ban"], {
      env: { ...process.env, AUTH_URL: server.url, AUTH_TOKEN: admin.token, XDG_CONFIG_HOME: cli.configHome },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // A ban made before tail's first look is not new to it: ban one more each half second until
    // tail prints, however slow the machine is to start it (a fixed wait missed on a busy machine).
    const targets: string[] = [];
    for (let i = 0; i < 40 && stdout === "" && child.exitCode === null; i++) {
      const target = await server.signUp({ email: `tailed-${i}@example.com` });
      targets.push(target.userId);
      await server.client(admin.token).adminBanUser({ userId: target.userId, banReason: "tail test" });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("timeout"), 10_000))]);
    if (code === "timeout") child.kill();
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: "user.ban", reason: "tail test" });
    expect(targets).toContain(lines[0].targetId);
  });

  it("tail --count 1 prints the next match only, not every earlier one first (#25)", async () => {
    const { spawn } = await import("node:child_process");
    const { AUTH_BIN } = await import("../helpers/run-cli.js");
    // Earlier matches exist: the test above banned someone.
    expect((await cli.run(["admin", "audit", "list", "--action", "user.ban", "--json"])).json().events.length).toBeGreaterThan(0);
    const child = spawn(process.execPath, [AUTH_BIN, "admin", "audit", "tail", "--interval", "0.2s", "--count", "1", "--action", "user.ban"], {
      env: { ...process.env, AUTH_URL: server.url, AUTH_TOKEN: admin.token, XDG_CONFIG_HOME: cli.configHome },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // A ban made before tail's first look counts as earlier: ban one more each half second until
    // tail prints, however slow the machine is to start it.
    const targets: string[] = [];
    for (let i = 0; i < 40 && stdout === "" && child.exitCode === null; i++) {
      const target = await server.signUp({ email: `tailed-next-${i}@example.com` });
      targets.push(target.userId);
      await server.client(admin.token).adminBanUser({ userId: target.userId, banReason: "the next one" });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("timeout"), 10_000))]);
    if (code === "timeout") child.kill();
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: "user.ban", reason: "the next one" });
    expect(targets).toContain(lines[0].targetId);
  });
});

describe("the short forms auth admin ban | unban | revoke-sessions (#25)", { timeout: 90_000 }, () => {
  it("ban, unban and end sessions as the long forms do, and --help lists them", async () => {
    const target = await server.signUp({ email: "short-form@example.com" });
    const banned = await cli.run(["admin", "ban", "short-form@example.com", "--reason", "short form", "--expires", "1d", "--yes", "--json"]);
    expect(banned.code).toBe(0);
    expect(banned.json().user).toMatchObject({ email: "short-form@example.com", banned: true, banReason: "short form" });
    expect(await server.client(target.token).getSession()).toBeNull();

    const unbanned = await cli.run(["admin", "unban", "short-form@example.com", "--json"]);
    expect(unbanned.code).toBe(0);
    expect(unbanned.json().user).toMatchObject({ banned: false });

    const session = await server.client().signInEmail({ email: "short-form@example.com", password: target.password });
    const revoked = await cli.run(["admin", "revoke-sessions", "short-form@example.com", "--yes", "--json"]);
    expect(revoked.code).toBe(0);
    expect(await server.client(signedIn(session).token).getSession()).toBeNull();

    const refused = await cli.run(["admin", "ban", "short-form@example.com"]);
    expect(refused.code).toBe(2);

    const help = await cli.run(["admin", "--help"]);
    expect(help.stdout).toMatch(/^\s+ban \[options\] \[user\]\s+ban users/m);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("(short for `auth admin users ban`)");
    expect(help.stdout).toMatch(/^\s+unban \[options\] \[user\]/m);
    expect(help.stdout).toMatch(/^\s+revoke-sessions \[options\] \[user\]/m);
    expect((await cli.run(["admin", "ban", "--help"])).stdout).toContain("auth admin ban spam@example.com --reason spam --expires 7d");
  });
});
