/**
 * Issue 41 item 2: what bounding the password-hashing queue (`maxHashQueue`) does to the storm.
 * For each bound, one server (SQLite): get-session alone (8 connections), then get-session beside
 * 16 connections signing in, as bench/core.ts's storm. Reports get-session's share of its rate
 * alone and its p99 ratio, sign-ins answered 200 per second, and 503 SERVER_BUSY answers per second.
 * The load generator does not honour Retry-After (wrk retries at once), so refusals are the worst
 * case for the event loop: each costs a request's parse and answer. Ratios only within one bound's
 * run; the machine is shared (record the load average with the figures).
 *
 * Run: npm run bench -- hash-queue (BENCH_HASH_QUEUE_BOUNDS="0,64,8,2", BENCH_SECONDS=8).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../shared/client/index.js";
import { startBenchServer } from "./server-process.js";
import { assertWrk, runWrk, type LoadResult } from "./wrk.js";

interface BoundFigures {
  bound: number;
  alone: LoadResult;
  getSession: LoadResult;
  signIn: LoadResult;
  shareOfAlone: number;
  p99Ratio: number;
  signInOkPerSecond: number;
  busyPerSecond: number;
}

async function measure(bound: number, seconds: number, dir: string, port: number): Promise<BoundFigures> {
  const server = await startBenchServer(join(dir, `bound-${bound}.db`), port, { maxHashQueue: bound });
  try {
    const client = createClient({ baseURL: server.url });
    const token = (await client.signUpEmail({ email: "bench@example.com", password: "bench-password-123", name: "Bench" })).token as string;
    const api = `${server.url}/api/auth`;
    const sessionLoad = { url: `${api}/get-session`, headers: { authorization: `Bearer ${token}` } };
    const signInLoad = {
      url: `${api}/sign-in/email`,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" }),
    };
    await runWrk({ ...sessionLoad, connections: 8, seconds: 2 }); // warm-up
    const alone = await runWrk({ ...sessionLoad, connections: 8, seconds });
    const [getSession, signIn] = await Promise.all([runWrk({ ...sessionLoad, connections: 8, seconds }), runWrk({ ...signInLoad, connections: 16, seconds })]);
    const elapsed = signIn.requests / signIn.requestsPerSecond;
    return {
      bound,
      alone,
      getSession,
      signIn,
      shareOfAlone: Math.round((getSession.requestsPerSecond / alone.requestsPerSecond) * 1000) / 1000,
      p99Ratio: Math.round((getSession.p99Ms / alone.p99Ms) * 100) / 100,
      signInOkPerSecond: Math.round(((signIn.requests - signIn.non2xx) / elapsed) * 10) / 10,
      busyPerSecond: Math.round((signIn.non2xx / elapsed) * 10) / 10,
    };
  } finally {
    // After a storm of refusals the server has been seen to take longer than its shutdown timeout
    // to exit under a loaded host; do not let one bound's teardown hold up the others.
    const killer = setTimeout(() => process.kill(server.pid, "SIGKILL"), 15_000);
    await server.stop();
    clearTimeout(killer);
  }
}

export interface HashQueueFigures {
  bounds: BoundFigures[];
  loadAverage: { before: number; after: number };
}

/** Bounds to compare: BENCH_HASH_QUEUE_BOUNDS="0,64,8,2" (0: no bound, the behaviour before issue 41 item 2). */
export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 8)): Promise<HashQueueFigures> {
  assertWrk();
  const bounds = (process.env.BENCH_HASH_QUEUE_BOUNDS ?? "0,64,8,2").split(",").map(Number);
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-hash-queue-"));
  const port = 4400 + (process.pid % 500);
  const before = loadavg()[0]!;
  try {
    const figures: BoundFigures[] = [];
    for (const [i, bound] of bounds.entries()) figures.push(await measure(bound, seconds, dir, port + i));
    return { bounds: figures, loadAverage: { before: Math.round(before * 10) / 10, after: Math.round(loadavg()[0]! * 10) / 10 } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(figures: HashQueueFigures): string {
  return [
    `Hashing queue bound (maxHashQueue) in a sign-in storm — load average ${figures.loadAverage.before} → ${figures.loadAverage.after}`,
    ...figures.bounds.map(
      (f) =>
        `  maxHashQueue ${String(f.bound).padStart(3)}: get-session alone ${Math.round(f.alone.requestsPerSecond)}/s p99 ${f.alone.p99Ms} ms; ` +
        `in storm ${Math.round(f.getSession.requestsPerSecond)}/s p99 ${f.getSession.p99Ms} ms → ${Math.round(f.shareOfAlone * 100)}% of alone, p99 ${f.p99Ratio}×; ` +
        `sign-in 200 ${f.signInOkPerSecond}/s, 503 ${f.busyPerSecond}/s, sign-in p99 ${f.signIn.p99Ms} ms`,
    ),
  ].join("\n");
}
