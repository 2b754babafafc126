/**
 * Memory and start (issue 41 item 3): on a SQLite file with 100,000 users (bench/admin-list-users.ts
 * seeding) and 10,000 live sessions, the real server in its own process (production mode, rate
 * limit off):
 * - start: from spawning the process to its first answer (GET {basePath}/ok);
 * - RSS at rest: once started and idle for two seconds;
 * - RSS with 10,000 cached sessions: after one get-session per session (16 in flight), which
 *   fills the answer cache to its bound; then a second pass, which memory answers.
 * Each figure has a budget; the report says which are met. Budgets leave room for this shared
 * VM's noise, not for a regression: a figure over its budget is one to investigate.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hashSecret, newId, randomString } from "../server/crypto/tokens.js";
import { openSqlite } from "../server/db/database.js";
import { seedUsers } from "./admin-list-users.js";
import { startBenchServer } from "./server-process.js";

/** Budgets (issue 41): start to first answer, RSS at rest, RSS with 10k cached sessions. */
export const BUDGETS = { startMs: 3_000, restRssMb: 160, cachedRssMb: 220 } as const;

export interface MemoryStartFigures {
  users: number;
  sessions: number;
  /** Spawn → first 200 from /ok. */
  startMs: number;
  restRssMb: number;
  cachedRssMb: number;
  /** Memory answered the second pass: its mean time per check against the first pass's. */
  firstPassMs: number;
  secondPassMs: number;
  budgets: typeof BUDGETS;
  withinBudgets: boolean;
  cores: number;
  cpu: string;
  loadAverage1m: number;
}

/** One live session for each of the first `count` users; answers their raw tokens. */
async function seedSessions(file: string, count: number): Promise<string[]> {
  const { db, close } = openSqlite(file);
  try {
    const users = await db.selectFrom("user").select("id").orderBy("createdAt").limit(count).execute();
    const now = Date.now();
    const tokens: string[] = [];
    for (let start = 0; start < users.length; start += 1000) {
      const rows = users.slice(start, start + 1000).map(({ id }) => {
        const token = randomString(32);
        tokens.push(token);
        return { id: newId(), token: hashSecret(token), userId: id, expiresAt: now + 7 * 24 * 3600_000, ipAddress: "127.0.0.1", userAgent: "bench", createdAt: now, updatedAt: now, activeOrganizationId: null, activeTeamId: null, impersonatedBy: null };
      });
      await db.transaction().execute((trx) => trx.insertInto("session").values(rows).execute());
    }
    return tokens;
  } finally {
    await close();
  }
}

/** Checks every token, `inFlight` at a time; answers the mean wall time per check (ms). */
async function checkAll(url: string, tokens: string[], inFlight = 16): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++] as string;
        const response = await fetch(`${url}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { session?: unknown } | null;
        if (!body?.session) throw new Error(`get-session answered ${response.status} without a session`);
      }
    }),
  );
  return (performance.now() - started) / tokens.length;
}

export async function run(): Promise<MemoryStartFigures> {
  const users = Number(process.env.BENCH_USERS ?? 100_000);
  const sessions = Math.min(users, Number(process.env.BENCH_SESSIONS ?? 10_000));
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-memory-"));
  const file = join(dir, "bench.db");
  try {
    await seedUsers(file, users);
    const tokens = await seedSessions(file, sessions);
    const port = 4400 + Math.floor(Math.random() * 400);
    const spawned = performance.now();
    const server = await startBenchServer(file, port);
    try {
      for (;;) {
        const ok = await fetch(`${server.url}/api/auth/ok`).catch(() => null);
        if (ok?.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const startMs = Math.round(performance.now() - spawned);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const restRssMb = server.rssMb();
      const firstPassMs = await checkAll(server.url, tokens);
      const secondPassMs = await checkAll(server.url, tokens);
      const cachedRssMb = server.rssMb();
      return {
        users,
        sessions,
        startMs,
        restRssMb,
        cachedRssMb,
        firstPassMs: Math.round(firstPassMs * 1000) / 1000,
        secondPassMs: Math.round(secondPassMs * 1000) / 1000,
        budgets: BUDGETS,
        withinBudgets: startMs <= BUDGETS.startMs && restRssMb <= BUDGETS.restRssMb && cachedRssMb <= BUDGETS.cachedRssMb,
        cores: availableParallelism(),
        cpu: cpus()[0]?.model ?? "unknown",
        loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(f: MemoryStartFigures): string {
  const mark = (value: number, budget: number) => (value <= budget ? `within ${budget}` : `OVER ${budget}`);
  return [
    `memory-start (${f.users.toLocaleString("en")} users, ${f.sessions.toLocaleString("en")} sessions; ${f.cores} cores, ${f.cpu}; load average ${f.loadAverage1m})`,
    `  start to first answer   ${f.startMs} ms (${mark(f.startMs, f.budgets.startMs)})`,
    `  RSS at rest             ${f.restRssMb} MiB (${mark(f.restRssMb, f.budgets.restRssMb)})`,
    `  RSS, ${f.sessions} cached      ${f.cachedRssMb} MiB (${mark(f.cachedRssMb, f.budgets.cachedRssMb)})`,
    `  get-session per check: first pass (database) ${f.firstPassMs} ms, second pass (memory) ${f.secondPassMs} ms, 16 in flight`,
  ].join("\n");
}
