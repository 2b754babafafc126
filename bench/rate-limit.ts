/**
 * get-session throughput with the rate limiter off, in memory, shared through PostgreSQL (local
 * counts synced every second) and shared through Redis (one script call per request). Each store
 * is measured beside its own baseline in the same run (SQLite off for memory and Redis,
 * PostgreSQL off for the PostgreSQL store), with the load average before each, because these
 * two cores are shared. The limit is set far above the load so every answer is a 200: the
 * figure is the cost of counting, not of refusing.
 *
 * `npm run bench -- rate-limit` (needs wrk, PostgreSQL on 127.0.0.1:5432 and Redis on
 * 127.0.0.1:6379; LATCHKEY_BENCH_PG_URL / LATCHKEY_BENCH_REDIS_URL override them).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "../shared/client/index.js";
import { pinningAvailable, setAffinity } from "./cpu-pinning.js";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";
import { median, VARIANTS, type Variant } from "./rate-limit-variants.js";
import { assertWrk, runWrk } from "./wrk.js";

const ENTRY = fileURLToPath(new URL("./rate-limit-serve.js", import.meta.url));
const PINNING = pinningAvailable();

export interface PairedRun {
  name: string;
  /** Median req/s of this variant and of its baseline over the paired rounds. */
  requestsPerSecond: number;
  baselineRequestsPerSecond: number;
  /** Median over rounds of (variant ÷ baseline) measured back to back: the figure to quote. */
  ratio: number;
  serverCpuUsPerRequest: number;
  baselineCpuUsPerRequest: number;
  cpuRatio: number;
  p99Ms: number;
  non2xx: number;
  loadAverages: number[];
}

export interface RateLimitFigures {
  seconds: number;
  rounds: number;
  runs: PairedRun[];
}

/** CPU seconds (user + system) the process has used: less disturbed by a busy machine than req/s. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

function serve(db: string, port: number, settings: Record<string, unknown>): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY], {
      env: {
        ...process.env,
        AUTH_DB: db,
        AUTH_PORT: String(port),
        AUTH_LOG_LEVEL: "warn",
        NODE_ENV: "production",
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
        LATCHKEY_BENCH_CONFIG: JSON.stringify(settings),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("READY")) {
        // Servers on one core, wrk on another (bench/cpu-pinning.ts): rounds comparable.
        if (PINNING) setAffinity(child.pid as number, PINNING.serverCpu);
        resolve({
          url: `http://127.0.0.1:${port}`,
          pid: child.pid as number,
          stop: () =>
            new Promise<void>((done) => {
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`bench server exited early (${code})`)));
  });
}

interface Running {
  url: string;
  pid: number;
  token: string;
  stop(): Promise<void>;
  drop(): Promise<void>;
}

async function start(variant: Variant, dir: string, index: number): Promise<Running> {
  let target = join(dir, `bench-${index}.db`);
  const pgName = `latchkey_bench_rl_${process.pid}_${index}`;
  if (variant.db === "postgres") {
    target = await createBenchDatabase(pgName);
  }
  const server = await serve(target, 4400 + index * 7 + Math.floor(Math.random() * 5), variant.settings);
  const signUp = await createClient({ baseURL: server.url }).signUpEmail({ email: "bench@example.com", password: "bench-password-123", name: "Bench" });
  return {
    ...server,
    token: signUp.token as string,
    drop: async () => {
      if (variant.db === "postgres") await dropBenchDatabase(pgName);
    },
  };
}

async function measure(server: Running, seconds: number) {
  const load = { url: `${server.url}/api/auth/get-session`, headers: { authorization: `Bearer ${server.token}` }, connections: 32, seconds, cpu: PINNING?.loadCpu };
  const before = cpuSeconds(server.pid);
  const result = await runWrk(load);
  return { result, cpuUs: ((cpuSeconds(server.pid) - before) / Math.max(1, result.requests)) * 1e6 };
}

/**
 * The machine is shared, so each store is measured in rounds back to back with its baseline
 * server (both running the whole time): A, B, A, B… and the median of the per-round ratios is
 * reported, which cancels most of the drift in the machine's load.
 */
export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 3), rounds = Number(process.env.BENCH_ROUNDS ?? 5)): Promise<RateLimitFigures> {
  assertWrk();
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-rl-"));
  const runs: PairedRun[] = [];
  let index = 0;
  try {
    for (const db of ["sqlite", "postgres"] as const) {
      const [baselineVariant, ...others] = VARIANTS.filter((v) => v.db === db);
      const baseline = await start(baselineVariant!, dir, index++);
      try {
        for (const variant of others) {
          const server = await start(variant, dir, index++);
          try {
            await measure(baseline, 1); // warm-up: JIT, pools, the Redis connection
            await measure(server, 1);
            const pairs: Array<{ a: Awaited<ReturnType<typeof measure>>; b: Awaited<ReturnType<typeof measure>>; load: number }> = [];
            for (let round = 0; round < rounds; round++) {
              const load = Math.round((loadavg()[0] ?? 0) * 100) / 100;
              // Alternate who goes first, so neither always meets the machine in the same state.
              const [a, b] = round % 2 === 0 ? [await measure(baseline, seconds), await measure(server, seconds)] : (([y, x]) => [x, y])([await measure(server, seconds), await measure(baseline, seconds)]);
              pairs.push({ a: a!, b: b!, load });
            }
            const round3 = (value: number) => Math.round(value * 1000) / 1000;
            runs.push({
              name: variant.name,
              requestsPerSecond: median(pairs.map((p) => p.b.result.requestsPerSecond)),
              baselineRequestsPerSecond: median(pairs.map((p) => p.a.result.requestsPerSecond)),
              ratio: round3(median(pairs.map((p) => p.b.result.requestsPerSecond / p.a.result.requestsPerSecond))),
              serverCpuUsPerRequest: Math.round(median(pairs.map((p) => p.b.cpuUs))),
              baselineCpuUsPerRequest: Math.round(median(pairs.map((p) => p.a.cpuUs))),
              cpuRatio: round3(median(pairs.map((p) => p.b.cpuUs / p.a.cpuUs))),
              p99Ms: median(pairs.map((p) => p.b.result.p99Ms)),
              non2xx: pairs.reduce((sum, p) => sum + p.b.result.non2xx, 0),
              loadAverages: pairs.map((p) => p.load),
            });
          } finally {
            await server.stop();
            await server.drop();
          }
        }
      } finally {
        await baseline.stop();
        await baseline.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { seconds, rounds, runs };
}

export function report(f: RateLimitFigures): string {
  return [
    `rate-limit stores: get-session by bearer, 32 connections, ${f.rounds} rounds of ${f.seconds} s back to back with a limiter-off baseline on the same database (every answer 200)`,
    ...f.runs.map(
      (r) =>
        `  ${r.name.padEnd(30)} ${String(r.requestsPerSecond).padStart(6)} req/s vs ${String(r.baselineRequestsPerSecond).padStart(6)} off → ${(r.ratio * 100).toFixed(0).padStart(3)}%   server CPU ${r.serverCpuUsPerRequest} vs ${r.baselineCpuUsPerRequest} µs/request → ${(r.cpuRatio * 100).toFixed(0)}%   p99 ${r.p99Ms.toFixed(1)} ms   non-2xx ${r.non2xx}   load ${r.loadAverages.join("/")}`,
    ),
  ].join("\n");
}
