/**
 * The `db` setting as a PostgreSQL URL, through the real `auth` binary. The scale-out promise is
 * tested literally in tests/postgres/shared-database.test.ts (PostgreSQL pass only); the refusals
 * here need no database and run in both passes.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../helpers/run-cli.js";

describe("auth server start with a PostgreSQL URL nothing listens on", () => {
  it("exits 7 with a message naming the URL, password masked", async () => {
    const result = await runCli(["server", "start", "--db", "postgres://latchkey:hunter2@127.0.0.1:1/latchkey", "--port", "0"], {
      env: { AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters" },
    });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain("Cannot connect to PostgreSQL at postgres://latchkey:***@127.0.0.1:1/latchkey");
    expect(result.stderr).not.toContain("hunter2");
  });
});

describe("auth server backup", () => {
  it("refuses a PostgreSQL URL and points at pg_dump", async () => {
    const result = await runCli(["server", "backup", "--db", "postgres://postgres@127.0.0.1:5432/nothing", "--out", join(tmpdir(), "never-written.db")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/SQLite files only.*pg_dump/);
  });
});

describe("local commands on an unreachable PostgreSQL URL", () => {
  it.each([
    [["mail", "list"]],
    [["server", "migrate"]],
    [["server", "create-admin", "--email", "ops@example.com"]],
  ])("auth %s exits 7 with one clear line and no stack trace", async (args) => {
    const result = await runCli([...args, "--db", "postgres://latchkey:hunter2@127.0.0.1:1/latchkey"]);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain("Cannot connect to PostgreSQL at postgres://latchkey:***@127.0.0.1:1/latchkey");
    expect(result.stderr).not.toContain("hunter2");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
