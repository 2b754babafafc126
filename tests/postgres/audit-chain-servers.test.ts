/**
 * The audit hash chain sealed by two servers on one PostgreSQL at once (issue 38 item 5): both
 * servers' maintenance sweeps run at the same moment, round after round, while both servers keep
 * writing audit rows and one transaction commits a row after higher seqs were already sealed.
 * What must hold: one chain (positions 1..n, each taken once, no fork), no row resealed with a
 * different position or hash between rounds, the stored hashes recompute from the rows, and
 * verify passes on both servers. PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainLink } from "../../server/audit/chain.js";
import type { AuditEventRow } from "../../server/db/types.js";
import { sweep } from "../../server/maintenance/sweep.js";
import { signUpAdmin } from "../server/admin/admin-helpers.js";
import { startSecondServer, type SecondServer } from "../helpers/second-server.js";
import { startTestServer, testDialect, type TestServer } from "../helpers/test-server.js";

const ROUNDS = 12;
/** Per server and round: with both servers' rows, more than one 500-row sealing batch per sweep. */
const ROWS_PER_ROUND = 400;

describe("audit chain sealed by two servers on one PostgreSQL", () => {
  let a: TestServer;
  let b: SecondServer;

  beforeAll(async () => {
    expect(testDialect, "tests/postgres runs only with LATCHKEY_TEST_DIALECT=postgres").toBe("postgres");
    a = await startTestServer({ config: { jwt: { enabled: true } } });
    b = await startSecondServer(a.dbFile, { jwt: { enabled: true } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("stays one valid chain while both sweeps seal at the same time, round after round", { timeout: 300_000 }, async () => {
    const admin = await signUpAdmin(a, { email: "chain-two@example.com" });
    const db = a.database.db;
    /** id → "chainIndex:chainHash" as first seen sealed: a later round must find it unchanged. */
    const sealedAs = new Map<string, string>();
    let lateRows = 0;

    for (let round = 0; round < ROUNDS; round++) {
      let releaseLate!: () => void;
      const sweepsDone = new Promise<void>((resolve) => (releaseLate = resolve));
      // A transaction that draws its seq now and commits only after both sweeps sealed the rows
      // written after it: the late row PostgreSQL's seq order allows, appended at the next index.
      const late = db.transaction().execute(async (trx) => {
        await trx
          .insertInto("auditEvent")
          .values({ id: `late-${round}`, action: "user.update", actorId: admin.userId, targetId: null, targetType: null, organizationId: null, reason: null, ipAddress: null, userAgent: null, metadata: JSON.stringify({ round }), success: 1, createdAt: a.clock.now() })
          .execute();
        await sweepsDone;
      });

      for (let i = 0; i < ROWS_PER_ROUND; i++) {
        a.app.context.audit.record({ action: "user.update", actorId: admin.userId, targetId: admin.userId, targetType: "user", metadata: { round, i, via: "a" } });
        b.app.context.audit.record({ action: "user.update", actorId: admin.userId, targetId: admin.userId, targetType: "user", metadata: { round, i, via: "b" } });
      }
      // Both servers write their batches while both sweeps seal: the same moment, not one after the other.
      await Promise.all([a.app.context.audit.flush(), b.app.context.audit.flush(), sweep(a.app.context), sweep(b.app.context)]);
      await Promise.all([sweep(a.app.context), sweep(b.app.context)]);
      releaseLate();
      await late;
      lateRows++;

      const rows = await db.selectFrom("auditEvent").select(["id", "chainIndex", "chainHash"]).where("chainIndex", "is not", null).execute();
      for (const row of rows) {
        const seen = `${row.chainIndex}:${row.chainHash}`;
        const before = sealedAs.get(row.id);
        if (before !== undefined) expect(seen, `row ${row.id} resealed in round ${round}`).toBe(before);
        sealedAs.set(row.id, seen);
      }
    }

    // The last late row is sealed by whichever sweep comes next; run both together once more.
    await Promise.all([sweep(a.app.context), sweep(b.app.context)]);
    const all = await db.selectFrom("auditEvent").selectAll().orderBy("chainIndex").execute();
    expect(all.length).toBeGreaterThanOrEqual(ROUNDS * (2 * ROWS_PER_ROUND) + lateRows);
    expect(all.every((row) => row.chainIndex !== null && row.chainHash !== null)).toBe(true);
    // One chain: positions 1..n, each exactly once (a fork would repeat a position).
    expect(all.map((row) => Number(row.chainIndex))).toEqual(all.map((_, i) => i + 1));
    // Recomputed here from the rows themselves, independently of the server's verify.
    let hash = "";
    for (const row of all as AuditEventRow[]) {
      hash = chainLink(hash, row);
      expect(row.chainHash, `chain position ${row.chainIndex}`).toBe(hash);
    }
    const head = await db.selectFrom("auditChain").selectAll().executeTakeFirstOrThrow();
    expect({ headIndex: Number(head.headIndex), headHash: head.headHash }).toEqual({ headIndex: all.length, headHash: hash });
    // Every late row is in the chain, placed after rows that carry a higher seq (sealed before it committed).
    const lateSealed = all.filter((row) => row.id.startsWith("late-"));
    expect(lateSealed.length).toBe(ROUNDS);
    for (const row of lateSealed) expect(all.some((other) => Number(other.seq) > Number(row.seq) && Number(other.chainIndex) < Number(row.chainIndex))).toBe(true);

    const token = admin.token;
    const onA = await a.request("GET", "/admin/verify-audit-chain", { token });
    const onB = await fetch(`${b.api}/admin/verify-audit-chain`, { headers: { authorization: `Bearer ${token}` } });
    expect(onA.status, onA.text).toBe(200);
    expect(onA.body).toMatchObject({ ok: true, firstBreak: null });
    expect(onA.body.checked).toBeGreaterThanOrEqual(all.length);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ ok: true, firstBreak: null });
  });
});
