/** Commands that need no server session: server backup, completion scripts, and --help everywhere. */
import { execFileSync } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/program.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { cliFor, type Cli } from "./harness.js";

let server: TestServer;
let cli: Cli;

beforeAll(async () => {
  server = await startTestServer();
  cli = cliFor(null);
});
afterAll(async () => {
  cli.cleanup();
  await server.close();
});

describe("auth server backup", () => {
  it("copies the database consistently while the server keeps writing, into a 0600 file", async () => {
    for (let i = 0; i < 5; i++) await server.signUp({ email: `before${i}@example.com` });
    const out = join(cli.configHome, "backup.db");
    let writing = true;
    const writes = (async () => {
      let n = 0;
      while (writing) await server.signUp({ email: `during${n++}@example.com` });
      return n;
    })();
    const result = await cli.run(["server", "backup", "--db", server.dbFile, "--out", out, "--json"]);
    writing = false;
    await writes;
    expect(result.code).toBe(0);
    const report = result.json();
    expect(report).toMatchObject({ db: server.dbFile, out, integrity: "ok", pages: expect.any(Number), bytes: statSync(out).size });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const copy = new Database(out, { readonly: true });
    try {
      expect(copy.prepare("PRAGMA integrity_check").pluck().get()).toBe("ok");
      const emails = copy.prepare("SELECT email FROM user").pluck().all() as string[];
      for (let i = 0; i < 5; i++) expect(emails).toContain(`before${i}@example.com`);
      // Every user row in the copy is whole: the session/account rows of a copied user came with it.
      const orphans = copy.prepare("SELECT COUNT(*) FROM account WHERE userId NOT IN (SELECT id FROM user)").pluck().get();
      expect(orphans).toBe(0);
    } finally {
      copy.close();
    }
  });

  it("asks before replacing an existing file (exit 2 without --yes) and replaces it with --yes", async () => {
    const out = join(cli.configHome, "existing.db");
    writeFileSync(out, "not a database");
    const refused = await cli.run(["server", "backup", "--db", server.dbFile, "--out", out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--yes");
    const replaced = await cli.run(["server", "backup", "--db", server.dbFile, "--out", out, "--yes", "--json"]);
    expect(replaced.code).toBe(0);
    expect(statSync(out).size).toBeGreaterThan(1000);
  });

  it("exits 5 when the database does not exist", async () => {
    const missing = await cli.run(["server", "backup", "--db", join(cli.configHome, "nope.db"), "--out", join(cli.configHome, "x.db")]);
    expect(missing.code).toBe(5);
    expect(existsSync(join(cli.configHome, "x.db"))).toBe(false);
  });
});

describe("auth completion", () => {
  it("bash completes subcommands at every level and each command's options", async () => {
    const script = (await cli.run(["completion", "bash"])).stdout;
    const complete = (words: string[]) =>
      execFileSync("bash", ["-c", `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _auth; printf '%s\\n' "\${COMPREPLY[@]}"`], { encoding: "utf8" })
        .trim()
        .split("\n");
    expect(complete(["auth", "ad"])).toEqual(["admin"]);
    expect(complete(["auth", "admin", "users", "b"])).toEqual(["ban"]);
    expect(complete(["auth", "--json", "org", "teams", "remove-"])).toEqual(["remove-member"]);
    const options = complete(["auth", "admin", "users", "ban", "x@example.com", "--"]);
    expect(options).toEqual(expect.arrayContaining(["--from-file", "--dry-run", "--reason", "--expires", "--json", "--yes", "--help"]));
    expect(options).not.toContain("--password");
  });

  it("prints zsh and fish scripts and refuses other shells with exit 2", async () => {
    const zsh = await cli.run(["completion", "zsh"]);
    expect(zsh.stdout).toContain("compdef _auth auth");
    expect(zsh.stdout).toContain('"admin users") echo "reset-2fa list get create set-role set-password ban unban unlock remove impersonate stop-impersonating export import"');
    const fish = await cli.run(["completion", "fish"]);
    expect(fish.stdout).toContain("complete -c auth -f -a '(__auth_complete)'");
    expect(fish.stdout).toContain("'revoke-others'");
    expect((await cli.run(["completion", "tcsh"])).code).toBe(2);
  });
});

describe("--help", () => {
  function every(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
    return [{ path, command }, ...command.commands.flatMap((sub) => every(sub, [...path, sub.name()]))];
  }

  it("shows an example on every command", () => {
    const program = buildProgram();
    const commands = every(program);
    expect(commands.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const { path, command } of commands) {
      let text = "";
      command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
      command.outputHelp();
      if (!/Examples?:\n {2}\$ .*\bauth /.test(text)) missing.push(path.join(" ") || "(root)");
    }
    expect(missing).toEqual([]);
  });

  it("prints help and the exit code table, exit 0; unknown commands are usage errors (exit 2)", async () => {
    const help = await cli.run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit codes: 0 ok, 1 failure");
    const ban = await cli.run(["admin", "users", "ban", "--help"]);
    expect(ban.code).toBe(0);
    expect(ban.stdout).toContain("$ auth admin users ban --from-file bad-actors.txt");
    expect((await cli.run(["admn"])).code).toBe(2);
    expect((await cli.run(["admin", "users", "list", "--bogus"])).code).toBe(2);
  });
});
