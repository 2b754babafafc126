/**
 * `auth server snapshot` as real processes on SQLite (issue 39): a seeded `qa` database is saved,
 * a persona is banned through the API, the snapshot is restored and the ban is gone. Restore is
 * refused while a server has the database open; names that are not plain slugs (`../x`) are
 * refused before any file is touched; list prints JSON; delete removes the file. PostgreSQL:
 * server-snapshot-postgres.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_BIN, runCli, stopProcess } from "../helpers/run-cli.js";
import { callApi, cliEnv, signInPersona, startQaServer } from "../helpers/qa-server.js";
import { shellQuote, terminalDriver } from "./terminal-driver.js";

const SECRET = "snapshot-test-secret-snapshot-test-0001";
const env = cliEnv(SECRET);

let dir: string;
let db: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latchkey-snapshot-"));
  db = join(dir, "qa.db");
  const seeded = await runCli(["server", "seed", "--scenario", "qa", "--db", db, "--json"], { env, timeoutMs: 60_000 });
  expect(seeded.code, seeded.stderr).toBe(0);
}, 90_000);
const driver = terminalDriver();
afterAll(() => {
  driver.close();
  rmSync(dir, { recursive: true, force: true });
});

const snapshot = (args: string[]) => runCli(["server", "snapshot", ...args, "--db", db], { env, timeoutMs: 60_000 });

const start = () => startQaServer(["--db", db], SECRET);
const call = callApi;
const signIn = signInPersona;

describe("auth server snapshot (issue 39)", () => {
  it("saves beside the database (folder 0700, file 0600), and a restore takes back a ban made after the save", async () => {
    const saved = await snapshot(["save", "seeded", "--json"]);
    expect(saved.code, saved.stderr).toBe(0);
    const report = JSON.parse(saved.stdout);
    expect(report).toMatchObject({ name: "seeded", file: join(`${db}.snapshots`, "seeded.db") });
    expect(report.bytes).toBeGreaterThan(0);
    expect(statSync(report.file).mode & 0o777).toBe(0o600);
    expect(statSync(`${db}.snapshots`).mode & 0o777).toBe(0o700);
    // The secret stays beside the database only: the snapshot folder holds the copy and nothing else.
    expect(readdirSync(`${db}.snapshots`)).toEqual(["seeded.db"]);

    const server = await start();
    try {
      const member = await signIn(server.url, "member");
      expect(member.status).toBe(200);
      const admin = await signIn(server.url, "admin");
      const banned = await call(server.url, "/admin/ban-user", { userId: member.body.user.id, banReason: "snapshot test" }, admin.body.token);
      expect(banned.status, JSON.stringify(banned.body)).toBe(200);
      expect((await signIn(server.url, "member")).body.code).toBe("BANNED_USER");

      // A server has the file open: restore refuses (the check of auth server restore) and changes nothing.
      const refused = await snapshot(["restore", "seeded", "--yes"]);
      expect(refused.code).toBe(6);
      expect(refused.stderr).toContain("A server has");
      expect(existsSync(`${db}.before-restore`)).toBe(false);
      expect((await signIn(server.url, "member")).body.code).toBe("BANNED_USER");
    } finally {
      expect(await stopProcess(server.child)).toBe(0);
    }

    const restored = await snapshot(["restore", "seeded", "--yes", "--json"]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ name: "seeded", db, integrity: "ok", keptAs: [`${db}.before-restore`] });
    expect(statSync(db).mode & 0o777).toBe(0o600);

    const after = await start();
    try {
      expect((await signIn(after.url, "member")).status).toBe(200);
    } finally {
      expect(await stopProcess(after.child)).toBe(0);
    }
  }, 180_000);

  it("refuses names that are not plain slugs, and snapshots that do not exist", async () => {
    for (const name of ["../x", "a/b", ".hidden", "has space", "x".repeat(65)]) {
      const refused = await snapshot(["save", name]);
      expect(refused.code, name).toBe(2);
      expect(refused.stderr).toContain("is not a snapshot name");
    }
    expect(existsSync(join(dir, "x.db"))).toBe(false);
    expect(readdirSync(`${db}.snapshots`)).toEqual(["seeded.db"]);

    const missing = await snapshot(["restore", "nowhere", "--yes"]);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain("There is no snapshot nowhere");
  }, 60_000);

  it("lists name, size and time as JSON; delete asks for --yes, then removes the file", async () => {
    const second = await snapshot(["save", "second_one"]);
    expect(second.code, second.stderr).toBe(0);

    const listed = await snapshot(["list", "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const { folder, snapshots } = JSON.parse(listed.stdout);
    expect(folder).toBe(`${db}.snapshots`);
    expect(snapshots.map((s: { name: string }) => s.name).sort()).toEqual(["second_one", "seeded"]);
    for (const one of snapshots) {
      expect(one.bytes).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(one.createdAt))).toBe(false);
    }
    const unconfirmed = await snapshot(["delete", "second_one"]);
    expect(unconfirmed.code).toBe(2);
    expect(existsSync(join(folder, "second_one.db"))).toBe(true);

    const deleted = await snapshot(["delete", "second_one", "--yes", "--json"]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ deleted: true, name: "second_one" });
    expect(existsSync(join(folder, "second_one.db"))).toBe(false);
    expect((await snapshot(["delete", "second_one", "--yes"])).code).toBe(5);
  }, 90_000);

  it("on a terminal, in French: save says where the copy went, list shows a table of name, size and time", async () => {
    const terminal = (args: string[]) =>
      driver.open(`env -u AUTH_DB -u AUTH_CONFIG -u LC_ALL -u LC_MESSAGES TERM=xterm-256color LANG=fr_FR.UTF-8 AUTH_SECRET=${shellQuote(SECRET)} ${shellQuote(process.execPath)} ${shellQuote(AUTH_BIN)} ${args.map(shellQuote).join(" ")} --db ${shellQuote(db)}; echo "EXIT=$?"`, { columns: 160, rows: 40 });
    const saved = await terminal(["server", "snapshot", "save", "terminal"]).waitFor(/EXIT=\d+/, 60_000);
    expect(saved).toContain("EXIT=0");
    expect(saved).toContain("Instantané terminal enregistré");
    const listed = await terminal(["server", "snapshot", "list"]).waitFor(/EXIT=\d+/, 60_000);
    expect(listed).toContain("EXIT=0");
    expect(listed).toMatch(/NOM +TAILLE +CRÉÉ/);
    expect(listed).toContain("seeded");
    expect(listed).toContain("terminal");
  }, 120_000);

  it("PostgreSQL needs a snapshots folder (--dir or a config file), and SQLite refuses --dir: its snapshots sit beside the file", async () => {
    // The folder is decided before any connection: this URL answers nothing.
    const refused = await runCli(["server", "snapshot", "list", "--db", "postgres://nobody@127.0.0.1:1/none", "--json"], { env, timeoutMs: 60_000 });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --dir <folder>");
    const sqliteDir = await snapshot(["list", "--dir", join(dir, "elsewhere")]);
    expect(sqliteDir.code).toBe(2);
    expect(sqliteDir.stderr).toContain("--dir is for PostgreSQL");
    expect(existsSync(join(dir, "elsewhere"))).toBe(false);
  }, 60_000);
});
