/**
 * A better-auth database given to `auth server start`, `migrate` or `check-config` (issue 33): each
 * refuses with exit 10, names what the database is and the command that adopts it, and changes
 * nothing — the file's bytes, no Latchkey tables, no .secret file beside it. The same on
 * PostgreSQL, where the refusal must come before any table is created.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runCli } from "../helpers/run-cli.js";
import { fillBetterAuth, startBetterAuth, type BetterAuthSource } from "../server/server/better-auth-source.js";

const env = { LANG: "C", AUTH_SECRET: undefined, NODE_ENV: "development" };
const fingerprint = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe("a better-auth SQLite database", () => {
  let source: BetterAuthSource;
  let file: string;
  let before: { hash: string; files: string[] };

  beforeAll(async () => {
    source = await startBetterAuth("sqlite");
    await fillBetterAuth(source);
    await source.close();
    file = source.from;
    before = { hash: fingerprint(file), files: readdirSync(dirname(file)).sort() };
  }, 60_000);

  const unchanged = () => {
    expect(fingerprint(file)).toBe(before.hash);
    expect(readdirSync(dirname(file)).sort()).toEqual(before.files); // no .secret, no -wal/-shm
    const tables = new Database(file, { readonly: true }).prepare("select name from sqlite_master where type = 'table' and name like 'latchkey%'").all();
    expect(tables).toEqual([]);
  };

  for (const command of [["server", "start", "--port", "0"], ["server", "migrate"], ["server", "check-config"]]) {
    it(`auth ${command.join(" ")} refuses it with exit 10 and changes nothing`, async () => {
      const result = await runCli([...command, "--db", file], { env, timeoutMs: 60_000 });
      expect(result.code).toBe(10);
      expect(result.stderr).toContain(`${file} is a better-auth database (tables account, apikey, invitation, jwks, …), not a Latchkey one. Nothing was changed.`);
      expect(result.stderr).toContain(`auth server import-better-auth --from ${file} --db ${join(dirname(file), "latchkey.db")}`);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      unchanged();
    }, 90_000);
  }

  it("a database only holding some of Latchkey's table names (not better-auth's) is refused as unknown", async () => {
    const other = join(mkdtempSync(join(tmpdir(), "latchkey-foreign-")), "app.db");
    new Database(other).exec("create table organization (id integer primary key, title text)");
    const result = await runCli(["server", "migrate", "--db", other], { env, timeoutMs: 60_000 });
    expect(result.code).toBe(10);
    expect(result.stderr).toContain(`${other} was not made by Latchkey: it holds tables Latchkey would create (organization) but no record of Latchkey's migrations. Nothing was changed.`);
  }, 90_000);

  it("in another language the refusal is translated, the command stays as it is", async () => {
    const result = await runCli(["server", "migrate", "--db", file], { env: { ...env, LANG: "de_DE.UTF-8" }, timeoutMs: 60_000 });
    expect(result.code).toBe(10);
    expect(result.stderr).toContain("ist eine better-auth-Datenbank");
    expect(result.stderr).toContain(`auth server import-better-auth --from ${file}`);
  }, 90_000);
});

describe("a better-auth PostgreSQL database", () => {
  let source: BetterAuthSource;
  beforeAll(async () => {
    source = await startBetterAuth("postgres");
    await fillBetterAuth(source);
  }, 60_000);
  afterAll(async () => {
    await source?.close();
  });

  it("auth server start refuses it with exit 10 before creating any table", async () => {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-foreign-pg-"));
    const result = await runCli(["server", "start", "--port", String(await freePort()), "--db", source.from], { env, cwd: dir, timeoutMs: 60_000 });
    expect(result.code).toBe(10);
    expect(result.stderr).toContain("is a better-auth database (tables account, apikey, invitation, jwks, …)");
    expect(result.stderr).toContain("auth server import-better-auth --from postgres://");
    const client = new pg.Client({ connectionString: source.from });
    await client.connect();
    const tables = await client.query("select table_name from information_schema.tables where table_schema = current_schema() and table_name like 'latchkey%'");
    await client.end();
    expect(tables.rows).toEqual([]);
    expect(readdirSync(dir)).toEqual([]); // no ./data/latchkey.secret either
  }, 90_000);
});
