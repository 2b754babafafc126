/**
 * What the rate limiter costs per request in CPU, free of the machine's load: every variant's
 * app lives in this one process and answers get-session through Fastify's inject (no sockets),
 * in interleaved rounds (off, memory, PostgreSQL, Redis, off, …), and this process's CPU time
 * (process.cpuUsage) per request is compared with the limiter-off app on the same database. The
 * network cost of the Redis strict rule is not on this path (get-session is the general rule).
 *
 * `npm run bench -- rate-limit-cpu` (PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type LatchkeyApp } from "../server/app.js";
import { resolveConfig, type ConfigInput } from "../server/config.js";
import { openDatabase, type OpenedDatabase } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";
import { median, VARIANTS } from "./rate-limit-variants.js";

export interface CpuFigures {
  requestsPerRound: number;
  rounds: number;
  runs: Array<{ name: string; cpuUsPerRequest: number; baselineCpuUsPerRequest: number; extraCpuUsPerRequest: number; ratio: number }>;
}

export async function run(requestsPerRound = Number(process.env.BENCH_REQUESTS ?? 3000), rounds = Number(process.env.BENCH_ROUNDS ?? 7)): Promise<CpuFigures> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-rlcpu-"));
  const pgName = `latchkey_bench_rlcpu_${process.pid}`;
  const opened: OpenedDatabase[] = [];
  const apps: Array<{ name: string; db: string; app: LatchkeyApp; token: string; samples: number[] }> = [];
  try {
    const pgUrl = await createBenchDatabase(pgName);
    const databases = { sqlite: await openDatabase(join(dir, "bench.db")), postgres: await openDatabase(pgUrl) };
    opened.push(databases.sqlite, databases.postgres);
    for (const database of opened) await migrateToLatest(database.db);
    for (const [index, variant] of VARIANTS.entries()) {
      const config = resolveConfig({ ...(variant.settings as ConfigInput), logLevel: "silent", password: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
      const app = await createApp({ config, db: databases[variant.db].db, secret: "bench-secret-bench-secret-bench-secret", logger: false });
      await app.server.ready();
      const signUp = await app.server.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: { email: `bench${index}@example.com`, password: "bench-password-123", name: "Bench" } });
      apps.push({ name: variant.name, db: variant.db, app, token: signUp.json().token as string, samples: [] });
    }
    const batch = async (entry: (typeof apps)[number], count: number) => {
      const headers = { authorization: `Bearer ${entry.token}` };
      for (let i = 0; i < count; i += 16) {
        await Promise.all(Array.from({ length: Math.min(16, count - i) }, () => entry.app.server.inject({ method: "GET", url: "/api/auth/get-session", headers })));
      }
    };
    for (const entry of apps) await batch(entry, 500); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const entry of round % 2 === 0 ? apps : [...apps].reverse()) {
        const before = process.cpuUsage();
        await batch(entry, requestsPerRound);
        const used = process.cpuUsage(before);
        entry.samples.push((used.user + used.system) / requestsPerRound);
      }
    }
    const baselines = new Map(apps.filter((a) => a.name.endsWith("limiter off")).map((a) => [a.db, median(a.samples)]));
    return {
      requestsPerRound,
      rounds,
      runs: apps.map((a) => {
        const cpu = median(a.samples);
        const base = baselines.get(a.db) ?? cpu;
        return { name: a.name, cpuUsPerRequest: Math.round(cpu * 10) / 10, baselineCpuUsPerRequest: Math.round(base * 10) / 10, extraCpuUsPerRequest: Math.round((cpu - base) * 10) / 10, ratio: Math.round((cpu / base) * 1000) / 1000 };
      }),
    };
  } finally {
    for (const { app } of apps) await app.close();
    for (const database of opened) await database.close();
    await dropBenchDatabase(pgName);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(f: CpuFigures): string {
  return [
    `rate-limit CPU cost: get-session by bearer through inject, ${f.rounds} interleaved rounds of ${f.requestsPerRound} (16 at a time), median CPU of this process per request`,
    ...f.runs.map((r) => `  ${r.name.padEnd(30)} ${String(r.cpuUsPerRequest).padStart(6)} µs/request   ${r.extraCpuUsPerRequest >= 0 ? "+" : ""}${r.extraCpuUsPerRequest} µs (${(r.ratio * 100).toFixed(0)}% of limiter off)`),
  ].join("\n");
}
