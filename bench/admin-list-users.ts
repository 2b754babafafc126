/**
 * list-users at scale: 100,000 users seeded straight into a temp SQLite file (Kysely bulk
 * inserts), the real server in its own process (rate limit off), then a few thousand
 * list-users calls, one at a time, each with a `contains` search and a sort. Target: p99 < 50 ms.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hashSecret, newId, randomString } from "../server/crypto/tokens.js";
import { openSqlite } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import type { NewUser } from "../server/db/types.js";
import { startBenchServer } from "./server-process.js";

const FIRST = ["Ada", "Alan", "Grace", "Linus", "Barbara", "Ken", "Dennis", "Margaret", "Edsger", "Frances", "John", "Radia", "Tim", "Donald", "Anita", "Leslie", "Niklaus", "Hedy", "Guido", "Yukihiro"];
const LAST = ["Lovelace", "Turing", "Hopper", "Torvalds", "Liskov", "Thompson", "Ritchie", "Hamilton", "Dijkstra", "Allen", "Backus", "Perlman", "Berners-Lee", "Knuth", "Borg", "Lamport", "Wirth", "Lamarr", "van Rossum", "Matsumoto"];
const DOMAINS = ["example.com", "mail.test", "corp.example", "uni.edu", "startup.io"];

export interface ListUsersFigures {
  users: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  targetP99Ms: number;
  meetsTarget: boolean;
  seedSeconds: number;
  cores: number;
  cpu: string;
  loadAverage1m: number;
}

/** Seeds `count` users and one admin session; answers the admin's raw token. */
export async function seedUsers(file: string, count: number): Promise<string> {
  const { db, close } = openSqlite(file);
  await migrateToLatest(db);
  const base = Date.now() - count * 60_000;
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const rows: NewUser[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const first = FIRST[i % FIRST.length] as string;
      const last = LAST[Math.floor(i / FIRST.length) % LAST.length] as string;
      rows.push({
        id: newId(),
        email: `${first.toLowerCase()}.${i}@${DOMAINS[i % DOMAINS.length]}`,
        name: `${first} ${last} ${i}`,
        image: null,
        emailVerified: i % 3 === 0 ? 1 : 0,
        createdAt: base + i * 60_000,
        updatedAt: base + i * 60_000,
        role: i % 1000 === 0 ? "admin" : "user",
        banned: i % 100 === 0 ? 1 : 0,
        banReason: i % 100 === 0 ? "seeded" : null,
        banExpires: null,
        username: null,
        displayUsername: null,
      });
    }
    await db.transaction().execute((trx) => trx.insertInto("user").values(rows).execute());
  }
  const adminId = newId();
  const now = Date.now();
  await db.insertInto("user").values({ id: adminId, email: "bench-admin@example.com", name: "Bench Admin", image: null, emailVerified: 1, createdAt: now, updatedAt: now, role: "admin", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null }).execute();
  const token = randomString(32);
  await db
    .insertInto("session")
    .values({ id: newId(), token: hashSecret(token), userId: adminId, expiresAt: now + 24 * 3600_000, ipAddress: null, userAgent: "bench", createdAt: now, updatedAt: now, activeOrganizationId: null, activeTeamId: null, impersonatedBy: null })
    .execute();
  await close();
  return token;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** The queries an operator's screen sends: a contains search on email or name, sorted, one page. */
function queryFor(i: number): string {
  const searches = [
    { searchField: "email", searchValue: String(1000 + (i % 9000)) },
    { searchField: "name", searchValue: LAST[i % LAST.length] as string },
    { searchField: "email", searchValue: `${(FIRST[i % FIRST.length] as string).toLowerCase()}.${i % 97}` },
    { searchField: "name", searchValue: `${FIRST[(i * 7) % FIRST.length]} ` },
  ];
  const sorts = [
    { sortBy: "createdAt", sortDirection: "desc" },
    { sortBy: "name", sortDirection: "asc" },
    { sortBy: "email", sortDirection: "asc" },
  ];
  const params = new URLSearchParams({ ...searches[i % searches.length], searchOperator: "contains", ...sorts[i % sorts.length], limit: "50" });
  return params.toString();
}

export async function run(options: { users?: number; requests?: number } = {}): Promise<ListUsersFigures> {
  const users = options.users ?? Number(process.env.BENCH_USERS ?? 100_000);
  const requests = options.requests ?? Number(process.env.BENCH_REQUESTS ?? 3000);
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-admin-"));
  const file = join(dir, "bench.db");
  const seedStart = performance.now();
  const token = await seedUsers(file, users);
  const seedSeconds = round((performance.now() - seedStart) / 1000);
  const server = await startBenchServer(file, 4400 + Math.floor(Math.random() * 500));
  try {
    const api = `${server.url}/api/auth/admin/list-users?`;
    const headers = { authorization: `Bearer ${token}` };
    const call = async (i: number) => {
      const response = await fetch(api + queryFor(i), { headers });
      const body = (await response.json()) as { users?: unknown[]; total?: number };
      if (response.status !== 200 || !Array.isArray(body.users)) throw new Error(`list-users answered ${response.status}`);
    };
    for (let i = 0; i < 100; i++) await call(i); // warm-up: JIT, page cache
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      await call(i + 100);
      times.push(performance.now() - start);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    return {
      users,
      requests,
      p50Ms: round(percentile(sorted, 50)),
      p90Ms: round(percentile(sorted, 90)),
      p99Ms: round(p99),
      maxMs: round(sorted[sorted.length - 1] ?? 0),
      meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
      targetP99Ms: 50,
      meetsTarget: p99 < 50,
      seedSeconds,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1m: round(loadavg()[0] ?? 0),
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(f: ListUsersFigures): string {
  return (
    `admin-list-users: ${f.users} users, ${f.requests} sequential requests (contains search + sort, 50 per page)\n` +
    `  p50 ${f.p50Ms} ms  p90 ${f.p90Ms} ms  p99 ${f.p99Ms} ms  max ${f.maxMs} ms  (target p99 < ${f.targetP99Ms} ms: ${f.meetsTarget ? "met" : "MISSED"})\n` +
    `  ${f.cores} cores (${f.cpu}), load average ${f.loadAverage1m}; seeding took ${f.seedSeconds} s`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await run();
  console.log(report(f));
  console.log(JSON.stringify({ bench: "admin-list-users", ...f }));
}
