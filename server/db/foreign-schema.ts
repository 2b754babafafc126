/**
 * A database another program made (issue 33): pointed at a better-auth database, a start used to
 * migrate into it (leaving Latchkey's tables and a .secret file beside it) and then fail half-way.
 * Every command that would migrate looks first, read-only, and refuses such a database in one
 * sentence that names what it is and, for better-auth, the command that adopts it.
 *
 * Foreign means: no record of Latchkey's migrations, and either better-auth's user, session and
 * account tables (any naming better-auth offers) or a table Latchkey would create. A database with
 * only unrelated tables (a shared PostgreSQL database) is not foreign: Latchkey's tables fit beside.
 */
import { existsSync, statSync } from "node:fs";
import { isPostgresUrl } from "./target.js";
import { MIGRATION_TABLE } from "./schema-version.js";
import { betterAuthTables } from "../maintenance/better-auth-import/catalogue.js";
import { ForeignDatabaseError, type ForeignSchema } from "./foreign-database-error.js";

/** The tables Latchkey's migrations create (tests/server/core/foreign-schema.test.ts holds it to them). */
export const LATCHKEY_TABLES = [
  "account", "apikey", "auditChain", "auditEvent", "invitation", "jwks", "keyCheck", "member", "oauthClient", "oauthConsent", "oauthToken",
  "organization", "outbox", "passkey", "rateLimitCounter", "runtimeSetting", "scimConnection", "scimGroup", "scimToken", "scimUser", "session", "signInLockout", "ssoProvider", "team", "teamMember", "twoFactor", "user", "verification", "webhookAttempt", "webhookDelivery", "webhookEndpoint",
] as const;

type Catalogue = Array<{ table: string; column: string }>;

/** What a catalogue (every table and column) says: null for Latchkey's own, an empty or an unrelated database. */
export function classifyCatalogue(catalogue: Catalogue): ForeignSchema | null {
  const tables = [...new Set(catalogue.map((entry) => entry.table))];
  if (tables.includes(MIGRATION_TABLE)) return null;
  try {
    const found = betterAuthTables(catalogue);
    return { kind: "better-auth", tables: [...new Set([...found.values()].map((table) => table.name))].sort() };
  } catch {
    // Not better-auth's: foreign only where Latchkey's own names are taken.
  }
  const taken = tables.filter((name) => (LATCHKEY_TABLES as readonly string[]).includes(name)).sort();
  return taken.length ? { kind: "unknown", tables: taken } : null;
}

/**
 * Looks at the database `target` names without changing it: a SQLite file opened read-only (not
 * even the journal mode is set), PostgreSQL through one plain connection. Null when it is not
 * there yet, cannot be read (the normal open reports that) or is Latchkey's.
 */
export async function inspectDatabase(target: string, timeoutMs = 5_000): Promise<ForeignSchema | null> {
  if (target === ":memory:") return null;
  if (isPostgresUrl(target)) return inspectPostgres(target, timeoutMs);
  if (!existsSync(target) || !statSync(target).isFile() || statSync(target).size === 0) return null;
  const { default: SQLite } = await import("better-sqlite3");
  let sqlite: InstanceType<typeof SQLite>;
  try {
    sqlite = new SQLite(target, { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    return classifyCatalogue(sqliteCatalogue(sqlite));
  } catch {
    return null; // not a database at all: the normal open says so in its own words
  } finally {
    sqlite.close();
  }
}

function sqliteCatalogue(sqlite: import("better-sqlite3").Database): Catalogue {
  const names = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{ name: string }>;
  return names.flatMap(({ name }) => (sqlite.prepare("select name from pragma_table_info(?)").all(name) as Array<{ name: string }>).map((column) => ({ table: name, column: column.name })));
}

async function inspectPostgres(url: string, timeoutMs: number): Promise<ForeignSchema | null> {
  const { default: pg } = await import("pg");
  // Bounded like the server's own connections (database.connectTimeoutMs): a silent host must not hang the start here.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  try {
    await client.connect();
  } catch {
    return null; // unreachable: the normal open reports it
  }
  try {
    const result = await client.query<{ table: string; column: string }>("select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema()");
    return classifyCatalogue(result.rows);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws ForeignDatabaseError for another program's database; call before opening it to write. */
export async function refuseForeignDatabase(target: string, shown: string, timeoutMs?: number): Promise<void> {
  const foreign = await inspectDatabase(target, timeoutMs);
  if (foreign) throw new ForeignDatabaseError(shown, foreign);
}
