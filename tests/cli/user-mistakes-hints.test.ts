/**
 * Hints where a newcomer needs them (issue 25): each mistake gets the way out, not just a refusal.
 * The real `auth` binary against a real server (and, for local commands, real files).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

const ENGLISH = { LANG: "C", LC_ALL: undefined, LC_MESSAGES: undefined };
let server: TestServer;
let admin: Cli;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-hints-"));
  server = await startTestServer();
  const account = await server.signUp({ email: "hint-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", account.userId).execute();
  admin = cliFor(server, { token: account.token });
});
afterAll(async () => {
  admin.cleanup();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the command line", () => {
  it("--database: did you mean --db", async () => {
    const result = await admin.run(["server", "migrate", "--database", join(dir, "x.db")], { env: ENGLISH });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown option '--database'\n(Did you mean --db?)");
    expect(existsSync(join(dir, "x.db"))).toBe(false);
  });

  it("auth users list: did you mean auth admin users list", async () => {
    const result = await admin.run(["users", "list"], { env: ENGLISH });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown command 'users'\n(Did you mean auth admin users list?)");
  });

  it("--for, the natural word for a duration: an unknown option names the one that exists (#33)", async () => {
    // api-keys create has --expires-in, not --for: the hint names it (edit distance alone does not).
    const result = await admin.run(["api-keys", "create", "--name", "nightly", "--for", "30d"], { env: ENGLISH });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown option '--for'\n(Did you mean --expires-in?)");
    const ttl = await admin.run(["admin", "users", "list", "--for", "7d"], { env: ENGLISH });
    expect(ttl.code).toBe(2);
    // A command without any duration option gets commander's nearest spelling, not a duration.
    expect(ttl.stderr).not.toContain("--expires");
  });

  it("auth admin ban x --for 7d is --expires 7d; both at once is refused (#33)", async () => {
    const account = await server.signUp({ email: "hint-ban-for@example.com" });
    const now = Date.now();
    server.clock.set(now);
    const both = await admin.run(["admin", "ban", account.email, "--for", "7d", "--expires", "7d", "--yes"], { env: ENGLISH });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("Pass --expires or --for, not both");
    const bad = await admin.run(["admin", "ban", account.email, "--for", "soon", "--yes"], { env: ENGLISH });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--for");
    const row = await server.database.db.selectFrom("user").select(["banned"]).where("id", "=", account.userId).executeTakeFirstOrThrow();
    expect(Boolean(row.banned)).toBe(false);
    const banned = await admin.run(["admin", "ban", account.email, "--for", "7d", "--yes", "--json"]);
    expect(banned.code, banned.stderr).toBe(0);
    // The test server's clock stands still: the ban ends exactly seven days after it.
    expect(Math.abs(new Date(banned.json().user.banExpires).getTime() - (now + 7 * 86_400_000))).toBeLessThan(1000);
  });

  it("auth org invite without --role invites a member, as the console does (#33)", async () => {
    const owner = await server.signUp({ email: "hint-invite-owner@example.com" });
    // Inviting needs a verified address (issue 19).
    await server.verifyEmail(owner.email);
    const ownerCli = cliFor(server, { token: owner.token });
    try {
      expect((await ownerCli.run(["org", "create", "--name", "Invite Default", "--slug", "invite-default", "--json"])).code).toBe(0);
      const invited = await ownerCli.run(["org", "invite", "guest@example.com", "--org", "invite-default", "--json"]);
      expect(invited.code, invited.stderr).toBe(0);
      expect(invited.json().invitation.role).toBe("member");
      const admin2 = await ownerCli.run(["org", "invite", "lead@example.com", "--org", "invite-default", "--role", "admin", "--json"]);
      expect(admin2.json().invitation.role).toBe("admin");
    } finally {
      ownerCli.cleanup();
    }
  });

  it("a folder given as --db names the file it probably meant, and creates nothing", async () => {
    const folder = join(dir, "data-folder");
    mkdirSync(folder);
    for (const command of [["server", "migrate"], ["server", "start", "--port", "0"]]) {
      const result = await admin.run([...command, "--db", folder], { env: ENGLISH });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`error: ${folder} is a folder; --db takes the database file, e.g. ${join(folder, "latchkey.db")}.`);
    }
    // server start would have written its generated secret beside the "database" first.
    expect(existsSync(`${folder}.secret`)).toBe(false);
  });

  it("a config file with a JSON syntax error: line and column", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, '{\n  "logLevel": "warn"\n  "appName": "Acme"\n}\n');
    const result = await admin.run(["server", "check-config", "--config", file], { env: ENGLISH });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Config file ${file} is not valid JSON: line 3, column 3.`);
  });
});

describe("answers from the server", () => {
  it("a reused TOTP code: already used; wait for the next code", async () => {
    const account = await server.signUp({ email: "hint-2fa@example.com" });
    const cli = cliFor(server, { token: account.token });
    try {
      const enabled = (await cli.run(["account", "2fa", "enable", "--password-stdin", "--json"], { input: account.password })).json();
      const now = Date.now();
      server.clock.set(now);
      const code = generateSync({ secret: enabled.secret, epoch: Math.floor(now / 1000), period: 30, digits: 6, algorithm: "sha1" });
      expect((await cli.run(["account", "2fa", "verify", code, "--json"])).code).toBe(0);
      // The same code again, at sign-in: right, but its time step is spent.
      const login = await cli.run(["login", "--email", account.email, "--password-stdin", "--totp-stdin"], { input: `${account.password}\n${code}\n`, env: ENGLISH, token: null });
      expect(login.code).toBe(3);
      expect(login.stderr).toContain("error: This code was already used; wait for the next code. (INVALID_CODE)");
      // A wrong code is still just wrong.
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      const bad = await cli.run(["login", "--email", account.email, "--password-stdin", "--totp-stdin"], { input: `${account.password}\n${wrong}\n`, env: ENGLISH, token: null });
      expect(bad.stderr).toContain("(INVALID_CODE)");
      expect(bad.stderr).not.toContain("already used");
    } finally {
      cli.cleanup();
    }
  });

  it("a banned user sees why, and when the ban ends", async () => {
    const account = await server.signUp({ email: "hint-banned@example.com" });
    server.clock.set(Date.now());
    expect((await admin.run(["admin", "users", "ban", account.email, "--reason", "spam", "--expires", "7d", "--yes", "--json"])).code).toBe(0);
    const until = new Date(Date.now() + 7 * 86_400_000);
    const user = cliFor(server);
    try {
      const login = await user.run(["login", "--email", account.email, "--password-stdin"], { input: account.password, env: { ...ENGLISH, LANG: "en_US.UTF-8", TZ: "UTC" } });
      expect(login.code).toBe(4);
      expect(login.stderr).toContain("(BANNED_USER)");
      expect(login.stderr).toContain("Reason: spam");
      const ends = /The ban ends (.+)\./.exec(login.stderr)?.[1];
      expect(ends, login.stderr).toContain(String(until.getUTCFullYear()));
      expect(ends).toContain(until.toLocaleString("en", { month: "long", timeZone: "UTC" }));
      expect(ends).toContain(String(until.getUTCDate()));
    } finally {
      user.cleanup();
    }
  });

  it("--role boss lists the roles there are", async () => {
    const account = await server.signUp({ email: "hint-role@example.com" });
    const result = await admin.run(["admin", "users", "set-role", account.email, "boss"], { env: ENGLISH });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("(YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE)");
    expect(result.stderr).toMatch(/There is no role boss\. The roles are: (admin, user|user, admin)\./);
  });

  it("a non-member hears that they are not a member of the organization", async () => {
    const owner = await server.signUp({ email: "hint-owner@example.com" });
    const ownerCli = cliFor(server, { token: owner.token });
    const outsider = await server.signUp({ email: "hint-outsider@example.com" });
    const outsiderCli = cliFor(server, { token: outsider.token });
    try {
      expect((await ownerCli.run(["org", "create", "--name", "Nina Labs", "--slug", "nina-labs", "--json"])).code).toBe(0);
      const result = await outsiderCli.run(["org", "members", "list", "--org", "nina-labs"], { env: ENGLISH });
      expect(result.code).toBe(4);
      expect(result.stderr).toContain("error: You are not a member of nina-labs.");
      expect(result.stderr).not.toContain("MEMBER_NOT_FOUND");
    } finally {
      ownerCli.cleanup();
      outsiderCli.cleanup();
    }
  });
});
