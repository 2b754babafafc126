/**
 * Which of better-auth's tables a database catalogue holds, found by name whether better-auth made
 * them camelCase (its default) or snake_case, singular or plural. Pure (no driver): the import reads
 * its source with it, and the server's start recognises a better-auth database with it before
 * touching anything (server/db/foreign-schema.ts).
 */

/** better-auth's models this import knows, by their default (camelCase, singular) names. */
export const MODELS = ["user", "organization", "team", "member", "invitation", "teamMember", "session", "account", "twoFactor", "passkey", "apikey", "ssoProvider", "jwks", "verification"] as const;
export type Model = (typeof MODELS)[number];

export interface SourceTable {
  /** The table's name in the source. */
  name: string;
  /** camelCase column name → the column's name in the source. */
  columns: Map<string, string>;
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

export function betterAuthTables(catalogue: Array<{ table: string; column: string }>): Map<Model, SourceTable> {
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

