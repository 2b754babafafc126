/**
 * A vitest plugin that reports where a run's time went (issue 45): after a run of 20 files or
 * more, the 20 slowest files by wall time with the CPU each used (tests/helpers/file-cpu-setup.ts),
 * and the totals; the full list goes to artifacts/test-timings/<pass>.json (git-ignored). CPU
 * time is the figure to reason from on a loaded machine (docs/testing.md). A plugin, so
 * `--reporter=…` on the command line keeps it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import type { Reporter, TestModule } from "vitest/node";

export interface FileTiming {
  file: string;
  /** Import, setup, hooks and tests in the worker, in ms. */
  wallMs: number;
  /** CPU of the worker and the processes it reaped while the file ran, in ms (undefined: no setup file). */
  cpuMs: number | undefined;
}

export function fileTimings(modules: ReadonlyArray<TestModule>): FileTiming[] {
  return modules
    .map((module) => {
      const d = module.diagnostic();
      const wallMs = Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration);
      const cpuMs = (module.meta() as { cpuMs?: number }).cpuMs;
      return { file: module.relativeModuleId, wallMs, cpuMs };
    })
    .sort((a, b) => b.wallMs - a.wallMs);
}

const seconds = (ms: number | undefined) => (ms === undefined ? "     ?" : (ms / 1000).toFixed(1).padStart(6));

class TimingsReporter implements Reporter {
  private started = Date.now();

  onTestRunStart(): void {
    this.started = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < 20) return;
    const timings = fileTimings(modules);
    const pass = process.env.LATCHKEY_TEST_DIALECT === "postgres" ? "postgres" : "sqlite";
    const totalWall = timings.reduce((sum, t) => sum + t.wallMs, 0);
    const totalCpu = timings.reduce((sum, t) => sum + (t.cpuMs ?? 0), 0);
    const dir = join(process.cwd(), "artifacts", "test-timings");
    mkdirSync(dir, { recursive: true });
    const report = { pass, at: new Date().toISOString(), runWallMs: Date.now() - this.started, files: timings.length, totalWallMs: totalWall, totalCpuMs: totalCpu, timings };
    writeFileSync(join(dir, `${pass}.json`), `${JSON.stringify(report, null, 2)}\n`);
    const lines = timings.slice(0, 20).map((t) => `  ${seconds(t.wallMs)} s ${seconds(t.cpuMs)} s  ${t.file}`);
    process.stdout.write(
      `\nSlowest test files (${pass} pass; wall, CPU):\n${lines.join("\n")}\n` +
        `  all ${timings.length} files: ${(totalWall / 60000).toFixed(1)} min wall in workers, ${(totalCpu / 60000).toFixed(1)} min CPU; ` +
        `run ${((Date.now() - this.started) / 60000).toFixed(1)} min (artifacts/test-timings/${pass}.json)\n`,
    );
  }
}

export function testTimings(): Plugin {
  return {
    name: "latchkey:test-timings",
    configureVitest({ vitest }) {
      vitest.config.reporters.push(new TimingsReporter());
    },
  };
}
