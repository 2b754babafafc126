/**
 * `auth server import-better-auth` at scale (issue 22): a better-auth SQLite database of 100,000
 * users — a password account and a session each, a thousand organizations of a hundred members —
 * generated in better-auth's schema (better-auth-source.ts), then imported into a fresh SQLite
 * database, and into a fresh PostgreSQL database when one is reachable (LATCHKEY_BENCH_PG_URL,
 * default the local server). Target: under a minute on this machine; peak RSS is the process's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { importBetterAuth } from "../server/maintenance/better-auth-import/import.js";
import { openSource } from "../server/maintenance/better-auth-import/source.js";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";
import { writeBetterAuthSource } from "./better-auth-source.js";

const USERS = Number(process.env.LATCHKEY_BENCH_IMPORT_USERS ?? 100_000);
const SECRET = "bench-latchkey-secret-0123456789abcdef0123456789";

interface Run {
  target: "sqlite" | "postgres";
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  cpuSeconds: number;
  meetsTarget: boolean;
  loadAverage1mBefore: number;
}

export interface ImportFigures {
  users: number;
  sourceRows: Record<string, number>;
  generateSeconds: number;
  runs: Run[];
  postgres: "ran" | string;
  peakRssMiB: number;
  targetSeconds: number;
  cores: number;
  cpu: string;
  loadAverage1mAfter: number;
}

async function importInto(from: string, to: string, kind: Run["target"]): Promise<Run> {
  const target = await openDatabase(to);
  const source = await openSource(from);
  try {
    await migrateToLatest(target.db);
    const loadBefore = loadavg()[0] ?? 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const report = await importBetterAuth({ source, target, betterAuthSecret: "bench-better-auth-secret", latchkeySecret: SECRET });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const rows = Object.values(report.tables).reduce((sum, t) => sum + t.inserted, 0);
    return { target: kind, rows, seconds: Math.round(seconds * 10) / 10, rowsPerSecond: Math.round(rows / seconds), cpuSeconds: Math.round((cpu.user + cpu.system) / 100_000) / 10, meetsTarget: seconds < 60, loadAverage1mBefore: Math.round(loadBefore * 100) / 100 };
  } finally {
    await source.close();
    await target.close();
  }
}

export async function run(): Promise<ImportFigures> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-import-"));
  const from = join(dir, "better-auth.db");
  const name = `latchkey_bench_import_${process.pid}`;
  try {
    const started = performance.now();
    const sourceRows = writeBetterAuthSource(from, USERS);
    const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
    const runs = [await importInto(from, join(dir, "latchkey.db"), "sqlite")];
    let postgres = "ran";
    let url: string | undefined;
    try {
      url = await createBenchDatabase(name);
    } catch (error) {
      postgres = `not reachable (${(error as Error).message})`;
    }
    if (url) runs.push(await importInto(from, url, "postgres"));
    return {
      users: USERS,
      sourceRows: { ...sourceRows },
      generateSeconds,
      runs,
      postgres,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      targetSeconds: 60,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1mAfter: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  } finally {
    await dropBenchDatabase(name);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(figures: ImportFigures): string {
  const total = Object.values(figures.sourceRows).reduce((sum, n) => sum + n, 0);
  return [
    `import-better-auth: ${figures.users.toLocaleString("en")} users, ${total.toLocaleString("en")} source rows (${Object.entries(figures.sourceRows).map(([t, n]) => `${t} ${n}`).join(", ")}), generated in ${figures.generateSeconds} s`,
    ...figures.runs.map((r) => `  → ${r.target}: ${r.rows.toLocaleString("en")} rows in ${r.seconds} s (${r.rowsPerSecond.toLocaleString("en")} rows/s; ${r.cpuSeconds} s of CPU in the importing process; load average ${r.loadAverage1mBefore} before) — target < ${figures.targetSeconds} s: ${r.meetsTarget ? "met" : "MISSED"}`),
    ...(figures.postgres === "ran" ? [] : [`  → postgres: ${figures.postgres}`]),
    `  peak RSS ${figures.peakRssMiB} MiB; load average ${figures.loadAverage1mAfter} after (${figures.cores} cores, ${figures.cpu})`,
  ].join("\n");
}
