/**
 * The better-auth database, read-only: a SQLite file opened with `readonly` (no WAL checkpoint,
 * no journal, nothing written), or PostgreSQL inside one `REPEATABLE READ READ ONLY` transaction
 * (one snapshot for the whole import, and the server refuses any write). Tables and columns are
 * found by name whether better-auth made them camelCase (its default) or snake_case, singular or
 * plural; rows come back keyed by the camelCase name, a page at a time in id order.
 */
import Database from "better-sqlite3";
import pg from "pg";

/** better-auth's models this import knows, by their default (camelCase, singular) names. */
export const MODELS = ["user", "organization", "team", "member", "invitation", "teamMember", "session", "account", "twoFactor", "passkey", "apikey", "jwks", "verification"] as const;
export type Model = (typeof MODELS)[number];

export type SourceRow = Record<string, unknown>;

export interface SourceTable {
  /** The table's name in the source. */
  name: string;
  /** camelCase column name → the column's name in the source. */
  columns: Map<string, string>;
}

export interface Source {
  kind: "sqlite" | "postgres";
  tables: Map<Model, SourceTable>;
  count(model: Model): Promise<number>;
  /** Up to `limit` rows with an id after `after`, in id order, keyed by camelCase column names. */
  page(model: Model, after: string | undefined, limit: number): Promise<SourceRow[]>;
  close(): Promise<void>;
}

/** The source is not a better-auth database (no user, session and account tables as better-auth makes them). */
/** Why a source is refused, for callers that word it themselves (the CLI, per language). */
export type NotBetterAuthReason = { kind: "no-table"; model: string } | { kind: "no-columns"; table: string; columns: string[] } | { kind: "unopenable"; file: string; reason: string };

export class NotBetterAuthError extends Error {
  constructor(readonly why: NotBetterAuthReason) {
    super(
      why.kind === "no-table"
        ? `This is not a better-auth database: it has no ${why.model} table.`
        : why.kind === "no-columns"
          ? `This is not a better-auth database: its ${why.table} table has no ${why.columns.join(", ")} column.`
          : `Cannot open ${why.file} as a SQLite database: ${why.reason}`,
    );
  }
}

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** "two_factors", "teamMembers", "api_key" → the model it holds, if any. */
function modelOf(table: string): Model | undefined {
  const flat = table.toLowerCase().replace(/_/g, "");
  for (const model of MODELS) {
    const base = model.toLowerCase();
    if (flat === base || flat === `${base}s` || (model === "apikey" && (flat === "apikeys" || flat === "apikey"))) return model;
  }
  if (flat === "users") return "user";
  return undefined;
}

function describe(catalogue: Array<{ table: string; column: string }>): Map<Model, SourceTable> {
  const tables = new Map<Model, SourceTable>();
  for (const { table, column } of catalogue) {
    const model = modelOf(table);
    if (!model) continue;
    let entry = tables.get(model);
    if (!entry) tables.set(model, (entry = { name: table, columns: new Map() }));
    if (entry.name !== table) continue;
    entry.columns.set(camel(column), column);
  }
  const required: Record<string, string[]> = { user: ["id", "email", "emailVerified", "name"], session: ["id", "token", "userId", "expiresAt"], account: ["id", "providerId", "accountId", "userId"] };
  for (const [model, columns] of Object.entries(required)) {
    const table = tables.get(model as Model);
    const missing = table ? columns.filter((c) => !table.columns.has(c)) : columns;
    if (missing.length) throw new NotBetterAuthError(table ? { kind: "no-columns", table: table.name, columns: missing } : { kind: "no-table", model });
  }
  return tables;
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
    const tables = describe(catalogue);
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
    const tables = describe(catalogue.rows);
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
