/**
 * `auth server copy` (issue 26), SQLite → PostgreSQL while the SQLite server keeps running, then
 * PostgreSQL → SQLite: after each copy a server on the target passes a two-factor sign-in (TOTP
 * and a backup code), an organization listing, an API-key call, a JWT verified with the copied
 * JWKS key and the audit log, which takes new events after the copied ones. This folder runs only
 * in the PostgreSQL pass (a fresh database of its own, dropped at the end).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/main.js";
import { COPIED_TABLES } from "../../server/maintenance/copy-database.js";
import { call, DRILL_PASSWORD, expectIntact, seed, startOn, type Seeded } from "../helpers/drill-data.js";
import { runCli } from "../helpers/run-cli.js";
import { createTestDatabase, testDialect, type TestDatabase } from "../helpers/test-database.js";

const SECRET = "copy-secret-copy-secret-copy-secret-0026";
const env = { AUTH_SECRET: SECRET, AUTH_DB: undefined, AUTH_CONFIG: undefined };

let dir: string;
let sqliteSource: string;
let postgres: TestDatabase;
let source: RunningServer | undefined;
let seeded: Seeded;
let copiedCounts: Record<string, number>;

beforeAll(async () => {
  expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
  dir = mkdtempSync(join(tmpdir(), "latchkey-copy-"));
  sqliteSource = join(dir, "source.db");
  postgres = await createTestDatabase();
  source = await startOn(sqliteSource, SECRET);
  seeded = await seed(source, 4, "copy");
}, 60_000);
afterAll(async () => {
  await source?.stop();
  await postgres?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("auth server copy (#26)", () => {
  it("copies SQLite to PostgreSQL while the SQLite server keeps writing, every table counted", async () => {
    let writing = true;
    const load = (async () => {
      let n = 0;
      while (writing) await call(source!, "POST", "/sign-up/email", { body: { email: `during-${n++}@example.com`, password: DRILL_PASSWORD, name: "During" } });
      return n;
    })();
    const result = await runCli(["server", "copy", "--from", sqliteSource, "--to", postgres.target, "--batch-size", "3", "--json"], { env, timeoutMs: 90_000 });
    writing = false;
    expect(await load).toBeGreaterThan(0);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    copiedCounts = report.tables;
    expect(Object.keys(copiedCounts)).toEqual([...COPIED_TABLES]);
    expect(copiedCounts.user).toBeGreaterThanOrEqual(seeded.users.length);
    expect(copiedCounts.twoFactor).toBe(2);
    expect(copiedCounts.jwks).toBe(seeded.kids.length);
    expect(copiedCounts.apikey).toBe(1);
    expect(copiedCounts.keyCheck).toBe(1);
    expect(copiedCounts.auditEvent).toBeGreaterThan(0);
    // The target holds exactly what the report says.
    for (const table of COPIED_TABLES) {
      const row = await postgres.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(copiedCounts[table]);
    }
    // Sealed values arrive as they were (the same secret opens them).
    const sealed = await postgres.database.db.selectFrom("twoFactor").select(["userId", "secret"]).orderBy("userId").execute();
    const sourceFile = new Database(sqliteSource, { readonly: true });
    try {
      expect(sealed).toEqual(sourceFile.prepare(`select userId, secret from twoFactor order by userId`).all());
    } finally {
      sourceFile.close();
    }
    await source!.stop();
    source = undefined;
  }, 120_000);

  it("a server on the PostgreSQL copy: two-factor sign-ins, organizations, the API key, the JWT key and the audit log", async () => {
    const server = await startOn(postgres.target, SECRET);
    try {
      await expectIntact(server, seeded, { totpStep: 0, backupCode: 0, adminSignIns: 1 });
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("refuses a target that is not empty (exit 6), and changes nothing there", async () => {
    const refused = await runCli(["server", "copy", "--from", sqliteSource, "--to", postgres.target, "--json"], { env, timeoutMs: 60_000 });
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain("--force");
    const users = await postgres.database.db.selectFrom("user").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(copiedCounts.user);
  }, 60_000);

  it("copies PostgreSQL back to SQLite; a server there passes the same checks", async () => {
    const back = join(dir, "back", "latchkey.db");
    const result = await runCli(["server", "copy", "--from", postgres.target, "--to", back, "--json"], { env, timeoutMs: 90_000 });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.tables.user).toBe(copiedCounts.user);
    // The sign-in on the PostgreSQL server added sessions and audit events, which came along.
    expect(report.tables.auditEvent).toBeGreaterThan(copiedCounts.auditEvent!);
    const server = await startOn(back, SECRET);
    try {
      await expectIntact(server, seeded, { totpStep: 1, backupCode: 1, adminSignIns: 2 });
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("--force empties a target that is not empty, then copies; a missing SQLite source is refused, never created", async () => {
    const back = join(dir, "back", "latchkey.db");
    const forced = await runCli(["server", "copy", "--from", sqliteSource, "--to", back, "--force", "--json"], { env, timeoutMs: 90_000 });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const file = new Database(back, { readonly: true });
    try {
      for (const table of COPIED_TABLES) expect(file.prepare(`select count(*) from "${table}"`).pluck().get(), table).toBe(JSON.parse(forced.stdout).tables[table]);
    } finally {
      file.close();
    }

    const missing = join(dir, "no-such.db");
    const refused = await runCli(["server", "copy", "--from", missing, "--to", join(dir, "never.db"), "--json"], { env });
    expect(refused.code).toBe(5);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir, "never.db"))).toBe(false);
  }, 120_000);
});
