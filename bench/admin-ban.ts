/**
 * ban-user on a user holding 1,000 sessions: the real server in its own process, timed over HTTP,
 * and the store's transaction timed in-process. Proves the flags and the session deletion are one
 * transaction: with a trigger that makes the deletion of the last session fail, the whole ban
 * rolls back (user not banned, all 1,000 sessions still there).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hashSecret, newId, randomString } from "../server/crypto/tokens.js";
import { openSqlite, type DB } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import type { SessionRow } from "../server/db/types.js";
import { banAndEndSessions } from "../server/features/admin/store.js";
import { startBenchServer } from "./server-process.js";

export interface BanFigures {
  sessions: number;
  rounds: number;
  httpP50Ms: number;
  httpMaxMs: number;
  transactionP50Ms: number;
  transactionMaxMs: number;
  sessionsLeftAfterBan: number;
  oneTransaction: boolean;
  cores: number;
  cpu: string;
  loadAverage1m: number;
}

const round = (n: number) => Math.round(n * 100) / 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function user(id: string, email: string, role: string) {
  const now = Date.now();
  return { id, email, name: email, image: null, emailVerified: 1, createdAt: now, updatedAt: now, role, banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null };
}

function session(userId: string, token: string, id = newId()): SessionRow {
  const now = Date.now();
  return { id, token: hashSecret(token), userId, expiresAt: now + 24 * 3600_000, ipAddress: "198.51.100.7", userAgent: "bench", createdAt: now, updatedAt: now, activeOrganizationId: null, activeTeamId: null, impersonatedBy: null };
}

async function giveSessions(db: DB, userId: string, count: number): Promise<void> {
  await db.updateTable("user").set({ banned: 0, banReason: null, banExpires: null }).where("id", "=", userId).execute();
  const rows = Array.from({ length: count }, (_, i) => session(userId, randomString(32), i === count - 1 ? `last-${userId}` : newId()));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto("session").values(rows.slice(i, i + 500)).execute();
  });
}

const countSessions = async (db: DB, userId: string) =>
  Number((await db.selectFrom("session").select((eb) => eb.fn.countAll<number>().as("n")).where("userId", "=", userId).executeTakeFirstOrThrow()).n);

export async function run(options: { sessions?: number; rounds?: number } = {}): Promise<BanFigures> {
  const sessions = options.sessions ?? 1000;
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 20);
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-ban-"));
  const file = join(dir, "bench.db");
  const { db, sqlite, close } = openSqlite(file);
  await migrateToLatest(db);
  const adminId = newId();
  const targetId = newId();
  const adminToken = randomString(32);
  await db.insertInto("user").values([user(adminId, "bench-admin@example.com", "admin"), user(targetId, "target@example.com", "user")]).execute();
  await db.insertInto("session").values(session(adminId, adminToken)).execute();
  const server = await startBenchServer(file, 4900 + Math.floor(Math.random() * 500));
  try {
    const ban = () =>
      fetch(`${server.url}/api/auth/admin/ban-user`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ userId: targetId, banReason: "bench" }),
      });

    const http: number[] = [];
    let sessionsLeftAfterBan = 0;
    for (let i = 0; i < rounds; i++) {
      await giveSessions(db, targetId, sessions);
      const start = performance.now();
      const response = await ban();
      http.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`ban-user answered ${response.status}`);
      sessionsLeftAfterBan = Math.max(sessionsLeftAfterBan, await countSessions(db, targetId));
    }

    const transaction: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await giveSessions(db, targetId, sessions);
      const start = performance.now();
      await banAndEndSessions(db, targetId, { banned: 1, banReason: "bench", updatedAt: Date.now() });
      transaction.push(performance.now() - start);
    }

    // Atomicity: the deletion of the last session fails, so the ban must not stick either.
    await giveSessions(db, targetId, sessions);
    sqlite.exec(`CREATE TRIGGER bench_block BEFORE DELETE ON session WHEN old.id = 'last-${targetId}' BEGIN SELECT RAISE(ABORT, 'bench: blocked'); END`);
    const failed = await ban();
    sqlite.exec("DROP TRIGGER bench_block");
    const after = await db.selectFrom("user").select("banned").where("id", "=", targetId).executeTakeFirstOrThrow();
    const oneTransaction = failed.status === 500 && after.banned === 0 && (await countSessions(db, targetId)) === sessions && sessionsLeftAfterBan === 0;

    return {
      sessions,
      rounds,
      httpP50Ms: round(median(http)),
      httpMaxMs: round(Math.max(...http)),
      transactionP50Ms: round(median(transaction)),
      transactionMaxMs: round(Math.max(...transaction)),
      sessionsLeftAfterBan,
      oneTransaction,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1m: round(loadavg()[0] ?? 0),
    };
  } finally {
    await server.stop();
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(f: BanFigures): string {
  return (
    `admin-ban: user with ${f.sessions} sessions, ${f.rounds} rounds\n` +
    `  ban-user over HTTP p50 ${f.httpP50Ms} ms (max ${f.httpMaxMs} ms); flags + DELETE transaction p50 ${f.transactionP50Ms} ms (max ${f.transactionMaxMs} ms)\n` +
    `  sessions left after ban: ${f.sessionsLeftAfterBan}; one transaction (a failed delete rolls the ban back): ${f.oneTransaction}\n` +
    `  ${f.cores} cores (${f.cpu}), load average ${f.loadAverage1m}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await run();
  console.log(report(f));
  console.log(JSON.stringify({ bench: "admin-ban", ...f }));
}
