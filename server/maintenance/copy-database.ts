/**
 * `auth server copy` (issue 26): every table of one Latchkey database into another, SQLite or
 * PostgreSQL either way. The source is read inside one read transaction (SQLite: one WAL
 * snapshot, so a running server keeps writing; PostgreSQL: REPEATABLE READ), the target is
 * migrated by this build first and written in batches, each batch one transaction. Sealed values
 * (TOTP seeds, JWT keys, provider tokens, mail) are copied as they are: the same secret opens them.
 * At the end every table's count in the target is compared with the count read.
 */
import { sql, type Transaction } from "kysely";
import type { DB, Dialect } from "../db/database.js";
import type { Database } from "../db/types.js";
import { appliedMigrations, compareWithBuild, MIGRATION_TABLE } from "../db/schema-version.js";
import { migrateToLatest } from "../db/migrate.js";
import { columnKind, convertValue, type ColumnKind } from "./column-conversion.js";

/**
 * Every table the migrations create, parents before children (foreign keys are checked on each
 * insert). tests/server/server/copy-tables.test.ts fails when a migration adds a table that is neither
 * here nor in NOT_COPIED.
 */
export const COPIED_TABLES = [
  "user",
  "organization",
  "team",
  "member",
  "invitation",
  "teamMember",
  "session",
  "account",
  "verification",
  "twoFactor",
  "passkey",
  "apikey",
  "jwks",
  "oauthClient",
  "oauthConsent",
  "oauthToken",
  "auditEvent",
  "auditChain",
  "outbox",
  "signInLockout",
  "keyCheck",
  "runtimeSetting",
  "webhookEndpoint",
  "webhookDelivery",
  "webhookAttempt",
  "scimConnection",
  "scimToken",
  "scimUser",
  "scimGroup",
  "ssoProvider",
] as const;

/** Tables deliberately left out, and why. */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  [MIGRATION_TABLE]: "the target is migrated by this build, which records its own",
  [`${MIGRATION_TABLE}_lock`]: "the migrator's lock row, created with the target's migrations",
  // PostgreSQL only (SQLite keeps these windows in memory): a minute's counters, not data.
  rateLimitCounter: "rate-limit windows last seconds to minutes and start afresh",
};

/** The column each table is paged by: its primary key. */
const PAGE_KEY: Partial<Record<string, string>> = { auditEvent: "seq", signInLockout: "key", oauthClient: "clientId", runtimeSetting: "key" };

export interface CopyEndpoint {
  db: DB;
  dialect: Dialect;
}

export interface CopyProgress {
  table: string;
  /** Rows copied so far, over every table. */
  done: number;
  total: number;
}

export interface CopyResult {
  tables: Record<string, number>;
  total: number;
  durationMs: number;
}

/** The target holds rows and --force was not given. */
export class TargetNotEmptyError extends Error {
  constructor(readonly counts: Record<string, number>) {
    const tables = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ");
    super(`The target database is not empty (${tables}); copy into an empty database, or pass --force to delete its rows first.`);
  }
}

/** The source's migrations differ from this build's. */
export class SourceSchemaError extends Error {}

/** A table's rows in the target differ from the rows read. */
export class CountMismatchError extends Error {}

export interface CopyOptions {
  force?: boolean;
  /** Rows per transaction on the target. */
  batchSize?: number;
  onProgress?(progress: CopyProgress): void;
}

export async function copyDatabase(source: CopyEndpoint, target: CopyEndpoint, options: CopyOptions = {}): Promise<CopyResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 2000;
  const schema = compareWithBuild(await appliedMigrations(source.db));
  if (schema.unknown.length) throw new SourceSchemaError(`The source database comes from a newer Latchkey (migrations ${schema.unknown.join(", ")} are unknown to this build); copy with that version.`);
  if (schema.missing.length) throw new SourceSchemaError(`The source database is not up to date (missing ${schema.missing.join(", ")}); run \`auth server migrate\` on it first.`);

  await migrateToLatest(target.db);
  const existing = await countRows(target.db);
  if (Object.values(existing).some((n) => n > 0)) {
    if (!options.force) throw new TargetNotEmptyError(existing);
    await target.db.transaction().execute(async (trx) => {
      // Children first, so no foreign key is left dangling mid-way.
      for (const table of [...COPIED_TABLES].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
    });
  }

  const read = source.dialect === "postgres" ? source.db.transaction().setIsolationLevel("repeatable read") : source.db.transaction();
  const tables = await read.execute(async (snapshot) => {
    const counts = await countRows(snapshot);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    let done = 0;
    options.onProgress?.({ table: COPIED_TABLES[0], done, total });
    for (const table of COPIED_TABLES) {
      const columns = await targetColumns(target, table);
      const key = PAGE_KEY[table] ?? "id";
      let after: unknown = undefined;
      for (;;) {
        let query = snapshot.selectFrom(table as keyof Database).selectAll().orderBy(sql.ref(key), "asc").limit(batchSize);
        if (after !== undefined) query = query.where(sql.ref(key), ">", after);
        const rows = (await query.execute()) as Record<string, unknown>[];
        if (rows.length === 0) break;
        await target.db.transaction().execute(async (trx) => {
          // No wait for the WAL flush per batch on PostgreSQL: a copy cut short by a crash is
          // run again with --force, and the count check at the end sees every row committed.
          if (target.dialect === "postgres") await sql`set local synchronous_commit = off`.execute(trx);
          await insertRows(trx, table, columns, rows);
        });
        after = rows[rows.length - 1]![key];
        done += rows.length;
        options.onProgress?.({ table, done, total });
        if (rows.length < batchSize) break;
      }
    }
    return counts;
  });

  if (target.dialect === "postgres") await advanceSequences(target.db);
  const copied = await countRows(target.db);
  const wrong = COPIED_TABLES.filter((table) => copied[table] !== tables[table]);
  if (wrong.length) throw new CountMismatchError(`After the copy the target's counts differ from the source's: ${wrong.map((t) => `${t} ${copied[t]} instead of ${tables[t]}`).join(", ")}.`);
  return { tables, total: Object.values(tables).reduce((sum, n) => sum + n, 0), durationMs: Math.round(performance.now() - started) };
}

export async function countRows(db: DB | Transaction<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COPIED_TABLES) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0]!.n);
  }
  return counts;
}

interface Column {
  name: string;
  kind: ColumnKind;
}

/** The target's columns and their kinds, read from its catalogue (the migrations made them). */
async function targetColumns(target: CopyEndpoint, table: string): Promise<Column[]> {
  if (target.dialect === "postgres") {
    const rows = await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(target.db);
    return rows.rows.map((row) => ({ name: row.column_name, kind: columnKind(row.data_type) }));
  }
  const rows = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(target.db);
  return rows.rows.map((row) => ({ name: row.name, kind: columnKind(row.type) }));
}

/** Multi-row inserts, sized to stay under both dialects' limits on bound parameters. */
async function insertRows(trx: Transaction<Database>, table: string, columns: Column[], rows: Record<string, unknown>[]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(10_000 / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((row) => {
      const out: Record<string, unknown> = {};
      for (const column of columns) if (Object.hasOwn(row, column.name)) out[column.name] = convertValue(row[column.name], column.kind);
      return out;
    });
    await trx.insertInto(table as keyof Database).values(values as never).execute();
  }
}

/**
 * Rows copied with their own `seq` leave PostgreSQL's sequence at its start: the next audit event
 * would collide. Every column fed by a sequence is moved past the highest value copied.
 * (SQLite's AUTOINCREMENT already remembers the highest value inserted.)
 */
async function advanceSequences(db: DB): Promise<void> {
  const fed = await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
  for (const { table_name: table, column_name: column } of fed.rows) {
    if (!(COPIED_TABLES as readonly string[]).includes(table)) continue;
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}
