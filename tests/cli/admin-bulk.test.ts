/** Bulk work from files and stdin, and import/export of users with their password hashes. */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, makeAdmin, type Cli } from "./harness.js";
import { signedIn } from "../helpers/signed-in.js";

let server: TestServer;
let cli: Cli;
let users: Array<{ email: string; userId: string; token: string; password: string }>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await makeAdmin(server, "root@example.com");
  cli = cliFor(server, { token: admin.token });
  users = [];
  for (let i = 0; i < 4; i++) users.push(await server.signUp({ email: `bulk${i}@example.com`, name: `Bulk ${i}` }));
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

async function bannedEmails(): Promise<string[]> {
  const rows = await server.database.db.selectFrom("user").select("email").where("banned", "=", 1).orderBy("email").execute();
  return rows.map((row) => row.email);
}

describe("bulk ban, unban, revoke-all and remove", () => {
  it("--dry-run resolves every line and changes nothing", async () => {
    const file = join(cli.configHome, "dry.txt");
    writeFileSync(file, `bulk0@example.com\n${users[1]!.userId}\nghost@example.com\n`);
    const result = await cli.run(["admin", "users", "ban", "--from-file", file, "--dry-run", "--json"]);
    expect(result.code).toBe(1);
    expect(result.json()).toMatchObject({ action: "banned", dryRun: true, total: 3, succeeded: 2, failed: 1 });
    expect(await bannedEmails()).toEqual([]);
  });

  it("bans good lines from a file, continues past bad ones, prints a summary and exits 1", async () => {
    const file = join(cli.configHome, "ban.txt");
    writeFileSync(file, ["# spammers", "bulk0@example.com", "", "ghost@example.com", users[1]!.userId, "no-such-id", "bulk0@example.com", "bulk2@example.com"].join("\n"));
    const result = await cli.run(["admin", "users", "ban", "--from-file", file, "--reason", "spam", "--yes", "--json"]);
    expect(result.code).toBe(1);
    const out = result.json();
    expect(out).toMatchObject({ action: "banned", dryRun: false, total: 5, succeeded: 3, failed: 2 });
    expect(out.results.map((r: { input: string; ok: boolean }) => [r.input, r.ok])).toEqual([
      ["bulk0@example.com", true],
      ["ghost@example.com", false],
      [users[1]!.userId, true],
      ["no-such-id", false],
      ["bulk2@example.com", true],
    ]);
    expect(out.results[1].error).toEqual({ code: "USER_NOT_FOUND", message: expect.any(String) });
    expect(result.stderr).toContain("2 of 5 failed");
    expect(await bannedEmails()).toEqual(["bulk0@example.com", "bulk1@example.com", "bulk2@example.com"]);
  });

  it("stops before the first line when the caller may not do the work at all (exit 4)", async () => {
    const plain = await server.signUp({ name: "Not an admin" });
    const result = await cli.run(["admin", "users", "ban", "--from-file", "-", "--dry-run", "--json"], { input: "bulk0@example.com\nbulk1@example.com\n", token: plain.token });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain("You are not allowed to ban users (needs user:ban)");
    expect(result.stdout).toBe("");
  });

  it("refuses bulk destruction off a terminal without --yes", async () => {
    const result = await cli.run(["admin", "users", "remove", "--from-file", "-"], { input: "bulk3@example.com\n" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--yes");
  });

  it("unbans from standard input with JSON lines and exits 0 when all succeed", async () => {
    const result = await cli.run(["admin", "users", "unban", "--from-file", "-", "--jsonl"], { input: "bulk0@example.com\nbulk1@example.com\n" });
    expect(result.code).toBe(0);
    const lines = result.lines();
    expect(lines.slice(0, 2).map((l) => l.ok)).toEqual([true, true]);
    expect(lines[2]).toEqual({ summary: { action: "unbanned", dryRun: false, total: 2, succeeded: 2, failed: 0 } });
    expect(await bannedEmails()).toEqual(["bulk2@example.com"]);
  });

  it("revokes every session of listed users, and removes users", async () => {
    const revoke = await cli.run(["admin", "sessions", "revoke-all", "--from-file", "-", "--yes", "--json"], { input: "bulk3@example.com\nnobody@example.com\n" });
    expect(revoke.code).toBe(1);
    expect(revoke.json()).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(await server.client(users[3]!.token).getSession()).toBeNull();

    const remove = await cli.run(["admin", "users", "remove", "--from-file", "-", "--yes", "--json"], { input: "bulk3@example.com\n" });
    expect(remove.code).toBe(0);
    expect(remove.json()).toMatchObject({ action: "removed", total: 1, succeeded: 1, failed: 0 });
    const left = await server.database.db.selectFrom("user").select("id").where("email", "=", "bulk3@example.com").execute();
    expect(left).toEqual([]);
  });

  it("says clearly when the file is missing or empty (exit 2)", async () => {
    expect((await cli.run(["admin", "users", "ban", "--from-file", "/no/such/file", "--yes"])).code).toBe(2);
    expect((await cli.run(["admin", "users", "ban", "--from-file", "-", "--yes"], { input: "\n# nothing\n" })).code).toBe(2);
    expect((await cli.run(["admin", "users", "ban", "bulk0@example.com", "--from-file", "-", "--yes"])).code).toBe(2);
  });
});

describe("export and import", () => {
  let target: TestServer;
  let targetCli: Cli;

  beforeAll(async () => {
    target = await startTestServer();
    const admin = await makeAdmin(target, "root2@example.com");
    targetCli = cliFor(target, { token: admin.token });
  });
  afterAll(async () => {
    targetCli.cleanup();
    await target.close();
  });

  it("exports every user with password hashes to a private file, and imports them elsewhere where they sign in", async () => {
    const file = join(cli.configHome, "users.jsonl");
    const exported = await cli.run(["admin", "users", "export", "--out", file, "--json"]);
    expect(exported.code).toBe(0);
    const total = (await server.database.db.selectFrom("user").select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    expect(exported.json()).toEqual({ exported: Number(total), withPasswordHash: Number(total), format: "jsonl", out: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const rows = readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(rows.find((r) => r.email === "bulk0@example.com").passwordHash).toMatch(/^\$argon2id\$/);

    const imported = await targetCli.run(["admin", "users", "import", file, "--json"]);
    expect(imported.code).toBe(0);
    const out = imported.json();
    expect(out).toMatchObject({ total: rows.length, imported: rows.length, failed: 0 });
    expect(out.results.every((r: { ok: boolean; id?: string }) => r.ok && r.id)).toBe(true);

    // The hash travelled: the user signs in on the new server with the old password.
    const signIn = await target.client().signInEmail({ email: "bulk0@example.com", password: users[0]!.password });
    expect(signedIn(signIn).user.email).toBe("bulk0@example.com");
    const moved = (await targetCli.run(["admin", "users", "get", "bulk0@example.com", "--json"])).json().user;
    expect(moved.name).toBe("Bulk 0");

    // Importing again conflicts row by row; every row is reported and the exit code is 1.
    const again = await targetCli.run(["admin", "users", "import", file, "--jsonl"]);
    expect(again.code).toBe(1);
    const lines = again.lines();
    expect(lines.at(-1)).toEqual({ summary: { total: rows.length, imported: 0, failed: rows.length } });
    expect(lines[0]).toMatchObject({ ok: false, code: expect.stringMatching(/ALREADY_EXISTS/) });
  });

  it("exports CSV and imports CSV with a better-auth scrypt hash, reporting bad rows and continuing", async () => {
    const csv = await cli.run(["admin", "users", "export", "--format", "csv"]);
    expect(csv.code).toBe(0);
    const [header, ...body] = csv.stdout.trim().split("\n");
    expect(header).toBe("id,email,name,emailVerified,role,banned,banReason,banExpires,username,displayUsername,language,image,createdAt,updatedAt,passwordHash");
    expect(body.some((line) => line.includes("bulk1@example.com") && line.includes("$argon2id$"))).toBe(true);

    const { scryptSync } = await import("node:crypto");
    const salt = "0123456789abcdef0123456789abcdef";
    const key = scryptSync("legacy-password-1".normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
    const file = join(cli.configHome, "legacy.csv");
    writeFileSync(
      file,
      [
        "email,name,emailVerified,role,passwordHash",
        `legacy@example.com,"Legacy, User",true,user,${salt}:${key.toString("hex")}`,
        ",No Email,false,user,",
        "plain@example.com,Plain,false,,",
      ].join("\n") + "\n",
    );
    const dry = await targetCli.run(["admin", "users", "import", file, "--dry-run", "--json"]);
    expect(dry.code).toBe(1);
    expect(dry.json()).toMatchObject({ dryRun: true, total: 3, valid: 2, invalid: 1, withPasswordHash: 1 });
    expect((await target.database.db.selectFrom("user").select("id").where("email", "=", "legacy@example.com").execute())).toEqual([]);

    const imported = await targetCli.run(["admin", "users", "import", file, "--json"]);
    expect(imported.code).toBe(1);
    const out = imported.json();
    expect(out).toMatchObject({ total: 3, imported: 2, failed: 1 });
    expect(out.results.map((r: { line: number; ok: boolean }) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, false],
      [4, true],
    ]);
    const signIn = await target.client().signInEmail({ email: "legacy@example.com", password: "legacy-password-1" });
    expect(signedIn(signIn).user).toMatchObject({ name: "Legacy, User", emailVerified: true });
  });
});
