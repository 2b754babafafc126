/**
 * `auth server import-better-auth` as a subprocess (issue 22): a wrong better-auth secret stops it
 * before anything is written (exit 9), a database that is not better-auth's says so (exit 2),
 * --dry-run writes nothing, and a real run answers its summary, a second one adding nothing.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { BETTER_AUTH_SECRET, fillBetterAuth, startBetterAuth, type BetterAuthSource } from "../server/server/better-auth-source.js";

const LATCHKEY_SECRET = "latchkey-secret-for-the-import-cli-test-0123";
let source: BetterAuthSource;
let dir: string;

beforeAll(async () => {
  source = await startBetterAuth("sqlite");
  await fillBetterAuth(source);
  dir = mkdtempSync(join(tmpdir(), "latchkey-import-"));
}, 60_000);
afterAll(async () => {
  await source?.close();
});

const env = { AUTH_SECRET: LATCHKEY_SECRET, BETTER_AUTH_SECRET: undefined, LANG: "C" };
const userCount = (file: string) => (new Database(file, { readonly: true }).prepare("select count(*) as n from user").get() as { n: number }).n;

describe("auth server import-better-auth", () => {
  it("refuses a wrong better-auth secret before writing anything", async () => {
    const db = join(dir, "wrong.db");
    const result = await runCli(["server", "import-better-auth", "--from", source.from, "--db", db], { env: { ...env, BETTER_AUTH_SECRET: "not-the-secret-better-auth-ran-with-000" } });
    expect(result.code).toBe(9);
    expect(result.stdout + result.stderr).toContain("The better-auth secret given does not open the two-factor secrets in the source");
    expect(userCount(db)).toBe(0);
  });

  it("says when the source is not a better-auth database", async () => {
    const other = join(dir, "other.db");
    new Database(other).exec("create table notes (id text primary key, body text)");
    const result = await runCli(["server", "import-better-auth", "--from", other, "--db", join(dir, "other-target.db"), "--better-auth-secret", BETTER_AUTH_SECRET], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("This is not a better-auth database: it has no user table.");
  });

  it("--dry-run reports what it would do and writes nothing; the real run then does it", async () => {
    const db = join(dir, "latchkey.db");
    const dry = await runCli(["server", "import-better-auth", "--from", source.from, "--db", db, "--dry-run", "--json"], { env: { ...env, BETTER_AUTH_SECRET } });
    expect(dry.code).toBe(0);
    const planned = JSON.parse(dry.stdout);
    expect(planned).toMatchObject({ dryRun: true, tables: { user: { read: 4, inserted: 4 }, twoFactor: { inserted: 1 } } });
    expect(existsSync(db)).toBe(false);

    const real = await runCli(["server", "import-better-auth", "--from", source.from, "--db", db], { env: { ...env, BETTER_AUTH_SECRET } });
    expect(real.code).toBe(0);
    // Off a terminal the summary is one JSON document (cli/output.ts).
    expect(JSON.parse(real.stdout)).toMatchObject({ dryRun: false, tables: { user: { inserted: 4 }, session: { skipped: 0 } } });
    expect(userCount(db)).toBe(4);

    const again = await runCli(["server", "import-better-auth", "--from", source.from, "--db", db, "--json"], { env: { ...env, BETTER_AUTH_SECRET } });
    expect(JSON.parse(again.stdout).tables.user).toMatchObject({ read: 4, inserted: 0, unchanged: 4 });
    expect(userCount(db)).toBe(4);
  });
});
