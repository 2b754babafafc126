/**
 * The tamper-evident audit log (issue 38 item 5, docs/audit.md "Tamper evidence"). The writer
 * (recorder.ts) inserts rows as before; this sweep links them afterwards, so a sign-in pays
 * nothing for the chain. Each sealed row gets the next `chainIndex` and
 * `chainHash = SHA-256(previous chainHash || canonical JSON of the row's immutable fields)`.
 *
 * One chain per database. Rows are sealed in `seq` order, but the position is `chainIndex`, not
 * `seq`: on PostgreSQL a row's seq is drawn at insert while its transaction may commit after a
 * later seq was already sealed, so "seq order" alone would either skip that row or need the
 * chain rewritten. Appending it at the next index keeps one append-only chain across servers.
 * Sealers take turns: a transaction-scoped advisory lock on PostgreSQL, SQLite's single writer.
 */
import { createHash } from "node:crypto";
import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";
import type { AuditEventRow, Database } from "../db/types.js";

const BATCH = 500;
const CHAIN_ID = "chain";
/** pg_advisory_xact_lock key of the audit sealer ("LKAC"); no other lock in Latchkey uses it. */
const SEALER_LOCK = 0x4c4b4143;

interface ChainState {
  headIndex: number;
  headHash: string;
  checkpointIndex: number;
  checkpointSeq: number;
  checkpointHash: string;
}
const EMPTY: ChainState = { headIndex: 0, headHash: "", checkpointIndex: 0, checkpointSeq: 0, checkpointHash: "" };

/**
 * The fields a row is sealed over, keys sorted, values strings, integers, booleans or null: for
 * such values JSON.stringify with sorted keys is the RFC 8785 canonical form. `fannedOut` and the
 * chain columns are left out: they change after the insert.
 */
export function canonicalAuditRow(row: AuditEventRow): string {
  return JSON.stringify({
    action: row.action,
    actorId: row.actorId,
    createdAt: Number(row.createdAt),
    id: row.id,
    ipAddress: row.ipAddress,
    metadata: row.metadata,
    organizationId: row.organizationId,
    reason: row.reason,
    seq: Number(row.seq),
    success: Number(row.success),
    targetId: row.targetId,
    targetType: row.targetType,
    userAgent: row.userAgent,
  });
}

export function chainLink(previousHash: string, row: AuditEventRow): string {
  return createHash("sha256").update(previousHash).update(canonicalAuditRow(row)).digest("hex");
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function lockedState(trx: Transaction<Database>, postgres: boolean): Promise<ChainState> {
  if (postgres) await sql`select pg_advisory_xact_lock(${SEALER_LOCK})`.execute(trx);
  const row = await trx.selectFrom("auditChain").selectAll().where("id", "=", CHAIN_ID).executeTakeFirst();
  return row ? { headIndex: Number(row.headIndex), headHash: row.headHash, checkpointIndex: Number(row.checkpointIndex), checkpointSeq: Number(row.checkpointSeq), checkpointHash: row.checkpointHash } : { ...EMPTY };
}

async function saveState(trx: Transaction<Database>, state: ChainState): Promise<void> {
  await trx
    .insertInto("auditChain")
    .values({ id: CHAIN_ID, ...state })
    .onConflict((oc) => oc.column("id").doUpdateSet(state))
    .execute();
}

/** Links every unsealed row onto the chain, oldest seq first; answers how many. */
export async function sealAuditChain(db: Kysely<Database>): Promise<number> {
  const postgres = isPostgres(db);
  let total = 0;
  for (;;) {
    const sealed = await db.transaction().execute(async (trx) => {
      const state = await lockedState(trx, postgres);
      const rows = await trx.selectFrom("auditEvent").selectAll().where("chainHash", "is", null).orderBy("seq").limit(BATCH).execute();
      for (const row of rows) {
        state.headIndex += 1;
        state.headHash = chainLink(state.headHash, row);
        await trx.updateTable("auditEvent").set({ chainIndex: state.headIndex, chainHash: state.headHash }).where("seq", "=", row.seq).execute();
      }
      if (rows.length > 0) await saveState(trx, state);
      return rows.length;
    });
    total += sealed;
    if (sealed < BATCH) return total;
  }
}

export type ChainProblem = "altered" | "missing" | "truncated";

export interface ChainVerdict {
  ok: boolean;
  /** Rows whose link was checked. */
  checked: number;
  headIndex: number;
  /** Where checking started: the last row retention pruned, or null when nothing was pruned. */
  checkpoint: { chainIndex: number; seq: number } | null;
  /**
   * The first row that breaks the chain: `altered` (its fields or hash changed, or rows swapped
   * places), `missing` (rows before it in the chain were deleted), `truncated` (the newest rows
   * were deleted: no row, `chainIndex` names the first absent position).
   */
  firstBreak: { problem: ChainProblem; chainIndex: number; seq: number | null; id: string | null; action: string | null; createdAt: string | null } | null;
}

/** A row's time as ISO, or null when someone wrote a value no date has (verify must still answer). */
function readableTime(ms: number | string | bigint): string | null {
  const date = new Date(Number(ms));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Recomputes the chain from the checkpoint to the head (after sealing what is new). */
export async function verifyAuditChain(db: Kysely<Database>): Promise<ChainVerdict> {
  await sealAuditChain(db);
  const stateRow = await db.selectFrom("auditChain").selectAll().where("id", "=", CHAIN_ID).executeTakeFirst();
  const state: ChainState = stateRow ? { headIndex: Number(stateRow.headIndex), headHash: stateRow.headHash, checkpointIndex: Number(stateRow.checkpointIndex), checkpointSeq: Number(stateRow.checkpointSeq), checkpointHash: stateRow.checkpointHash } : EMPTY;
  const verdict = (checked: number, firstBreak: ChainVerdict["firstBreak"]): ChainVerdict => ({
    ok: firstBreak === null,
    checked,
    headIndex: state.headIndex,
    checkpoint: state.checkpointIndex > 0 ? { chainIndex: state.checkpointIndex, seq: state.checkpointSeq } : null,
    firstBreak,
  });
  let index = state.checkpointIndex;
  let hash = state.checkpointHash;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom("auditEvent").selectAll().where("chainIndex", ">", index).orderBy("chainIndex").limit(BATCH).execute();
    for (const row of rows) {
      const at = Number(row.chainIndex);
      // Action and time as stored now: enough for a person to find the row in the log.
      const named = { chainIndex: at, seq: Number(row.seq), id: row.id, action: row.action, createdAt: readableTime(row.createdAt) };
      if (at !== index + 1) return verdict(checked, { problem: "missing", ...named });
      const expected = chainLink(hash, row);
      if (row.chainHash !== expected) return verdict(checked, { problem: "altered", ...named });
      index = at;
      hash = expected;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  if (index !== state.headIndex || hash !== state.headHash) {
    return verdict(checked, { problem: index < state.headIndex ? "truncated" : "altered", chainIndex: index < state.headIndex ? index + 1 : index, seq: null, id: null, action: null, createdAt: null });
  }
  return verdict(checked, null);
}

/**
 * Retention: deletes the sealed rows before the first one still within retention (in chain
 * order, so what stays is one unbroken stretch) and keeps the last deleted row's position and
 * hash as the checkpoint verification starts from. Unsealed rows wait for the sealer.
 */
export async function pruneAuditChain(db: Kysely<Database>, horizon: number): Promise<number> {
  await sealAuditChain(db);
  const postgres = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    const state = await lockedState(trx, postgres);
    const keep = await trx.selectFrom("auditEvent").select((eb) => eb.fn.min("chainIndex").as("first")).where("chainIndex", "is not", null).where("createdAt", ">=", horizon).executeTakeFirst();
    const limit = keep?.first != null ? Number(keep.first) - 1 : state.headIndex;
    const last = await trx.selectFrom("auditEvent").select(["chainIndex", "seq", "chainHash"]).where("chainIndex", "<=", limit).where("chainIndex", ">", state.checkpointIndex).orderBy("chainIndex", "desc").limit(1).executeTakeFirst();
    if (!last || last.chainIndex === null || last.chainHash === null) return 0;
    const deleted = await trx.deleteFrom("auditEvent").where("chainIndex", "<=", last.chainIndex).executeTakeFirst();
    await saveState(trx, { ...state, checkpointIndex: Number(last.chainIndex), checkpointSeq: Number(last.seq), checkpointHash: last.chainHash });
    return Number(deleted.numDeletedRows);
  });
}

/** Sealed rows created in [from, to), in chain order, as the JSON lines an export signs. */
export async function exportAuditChain(db: Kysely<Database>, range: { from: number; to: number }, max: number): Promise<{ lines: string[]; complete: boolean }> {
  await sealAuditChain(db);
  const rows = await db
    .selectFrom("auditEvent")
    .selectAll()
    .where("chainIndex", "is not", null)
    .where("createdAt", ">=", range.from)
    .where("createdAt", "<", range.to)
    .orderBy("chainIndex")
    .limit(max + 1)
    .execute();
  const lines = rows.slice(0, max).map((row) => {
    const fields = JSON.parse(canonicalAuditRow(row)) as Record<string, unknown>;
    return JSON.stringify({ ...fields, chainIndex: Number(row.chainIndex), chainHash: row.chainHash });
  });
  return { lines, complete: rows.length <= max };
}
