/**
 * The better-auth database, read-only: a SQLite file opened with `readonly` (no WAL checkpoint,
 * no journal, nothing written), or PostgreSQL inside one `REPEATABLE READ READ ONLY` transaction
 * (one snapshot for the whole import, and the server refuses any write). Tables and columns are
 * found by name whether better-auth made them camelCase (its default) or snake_case, singular or
 * plural; rows come back keyed by the camelCase name, a page at a time in id order.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { betterAuthTables, NotBetterAuthError, type Model, type SourceTable } from "./catalogue.js";

export { MODELS, NotBetterAuthError, type Model, type NotBetterAuthReason } from "./catalogue.js";

export type SourceRow = Record<string, unknown>;

export interface Source {
  kind: "sqlite" | "postgres";
  tables: Map<Model, SourceTable>;
  count(model: Model): Promise<number>;
  /** Up to `limit` rows with an id after `after`, in id order, keyed by camelCase column names. */
  page(model: Model, after: string | undefined, limit: number): Promise<SourceRow[]>;
  close(): Promise<void>;
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function rename(table: SourceTable, raw: Record<string, unknown>): SourceRow {
  const row: SourceRow = {};
  for (const [key, column] of table.columns) row[key] = raw[column];
  return row;
}

function selectPage(table: SourceTable, after: string | undefined, placeholder: string): string {
  const id = quote(table.columns.get("id")!);
  return `select * from ${quote(table.name)}${after === undefined ? "" : ` where ${id} > ${placeholder}`} order by ${id} limit `;
}

export async function openSource(from: string): Promise<Source> {
  if (/^postgres(ql)?:\/\//i.test(from)) return openPostgres(from);
  return openSqlite(from);
}

function openSqlite(file: string): Source {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new NotBetterAuthError({ kind: "unopenable", file, reason: (error as Error).message });
  }
  try {
    const names = db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>;
    const catalogue = names.flatMap(({ name }) => (db.prepare(`select name from pragma_table_info(?)`).all(name) as Array<{ name: string }>).map((c) => ({ table: name, column: c.name })));
    const tables = betterAuthTables(catalogue);
    // One read snapshot for the whole import, while a running better-auth keeps writing.
    db.exec("begin");
    return {
      kind: "sqlite",
      tables,
      count: async (model) => Number((db.prepare(`select count(*) as n from ${quote(tables.get(model)!.name)}`).get() as { n: number }).n),
      page: async (model, after, limit) => {
        const table = tables.get(model)!;
        const rows = db.prepare(selectPage(table, after, "?") + String(limit)).all(...(after === undefined ? [] : [after])) as Array<Record<string, unknown>>;
        return rows.map((row) => rename(table, row));
      },
      close: async () => {
        if (db.inTransaction) db.exec("rollback");
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Source> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const catalogue = await client.query<{ table: string; column: string }>(
      "select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position",
    );
    const tables = betterAuthTables(catalogue.rows);
    return {
      kind: "postgres",
      tables,
      count: async (model) => Number((await client.query<{ n: string }>(`select count(*) as n from ${quote(tables.get(model)!.name)}`)).rows[0]!.n),
      page: async (model, after, limit) => {
        const table = tables.get(model)!;
        const result = await client.query(selectPage(table, after, "$1") + String(limit), after === undefined ? [] : [after]);
        return result.rows.map((row: Record<string, unknown>) => rename(table, row));
      },
      close: async () => {
        await client.query("rollback").catch(() => {});
        await client.end();
      },
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}
