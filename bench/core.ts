/**
 * Foundation benchmark (ratios measured in one run, issue 41): get-session by bearer token at 32 connections (on SQLite, and in the same
 * rounds on PostgreSQL — a scratch database on LATCHKEY_BENCH_PG_URL, default the local server —
 * where the answer cache is kept true by change notices, issue 24), sign-in/email at 8, and
 * get-session while sign-ins saturate the CPU. Prints req/s, p50/p99 and server RSS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { Algorithm, hash, verify } from "@node-rs/argon2";
import { createHashPool } from "../server/crypto/hash-pool.js";
import { createClient } from "../shared/client/index.js";
import { startBareServer } from "./bare-process.js";
import { pinningAvailable, setAffinity } from "./cpu-pinning.js";
import { processCpuMs } from "./process-cpu.js";
import { startBenchServer } from "./server-process.js";
import { assertWrk, runWrk, type LoadResult } from "./wrk.js";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";

export interface CoreFigures {
  getSession: LoadResult;
  /** The same load on a server whose database is PostgreSQL, in the same alternating rounds (null: no PostgreSQL reachable). */
  postgresGetSession: LoadResult | null;
  /** postgresGetSession ÷ getSession (req/s); issue 24 target ≥ 0.6. */
  postgresShareOfSqlite: number | null;
  /** A bare node:http server answering a session-shaped JSON from memory, same wrk settings, same run. */
  bareNodeHttp: LoadResult;
  /** getSession ÷ bareNodeHttp (req/s), from alternating rounds of each (issue 41 target ≥ 0.6; issue 12's was 0.35). */
  getSessionShareOfBare: number;
  /** Server CPU time (user + system) per answered request: steadier than req/s on a shared machine. */
  cpuMicrosPerRequest: { getSession: number | null; bareNodeHttp: number | null; postgresGetSession: number | null };
  /** bare CPU per request ÷ get-session CPU per request: the share by cost instead of by rate. */
  getSessionCpuShareOfBare: number | null;
  /** Whether the side-by-side rounds ran pinned (servers on one core, wrk on another). */
  pinned: boolean;
  signIn: LoadResult;
  /**
   * get-session at 8 connections alone, then beside 16 connections signing in (issue 41 item 2:
   * during ÷ alone ≥ 80 %, p99 ≤ 2× alone), unpinned (hashing needs every core).
   */
  storm: { alone: LoadResult; getSession: LoadResult; signIn: LoadResult; shareOfAlone: number; p99Ratio: number };
  singleHashMs: number;
  signInCeiling: number;
  /** Verifies per second the hashing pool alone sustains on all cores. */
  poolHashRate: number;
  peakRssMb: number;
  /** RSS once started, before any load. */
  restRssMb: number;
  cores: number;
  cpu: string;
}

/** What the hashing pool alone sustains with every core busy (no HTTP, no database). */
async function poolHashRate(): Promise<number> {
  const pool = createHashPool();
  try {
    const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
    const stored = await pool.run<string>({ op: "argon2-hash", password: "bench-password-123", options });
    const jobs = 60 * availableParallelism();
    const start = performance.now();
    await Promise.all(Array.from({ length: jobs }, () => pool.run({ op: "argon2-verify", hash: stored, password: "bench-password-123" })));
    return Math.round(jobs / ((performance.now() - start) / 1000));
  } finally {
    await pool.close();
  }
}

async function singleHashMs(): Promise<number> {
  const options = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };
  const stored = await hash("bench-password-123", options);
  for (let i = 0; i < 3; i++) await verify(stored, "bench-password-123");
  const rounds = 20;
  const start = performance.now();
  for (let i = 0; i < rounds; i++) await verify(stored, "bench-password-123");
  return (performance.now() - start) / rounds;
}

export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<CoreFigures> {
  assertWrk();
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-"));
  const port = 3900 + Math.floor(Math.random() * 500);
  const server = await startBenchServer(join(dir, "bench.db"), port);
  const pgName = `latchkey_bench_core_${process.pid}`;
  const pgServer = await createBenchDatabase(pgName)
    .then((url) => startBenchServer(url, port + 1))
    .catch((error: Error) => {
      console.error(`core: no PostgreSQL figures (${error.message})`);
      return null;
    });
  const restRssMb = server.rssMb();
  let peakRssMb = restRssMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, server.rssMb())), 250);
  try {
    const client = createClient({ baseURL: server.url });
    const signUp = await client.signUpEmail({ email: "bench@example.com", password: "bench-password-123", name: "Bench" });
    const token = signUp.token as string;
    const api = `${server.url}/api/auth`;
    const sessionLoad = { url: `${api}/get-session`, headers: { authorization: `Bearer ${token}` } };
    const signInLoad = {
      url: `${api}/sign-in/email`,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" }),
    };

    const pgToken = pgServer ? ((await createClient({ baseURL: pgServer.url }).signUpEmail({ email: "bench@example.com", password: "bench-password-123", name: "Bench" })).token as string) : "";
    const bare = await startBareServer(token);
    // Both servers on one core, wrk on another, for these rounds only (the sign-in series below
    // need every core for hashing): bench/cpu-pinning.ts says why.
    const pinning = pinningAvailable();
    if (pinning) for (const pid of [server.pid, bare.pid, ...(pgServer ? [pgServer.pid] : [])]) setAffinity(pid, pinning.serverCpu);
    const loadCpu = pinning?.loadCpu;
    const bareLoad = { url: `${bare.url}/api/auth/get-session`, headers: sessionLoad.headers, cpu: loadCpu };
    const pinnedSessionLoad = { ...sessionLoad, cpu: loadCpu };
    const pgLoad = pgServer ? { url: `${pgServer.url}/api/auth/get-session`, headers: { authorization: `Bearer ${pgToken}` }, cpu: loadCpu } : null;
    await runWrk({ ...pinnedSessionLoad, connections: 32, seconds: 2 }); // warm-up
    await runWrk({ ...bareLoad, connections: 32, seconds: 2 });
    if (pgLoad) await runWrk({ ...pgLoad, connections: 32, seconds: 2 });
    // Alternate Latchkey and the bare server so a shared machine's load swings hit both alike.
    const rounds: Array<[LoadResult, LoadResult]> = [];
    const cpu = { latchkey: { ms: 0, requests: 0 }, bare: { ms: 0, requests: 0 }, postgres: { ms: 0, requests: 0 } };
    const pgRounds: LoadResult[] = [];
    const measured = async (load: typeof pinnedSessionLoad, pid: number, into: { ms: number; requests: number }) => {
      const before = processCpuMs(pid);
      const result = await runWrk({ ...load, connections: 32, seconds: seconds / 2 });
      const after = processCpuMs(pid);
      if (before !== null && after !== null) {
        into.ms += after - before;
        into.requests += result.requests;
      }
      return result;
    };
    try {
      for (let i = 0; i < 2; i++) {
        rounds.push([await measured(pinnedSessionLoad, server.pid, cpu.latchkey), await measured(bareLoad, bare.pid, cpu.bare)]);
        if (pgLoad && pgServer) pgRounds.push(await measured(pgLoad, pgServer.pid, cpu.postgres));
      }
    } finally {
      await bare.stop();
      if (pinning) setAffinity(server.pid, pinning.all);
      await pgServer?.stop();
    }
    const getSession = mergeRounds(rounds.map(([latchkey]) => latchkey));
    const bareNodeHttp = mergeRounds(rounds.map(([, bareRound]) => bareRound));
    const perRequest = (c: { ms: number; requests: number }) => (c.requests ? Math.round((c.ms * 1000 * 10) / c.requests) / 10 : null);
    const cpuMicrosPerRequest = { getSession: perRequest(cpu.latchkey), bareNodeHttp: perRequest(cpu.bare), postgresGetSession: perRequest(cpu.postgres) };
    const postgresGetSession = pgRounds.length ? mergeRounds(pgRounds) : null;
    const signIn = await runWrk({ ...signInLoad, connections: 8, seconds });
    const stormAlone = await runWrk({ ...sessionLoad, connections: 8, seconds });
    const [stormSession, stormSignIn] = await Promise.all([
      runWrk({ ...sessionLoad, connections: 8, seconds }),
      runWrk({ ...signInLoad, connections: 16, seconds }),
    ]);
    const hashMs = await singleHashMs();
    const poolRate = await poolHashRate();
    const cores = availableParallelism();
    return {
      getSession,
      postgresGetSession,
      postgresShareOfSqlite: postgresGetSession ? Math.round((postgresGetSession.requestsPerSecond / getSession.requestsPerSecond) * 1000) / 1000 : null,
      bareNodeHttp,
      getSessionShareOfBare: Math.round((getSession.requestsPerSecond / bareNodeHttp.requestsPerSecond) * 1000) / 1000,
      cpuMicrosPerRequest,
      getSessionCpuShareOfBare:
        cpuMicrosPerRequest.getSession && cpuMicrosPerRequest.bareNodeHttp ? Math.round((cpuMicrosPerRequest.bareNodeHttp / cpuMicrosPerRequest.getSession) * 1000) / 1000 : null,
      pinned: pinning !== null,
      signIn,
      storm: {
        alone: stormAlone,
        getSession: stormSession,
        signIn: stormSignIn,
        shareOfAlone: Math.round((stormSession.requestsPerSecond / stormAlone.requestsPerSecond) * 1000) / 1000,
        p99Ratio: Math.round((stormSession.p99Ms / stormAlone.p99Ms) * 100) / 100,
      },
      singleHashMs: Math.round(hashMs * 100) / 100,
      signInCeiling: Math.round((cores / hashMs) * 1000),
      poolHashRate: poolRate,
      peakRssMb,
      restRssMb,
      cores,
      cpu: cpus()[0]?.model ?? "unknown",
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
    if (pgServer) await dropBenchDatabase(pgName);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Rounds of equal length combined: summed requests, mean rate, worst p99, mean p50. */
function mergeRounds(results: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    requests: sum((r) => r.requests),
    requestsPerSecond: Math.round(sum((r) => r.requestsPerSecond) / results.length),
    p50Ms: Math.round((sum((r) => r.p50Ms) / results.length) * 100) / 100,
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

export function report(f: CoreFigures): string {
  const line = (name: string, r: LoadResult) =>
    `  ${name.padEnd(34)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${r.p50Ms.toFixed(2)} ms   p99 ${r.p99Ms.toFixed(2)} ms   non-2xx ${r.non2xx}  errors ${r.errors}`;
  return [
    `core (${f.cores} cores, ${f.cpu})`,
    line("get-session (bearer, 32 conns)", f.getSession),
    ...(f.postgresGetSession
      ? [
          line("get-session on PostgreSQL (32 conns)", f.postgresGetSession),
          `  PostgreSQL reaches ${Math.round((f.postgresShareOfSqlite ?? 0) * 100)}% of SQLite's get-session req/s in the same rounds (target ≥ 60%, p99 ≤ 5 ms); server CPU per request ${f.cpuMicrosPerRequest.postgresGetSession ?? "?"} µs${f.cpuMicrosPerRequest.postgresGetSession && f.cpuMicrosPerRequest.bareNodeHttp ? ` → ${Math.round((f.cpuMicrosPerRequest.bareNodeHttp / f.cpuMicrosPerRequest.postgresGetSession) * 100)}% of bare node:http by cost` : ""}`,
        ]
      : ["  get-session on PostgreSQL: not measured (no PostgreSQL reachable)"]),
    line("bare node:http, same JSON (32 conns)", f.bareNodeHttp),
    `  get-session reaches ${Math.round(f.getSessionShareOfBare * 100)}% of bare node:http's req/s in the same run (target ≥ 60%, issue 41)${f.pinned ? "; servers pinned to core 0, wrk to core 1" : "; unpinned"}`,
    `  server CPU per request: get-session ${f.cpuMicrosPerRequest.getSession ?? "?"} µs, bare ${f.cpuMicrosPerRequest.bareNodeHttp ?? "?"} µs → ${f.getSessionCpuShareOfBare !== null ? Math.round(f.getSessionCpuShareOfBare * 100) + "%" : "?"} by cost`,
    line("sign-in/email (8 conns)", f.signIn),
    line("get-session alone (8 conns)", f.storm.alone),
    line("get-session beside 16 signing in", f.storm.getSession),
    line("sign-in during storm (16 conns)", f.storm.signIn),
    `  during the storm get-session keeps ${Math.round(f.storm.shareOfAlone * 100)}% of its rate alone (target ≥ 80%), p99 ${f.storm.p99Ratio}× alone (target ≤ 2×)`,
    `  single argon2id verify ${f.singleHashMs} ms → ceiling ${f.signInCeiling} sign-ins/s (cores ÷ hash time); sign-in reached ${Math.round((f.signIn.requestsPerSecond / f.signInCeiling) * 100)}%`,
    `  the hashing pool alone sustains ${f.poolHashRate} verifies/s on all cores; sign-in reached ${Math.round((f.signIn.requestsPerSecond / f.poolHashRate) * 100)}% of it`,
    `  server RSS at rest ${f.restRssMb} MiB, peak ${f.peakRssMb} MiB`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  console.log(report(figures));
  console.log(JSON.stringify({ bench: "core", ...figures }));
}
