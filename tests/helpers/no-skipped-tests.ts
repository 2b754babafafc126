/**
 * A vitest plugin that fails the run when any test did not run (issue 45): `it.skip`, `todo`,
 * `skipIf`, a `.only` elsewhere, a `ctx.skip()`, and — the case that hid a broken PostgreSQL
 * setup behind a green-looking summary — the tests of a suite whose `beforeAll` threw, which
 * vitest reports as skipped. A test left "pending" (its worker died) counts too.
 *
 * Added as a plugin rather than in `reporters`, so `--reporter=verbose` on the command line
 * keeps it. Filtering by name (`-t`) skips the rest on purpose: then it stays quiet.
 */
import type { Plugin } from "vite";
import type { Reporter, TestModule, Vitest } from "vitest/node";

/** "file > suite > test" for each test in `modules` that was collected but did not pass or fail. */
export function testsNotRun(modules: ReadonlyArray<TestModule>): string[] {
  const notRun: string[] = [];
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const { state } = test.result();
      if (state === "skipped" || state === "pending") notRun.push(`${module.relativeModuleId} > ${test.fullName} (${state})`);
    }
  }
  return notRun;
}

class NoSkippedTestsReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (this.vitest?.config.testNamePattern) return;
    const notRun = testsNotRun(modules);
    if (notRun.length === 0) return;
    const shown = notRun.slice(0, 30).map((line) => `  ${line}`);
    if (notRun.length > shown.length) shown.push(`  … and ${notRun.length - shown.length} more`);
    process.stderr.write(`\n${notRun.length} test(s) did not run — a skipped test fails the run (a beforeAll that threw skips its tests):\n${shown.join("\n")}\n`);
    process.exitCode = 1;
  }
}

export function noSkippedTests(): Plugin {
  return {
    name: "latchkey:no-skipped-tests",
    configureVitest({ vitest }) {
      vitest.config.reporters.push(new NoSkippedTestsReporter());
    },
  };
}
