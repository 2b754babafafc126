/**
 * `auth server copy` at scale (issue 26): 100,000 users with their rows — a password account and
 * a session each, a sign-up audit event each, every tenth with TOTP, a thousand organizations of
 * a hundred members — seeded straight into a temp SQLite file, then copied into a fresh
 * PostgreSQL database (created on LATCHKEY_BENCH_PG_URL, default the local server, and dropped).
 * Target: under a minute on this machine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Insertable } from "kysely";
import { newId, randomString } from "../server/crypto/tokens.js";
import { openDatabase, openSqlite } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import type { Database } from "../server/db/types.js";
import { copyDatabase } from "../server/maintenance/copy-database.js";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";

const USERS = 100_000;

export interface CopyFigures {
  users: number;
  rows: number;
  tables: Record<string, number>;
  copySeconds: number;
  /** CPU time of the copying process alone (user + system): less sensitive to a busy machine than the wall clock. PostgreSQL's own work is not in it. */
  copyCpuSeconds: number;
  rowsPerSecond: number;
  targetSeconds: number;
  meetsTarget: boolean;
  seedSeconds: number;
  cores: number;
  cpu: string;
  loadAverage1mBefore: number;
  loadAverage1mAfter: number;
}

async function seed(file: string): Promise<void> {
  const { db, close } = openSqlite(file, { synchronous: "normal" });
  await migrateToLatest(db);
  const base = Date.now() - USERS * 1000;
  const organizations = Array.from({ length: USERS / 100 }, (_, i) => ({ id: newId(), name: `Org ${i}`, slug: `org-${i}`, logo: null, metadata: null, createdAt: base, updatedAt: base }));
  await db.insertInto("organization").values(organizations).execute();
  const BATCH = 500;
  for (let start = 0; start < USERS; start += BATCH) {
    const users: Array<Insertable<Database["user"]>> = [];
    const accounts: Array<Insertable<Database["account"]>> = [];
    const sessions: Array<Insertable<Database["session"]>> = [];
    const members: Array<Insertable<Database["member"]>> = [];
    const factors: Array<Insertable<Database["twoFactor"]>> = [];
    const audit: Array<Insertable<Database["auditEvent"]>> = [];
    for (let i = start; i < start + BATCH; i++) {
      const id = newId();
      const at = base + i * 1000;
      users.push({ id, email: `user${i}@example.com`, name: `User ${i}`, image: null, emailVerified: 1, createdAt: at, updatedAt: at, role: "user", banned: 0, banReason: null, banExpires: null, username: null, displayUsername: null, twoFactorEnabled: i % 10 === 0 ? 1 : 0 });
      accounts.push({ id: newId(), providerId: "credential", accountId: id, userId: id, password: `$argon2id$v=19$m=19456,t=2,p=1$${randomString(22)}$${randomString(43)}`, accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, createdAt: at, updatedAt: at });
      sessions.push({ id: newId(), token: randomString(43), userId: id, expiresAt: at + 7 * 86_400_000, ipAddress: "203.0.113.7", userAgent: "bench", createdAt: at, updatedAt: at, activeOrganizationId: null, activeTeamId: null, impersonatedBy: null });
      members.push({ id: newId(), organizationId: organizations[Math.floor(i / 100)]!.id, userId: id, role: i % 100 === 0 ? "owner" : "member", teamId: null, createdAt: at });
      if (i % 10 === 0) factors.push({ id: newId(), userId: id, secret: `v1.${randomString(60)}`, backupCodes: `v1.${randomString(200)}`, verified: 1, lastUsedStep: null, createdAt: at, updatedAt: at });
      audit.push({ id: newId(), action: "user.sign-up", actorId: id, targetId: id, targetType: "user", organizationId: null, reason: null, ipAddress: "203.0.113.7", userAgent: "bench", metadata: null, success: 1, createdAt: at });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("user").values(users).execute();
      await trx.insertInto("account").values(accounts).execute();
      await trx.insertInto("session").values(sessions).execute();
      await trx.insertInto("member").values(members).execute();
      if (factors.length) await trx.insertInto("twoFactor").values(factors).execute();
      await trx.insertInto("auditEvent").values(audit).execute();
    });
  }
  await close();
}

export async function run(): Promise<CopyFigures> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-copy-"));
  const file = join(dir, "source.db");
  const name = `latchkey_bench_copy_${process.pid}`;
  try {
    let started = performance.now();
    await seed(file);
    const seedSeconds = (performance.now() - started) / 1000;
    const url = await createBenchDatabase(name);
    const source = await openDatabase(file);
    const target = await openDatabase(url);
    const loadBefore = loadavg()[0] ?? 0;
    started = performance.now();
    const cpuBefore = process.cpuUsage();
    let result;
    try {
      result = await copyDatabase(source, target);
    } finally {
      await source.close();
      await target.close();
    }
    const copySeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      users: USERS,
      rows: result.total,
      tables: Object.fromEntries(Object.entries(result.tables).filter(([, n]) => n > 0)),
      copySeconds: Math.round(copySeconds * 10) / 10,
      copyCpuSeconds: Math.round((cpu.user + cpu.system) / 100_000) / 10,
      rowsPerSecond: Math.round(result.total / copySeconds),
      targetSeconds: 60,
      meetsTarget: copySeconds < 60,
      seedSeconds: Math.round(seedSeconds * 10) / 10,
      cores: availableParallelism(),
      cpu: cpus()[0]?.model ?? "unknown",
      loadAverage1mBefore: Math.round(loadBefore * 100) / 100,
      loadAverage1mAfter: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  } finally {
    await dropBenchDatabase(name);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(figures: CopyFigures): string {
  return [
    `copy SQLite → PostgreSQL: ${figures.users.toLocaleString("en")} users, ${figures.rows.toLocaleString("en")} rows in ${figures.copySeconds} s (${figures.rowsPerSecond.toLocaleString("en")} rows/s; ${figures.copyCpuSeconds} s of CPU in the copying process) — target < ${figures.targetSeconds} s: ${figures.meetsTarget ? "met" : "MISSED"}`,
    `  rows: ${Object.entries(figures.tables).map(([t, n]) => `${t} ${n}`).join(", ")}`,
    `  seeding took ${figures.seedSeconds} s; load average ${figures.loadAverage1mBefore} before, ${figures.loadAverage1mAfter} after (${figures.cores} cores, ${figures.cpu})`,
  ].join("\n");
}
