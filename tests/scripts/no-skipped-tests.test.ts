/**
 * Issue 45 item 3: a test that did not run fails the run. A vitest run of a fixture with one
 * passing test, an `it.skip`, an `it.todo` and a suite whose beforeAll throws (vitest reports its
 * tests as skipped, behind a summary that counts them apart from failures) exits 1 and names each;
 * `-t` (running some tests on purpose) does not trip it.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const vitestBin = fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url));

function runFixture(args: string[] = []): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [vitestBin, "run", "--config", "tests/fixtures/no-skipped-tests/vitest.config.ts", "--reporter=verbose", ...args],
      { cwd: root, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe("a run with tests that did not run", () => {
  it("fails and names every one of them, even with --reporter on the command line", async () => {
    const { code, output } = await runFixture();
    expect(code).toBe(1);
    expect(output).toContain("3 test(s) did not run");
    expect(output).toContain("skips.fixture.ts > is skipped by hand (skipped)");
    expect(output).toContain("skips.fixture.ts > is still to do (skipped)");
    expect(output).toContain("skips.fixture.ts > a suite whose server did not start > needs the server (skipped)");
    expect(output).not.toContain("> passes (");
  });

  it("stays quiet when -t picks the tests to run", async () => {
    const { code, output } = await runFixture(["-t", "passes"]);
    expect(output).not.toContain("did not run");
    expect(code).toBe(0);
  });
});
