/**
 * `npm run bench`: every workload in turn, a human summary each, and one JSON line per workload
 * at the end (for docs/benchmarks.md). Not part of the tests: figures depend on the machine.
 * Run one with `npm run bench -- core` (names: core, organization-members, admin-list-users,
 * admin-ban, cli-startup, console, rate-limit, rate-limit-cpu, copy-to-postgres, import-better-auth, oidc, scim-push, memory-start, hash-queue, altcha, webhooks, audit-chain).
 * BENCH_REPEAT=N repeats each workload N times and adds a JSON line of the medians.
 */
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";

const WORKLOADS = ["core", "organization-members", "admin-list-users", "admin-ban", "cli-startup", "console", "rate-limit", "rate-limit-cpu", "copy-to-postgres", "import-better-auth", "oidc", "scim-push", "memory-start", "hash-queue", "altcha", "webhooks", "audit-chain"] as const;

interface Workload {
  run(): Promise<unknown>;
  report?(figures: unknown): string;
}

const wanted = process.argv.slice(2).filter((name) => !name.startsWith("-"));
const names = wanted.length ? wanted : [...WORKLOADS];
for (const name of names) {
  if (!(WORKLOADS as readonly string[]).includes(name)) {
    process.stderr.write(`unknown workload "${name}"; choose from ${WORKLOADS.join(", ")}\n`);
    process.exit(2);
  }
}

process.stdout.write(
  `Latchkey benchmarks — ${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadavg()[0]?.toFixed(2)} at start\n\n`,
);
// BENCH_REPEAT=3: each workload three times in a row, then the median of every figure (issue 41:
// docs/benchmarks.md records medians of three runs). Each run's load average is printed and kept
// with its figures, so a run taken on a busy machine says so.
const runs = Math.max(1, Math.floor(Number(process.env.BENCH_REPEAT ?? 1)) || 1);
const lines: string[] = [];
let failed = false;
for (const name of names) {
  const results: object[] = [];
  for (let round = 1; round <= runs; round++) {
    const started = performance.now();
    const loadBefore = loadavg();
    try {
      const workload = (await import(`./${name}.js`)) as Workload;
      const figures = await workload.run();
      const loadAfter = loadavg();
      process.stdout.write((workload.report ? workload.report(figures) : JSON.stringify(figures, null, 2)) + "\n");
      process.stdout.write(`  (${runs > 1 ? `run ${round} of ${runs}, ` : ""}${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadLine(loadBefore)} before, ${loadLine(loadAfter)} after; BENCH_SECONDS=${process.env.BENCH_SECONDS ?? "default"})\n\n`);
      const result = { ...(figures as object), loadAverage: { before: loadBefore.map(round2), after: loadAfter.map(round2) } };
      results.push(result);
      lines.push(JSON.stringify({ bench: name, ...(runs > 1 ? { run: round } : {}), ...result }));
    } catch (error) {
      failed = true;
      process.stdout.write(`${name}: FAILED — ${(error as Error).message}\n\n`);
    }
  }
  if (results.length > 1) lines.push(JSON.stringify({ bench: name, medianOf: results.length, ...medianOf(results) }));
}
process.stdout.write(lines.join("\n") + "\n");
process.exitCode = failed ? 1 : 0;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function loadLine(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(" ");
}

/** Every numeric figure's median across runs (same shape as one run; other values from the first run). */
function medianOf(results: object[]): object {
  const at = (value: unknown, key: string) => (value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined);
  const merge = (values: unknown[]): unknown => {
    const first = values[0];
    if (typeof first === "number") {
      const numbers = values.filter((value): value is number => typeof value === "number").sort((a, b) => a - b);
      const middle = Math.floor(numbers.length / 2);
      return numbers.length % 2 ? numbers[middle] : ((numbers[middle - 1] as number) + (numbers[middle] as number)) / 2;
    }
    if (Array.isArray(first)) return first.map((_, index) => merge(values.map((value) => (Array.isArray(value) ? value[index] : undefined))));
    if (first !== null && typeof first === "object") return Object.fromEntries(Object.keys(first).map((key) => [key, merge(values.map((value) => at(value, key)))]));
    return first;
  };
  return merge(results) as object;
}
