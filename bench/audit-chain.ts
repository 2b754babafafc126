/**
 * Issue 38 item 5: what the tamper-evident audit log costs, off the write path. Seals N audit rows
 * (the sweep's work after N events), then verifies the whole chain, on SQLite and on a scratch
 * PostgreSQL database; rows per second for each. Sign-ins pay nothing by construction (the
 * writer is unchanged; sealing runs in the sweep), so there is no sign-in figure to take here.
 *
 * Run: npm run bench -- audit-chain (BENCH_AUDIT_ROWS=20000). Record the load average: the machine is shared.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sealAuditChain, verifyAuditChain } from "../server/audit/chain.js";
import { openDatabase } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { createBenchDatabase, dropBenchDatabase } from "./bench-database.js";

interface DialectFigures {
  dialect: string;
  rows: number;
  sealPerSecond: number;
  verifyPerSecond: number;
}

interface AuditChainFigures {
  dialects: DialectFigures[];
  loadAverage: { before: number; after: number };
}

async function measure(dialect: string, target: string, rows: number): Promise<DialectFigures> {
  const opened = await openDatabase(target);
  try {
    await migrateToLatest(opened.db);
    const now = Date.now();
    for (let start = 0; start < rows; start += 500) {
      const batch = Array.from({ length: Math.min(500, rows - start) }, (_, i) => ({
        id: `bench-${start + i}`,
        action: "user.sign-in",
        actorId: `user-${(start + i) % 97}`,
        targetId: null,
        targetType: null,
        organizationId: null,
        reason: null,
        ipAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 (bench)",
        metadata: JSON.stringify({ method: "email" }),
        success: 1,
        createdAt: now + start + i,
      }));
      await opened.db.insertInto("auditEvent").values(batch).execute();
    }
    let started = performance.now();
    const sealed = await sealAuditChain(opened.db);
    const sealSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const verdict = await verifyAuditChain(opened.db);
    const verifySeconds = (performance.now() - started) / 1000;
    if (sealed !== rows || !verdict.ok || verdict.checked !== rows) throw new Error(`${dialect}: sealed ${sealed}, verified ${verdict.checked} of ${rows}`);
    return { dialect, rows, sealPerSecond: Math.round(rows / sealSeconds), verifyPerSecond: Math.round(rows / verifySeconds) };
  } finally {
    await opened.close();
  }
}

export async function run(rows = Number(process.env.BENCH_AUDIT_ROWS ?? 20_000)): Promise<AuditChainFigures> {
  const before = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-audit-chain-"));
  const pgName = `latchkey_bench_audit_chain_${process.pid}`;
  try {
    const sqlite = await measure("sqlite", join(dir, "chain.db"), rows);
    const postgres = await measure("postgres", await createBenchDatabase(pgName), rows);
    return { dialects: [sqlite, postgres], loadAverage: { before: Math.round(before * 10) / 10, after: Math.round(loadavg()[0]! * 10) / 10 } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dropBenchDatabase(pgName);
  }
}

export function report(figures: AuditChainFigures): string {
  return [
    `Audit chain (sealing sweep and verify) — load average ${figures.loadAverage.before} → ${figures.loadAverage.after}`,
    ...figures.dialects.map((f) => `  ${f.dialect.padEnd(8)} ${f.rows} rows: seal ${f.sealPerSecond} rows/s, verify ${f.verifyPerSecond} rows/s`),
  ].join("\n");
}
