/**
 * `npm run bench`: every workload in turn, a human summary each, and one JSON line per workload
 * at the end (for docs/benchmarks.md). Not part of the tests: figures depend on the machine.
 * Run one with `npm run bench -- core` (names: core, organization-members, admin-list-users,
 * admin-ban, cli-startup, console, rate-limit, rate-limit-cpu, copy-to-postgres, import-better-auth, oidc, scim-push, memory-start, hash-queue, altcha, webhooks, audit-chain).
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
const lines: string[] = [];
let failed = false;
for (const name of names) {
  const started = performance.now();
  try {
    const workload = (await import(`./${name}.js`)) as Workload;
    const figures = await workload.run();
    process.stdout.write((workload.report ? workload.report(figures) : JSON.stringify(figures, null, 2)) + "\n");
    process.stdout.write(`  (${((performance.now() - started) / 1000).toFixed(1)} s)\n\n`);
    lines.push(JSON.stringify({ bench: name, ...(figures as object) }));
  } catch (error) {
    failed = true;
    process.stdout.write(`${name}: FAILED — ${(error as Error).message}\n\n`);
  }
}
process.stdout.write(lines.join("\n") + "\n");
process.exitCode = failed ? 1 : 0;
