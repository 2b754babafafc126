/**
 * One organization with 10,000 members, seeded straight into a temp SQLite file with Kysely bulk
 * inserts; the real server (createApp, listening on 127.0.0.1, rate limit off) answers
 * list-members (one page) and get-full-organization (with membersLimit) at modest concurrency.
 * Target: p99 < 20 ms for both. The load generator shares the process (and the two cores) with
 * the server, so figures are upper bounds on what the server alone needs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { createApp } from "../server/app.js";
import { resolveConfig } from "../server/config.js";
import { hashSecret, newId, randomString } from "../server/crypto/tokens.js";
import { openSqlite, type DB } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import type { MemberRow, NewUser } from "../server/db/types.js";

export interface Series {
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  requestsPerSecond: number;
}

export interface OrganizationMembersFigures {
  members: number;
  concurrency: number;
  pageSize: number;
  listMembers: Series;
  listMembersDeepPage: Series;
  getFullOrganization: Series;
  targetP99Ms: number;
  meetsTarget: boolean;
  seedSeconds: number;
  cores: number;
  cpu: string;
  loadAverage1m: number;
}

const BATCH = 1000;

/** Seeds one organization with `count` members (the first one its owner); answers the owner's token and the organization id. */
export async function seedOrganization(db: DB, count: number): Promise<{ token: string; organizationId: string }> {
  await migrateToLatest(db);
  const now = Date.now();
  const base = now - count * 1000;
  const organizationId = newId();
  await db.insertInto("organization").values({ id: organizationId, name: "Bench Org", slug: "bench-org", logo: null, metadata: null, createdAt: base, updatedAt: null }).execute();
  let ownerId = "";
  for (let start = 0; start < count; start += BATCH) {
    const users: NewUser[] = [];
    const members: MemberRow[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const id = newId();
      if (i === 0) ownerId = id;
      const at = base + i * 1000;
      users.push({ id, email: `member${i}@bench.example`, name: `Member ${i}`, image: null, emailVerified: 1, createdAt: at, updatedAt: at, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null });
      members.push({ id: newId(), organizationId, userId: id, role: i === 0 ? "owner" : i % 50 === 0 ? "admin" : "member", teamId: null, createdAt: at });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("user").values(users).execute();
      await trx.insertInto("member").values(members).execute();
    });
  }
  const teams = Array.from({ length: 5 }, (_, i) => ({ id: newId(), name: `Team ${i}`, organizationId, createdAt: base, updatedAt: base }));
  await db.insertInto("team").values(teams).execute();
  const invitations = Array.from({ length: 20 }, (_, i) => ({
    id: newId(), organizationId, email: `invitee${i}@bench.example`, role: "member", status: "pending", teamId: null, inviterId: ownerId, expiresAt: now + 86_400_000, createdAt: now,
  }));
  await db.insertInto("invitation").values(invitations).execute();
  const token = randomString(32);
  await db
    .insertInto("session")
    .values({ id: newId(), token: hashSecret(token), userId: ownerId, expiresAt: now + 86_400_000, ipAddress: null, userAgent: "bench", createdAt: now, updatedAt: now, activeOrganizationId: organizationId, activeTeamId: null, impersonatedBy: null })
    .execute();
  return { token, organizationId };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

/** `total` requests, `concurrency` in flight at a time; each call's own latency is recorded. */
async function measure(total: number, concurrency: number, call: (i: number) => Promise<void>): Promise<Series> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await call(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return {
    requests: total,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    requestsPerSecond: Math.round(total / elapsed),
  };
}

export async function run(options: { members?: number; requests?: number; concurrency?: number } = {}): Promise<OrganizationMembersFigures> {
  const members = options.members ?? Number(process.env.BENCH_MEMBERS ?? 10_000);
  const requests = options.requests ?? Number(process.env.BENCH_REQUESTS ?? 3000);
  const concurrency = options.concurrency ?? Number(process.env.BENCH_CONCURRENCY ?? 4);
  const pageSize = 100;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-org-"));
  const file = join(dir, "bench.db");
  const database = openSqlite(file);
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  let app: Awaited<ReturnType<typeof createApp>> | undefined;
  try {
    const seedStart = performance.now();
    const { token, organizationId } = await seedOrganization(database.db, members);
    // A running server's WAL is checkpointed continually; start from that steady state rather
    // than with the seed's 10,000 fresh rows still in the WAL.
    database.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    database.sqlite.pragma("optimize");
    const seedSeconds = round((performance.now() - seedStart) / 1000);

    const config = resolveConfig({ db: file, host: "127.0.0.1", port: 0, logLevel: "silent", rateLimit: { enabled: false }, production: true });
    app = await createApp({ config, db: database.db, secret: "bench-secret-bench-secret-bench-secret", logger: false });
    await app.server.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.addresses()[0] as { port: number } | undefined;
    const api = `http://127.0.0.1:${address?.port}${config.basePath}`;
    const headers = { authorization: `Bearer ${token}` };

    const get = async (path: string, check: (body: any) => boolean) => {
      const response = await request(api + path, { headers, dispatcher: agent });
      const body = await response.body.json();
      if (response.statusCode !== 200 || !check(body)) throw new Error(`${path} answered ${response.statusCode}`);
    };
    const listMembers = (offset: number) => get(`/organization/list-members?organizationId=${organizationId}&limit=${pageSize}&offset=${offset}`, (b) => b.members?.length === pageSize && b.total === members);
    const fullOrganization = () => get(`/organization/get-full-organization?organizationId=${organizationId}&membersLimit=${pageSize}`, (b) => b.members?.length === pageSize);

    // Warm-up to steady state (JIT-compiled handlers, grown heap, hot page cache): 1,000 of each.
    await measure(1000, concurrency, (i) => listMembers((i % 10) * pageSize));
    await measure(1000, concurrency, () => fullOrganization());
    const list = await measure(requests, concurrency, (i) => listMembers((i % 10) * pageSize));
    const deep = await measure(Math.max(100, Math.floor(requests / 5)), concurrency, (i) => listMembers(members - pageSize * (1 + (i % 5))));
    const full = await measure(requests, concurrency, () => fullOrganization());
    return {
      members,
      concurrency,
      pageSize,
      listMembers: list,
      listMembersDeepPage: deep,
      getFullOrganization: full,
      targetP99Ms: 20,
      meetsTarget: list.p99Ms < 20 && full.p99Ms < 20,
      seedSeconds,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1m: round(loadavg()[0] ?? 0),
    };
  } finally {
    await app?.close();
    await agent.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const line = (name: string, s: Series) =>
  `  ${name.padEnd(34)} p50 ${s.p50Ms} ms  p90 ${s.p90Ms} ms  p99 ${s.p99Ms} ms  max ${s.maxMs} ms  (${s.requests} requests, ${s.requestsPerSecond}/s)`;

export function report(f: OrganizationMembersFigures): string {
  return [
    `organization-members: one organization with ${f.members} members, ${f.concurrency} requests in flight, ${f.pageSize} per page`,
    line("list-members (first pages)", f.listMembers),
    line("list-members (last pages)", f.listMembersDeepPage),
    line("get-full-organization (membersLimit)", f.getFullOrganization),
    `  target p99 < ${f.targetP99Ms} ms: ${f.meetsTarget ? "met" : "MISSED"}; ${f.cores} cores (${f.cpu}), load average ${f.loadAverage1m}; seeding took ${f.seedSeconds} s`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await run();
  console.log(report(figures));
  console.log(JSON.stringify({ bench: "organization-members", ...figures }));
}
