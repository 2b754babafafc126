/**
 * The refusal of another program's database (server/db/foreign-schema.ts), in a file of its own so
 * the CLI's entry point can recognise it without loading the database code.
 */
import { basename, dirname, join } from "node:path";

export interface ForeignSchema {
  /** "better-auth": its user, session and account tables are there; "unknown": some other program's. */
  kind: "better-auth" | "unknown";
  /** The tables that made it foreign (better-auth's, or the ones whose names Latchkey needs). */
  tables: string[];
}

/** The database is another program's: nothing was changed. */
export class ForeignDatabaseError extends Error {
  /** Where an import of it could go: a Latchkey database of its own, never the same one. */
  readonly importInto: string;

  constructor(
    /** The database as safe to print (password masked). */
    readonly target: string,
    readonly foreign: ForeignSchema,
  ) {
    const importInto = importTarget(target);
    const tables = shortList(foreign.tables);
    super(
      foreign.kind === "better-auth"
        ? `${target} is a better-auth database (tables ${tables}), not a Latchkey one; nothing was changed. To adopt it, import it into a Latchkey database of its own: auth server import-better-auth --from ${target} --db ${importInto}`
        : `${target} was not made by Latchkey: it holds tables Latchkey would create (${tables}) but no record of Latchkey's migrations; nothing was changed. Point the server at a new database file or an empty database.`,
    );
    this.name = "ForeignDatabaseError";
    this.importInto = importInto;
  }
}

function importTarget(target: string): string {
  if (/^postgres(ql)?:\/\//i.test(target)) return "./data/latchkey.db";
  const beside = join(dirname(target), "latchkey.db");
  const chosen = basename(target) === "latchkey.db" ? join(dirname(target), "latchkey-imported.db") : beside;
  return chosen.startsWith("/") || chosen.startsWith(".") ? chosen : `./${chosen}`;
}

/** "user, session, account, member, …": enough to recognise, short enough for one line. */
export function shortList(names: readonly string[], most = 4): string {
  return names.length > most ? `${names.slice(0, most).join(", ")}, …` : names.join(", ");
}
