/**
 * The last `auth server import-better-auth` as the console's server page shows it (issue 22), read
 * back from the audit event the import records (server/maintenance/better-auth-import/import.ts).
 * The event's metadata is parsed leniently: an event written by an older build, or edited by
 * hand, still answers with what it holds instead of failing the page.
 */
import type { BetterAuthImportWire } from "../../../shared/contract/audit.js";
import type { AuditEventRow } from "../../db/types.js";
import { iso } from "../../core/user/wire.js";

type Counts = BetterAuthImportWire["tables"][number];
const COUNT_KEYS = ["read", "inserted", "updated", "unchanged", "skipped", "kept"] as const;

const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0);

/**
 * The source as the page may show it: a PostgreSQL URL loses its user and password (the CLI
 * already masks the password; this holds for any writer of the event), a file path stays.
 */
export function describeSource(source: unknown): Pick<BetterAuthImportWire, "source" | "sourceKind"> {
  const text = typeof source === "string" ? source : "";
  if (/^postgres(ql)?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return { sourceKind: "postgres", source: `${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}` };
    } catch {
      return { sourceKind: "postgres", source: "PostgreSQL" };
    }
  }
  // The import service names a source by its kind when the caller gave no name.
  if (text === "postgres") return { sourceKind: "postgres", source: "PostgreSQL" };
  return { sourceKind: "sqlite", source: text === "" || text === "sqlite" ? "SQLite" : text };
}

export function toBetterAuthImport(row: AuditEventRow, actor: BetterAuthImportWire["actor"]): BetterAuthImportWire {
  let metadata: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(row.metadata ?? "{}") as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) metadata = parsed as Record<string, unknown>;
  } catch {
    // Unreadable metadata: the event still says when an import ran.
  }
  const rawTables = metadata.tables && typeof metadata.tables === "object" ? (metadata.tables as Record<string, unknown>) : {};
  const tables: Counts[] = Object.entries(rawTables).map(([table, value]) => {
    const summary = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    return { table, ...(Object.fromEntries(COUNT_KEYS.map((key) => [key, count(summary[key])])) as Omit<Counts, "table">) };
  });
  const sum = (key: (typeof COUNT_KEYS)[number]) => tables.reduce((total, table) => total + table[key], 0);
  const startedAt = typeof metadata.startedAt === "number" ? metadata.startedAt : Number(row.createdAt);
  return {
    at: iso(row.createdAt),
    startedAt: iso(startedAt),
    durationMs: count(metadata.durationMs),
    actor,
    ...describeSource(metadata.source),
    dryRun: metadata.dryRun === true,
    totals: { inserted: sum("inserted"), updated: sum("updated"), unchanged: sum("unchanged"), skipped: sum("skipped"), kept: sum("kept") },
    tables,
  };
}
