/**
 * `auth server import-better-auth` (issue 22): a better-auth 1.x database into Latchkey, with
 * nobody signed out. The source is read read-only (source.ts), each row mapped (mapping.ts), and
 * the target written a batch at a time, each batch one transaction. Parents come before children,
 * and a child whose parent was not carried is reported, not written.
 *
 * Idempotent: ids are kept, so a second run finds the rows of the first. A row that exists is
 * updated when the source changed it, unless Latchkey changed it since the previous import (its
 * `updatedAt` is later than that import's start, and it differs): then it is kept and listed.
 * Tables without `updatedAt` (members, invitations, team members, passkeys, signing keys) cannot
 * tell who changed a row: an existing row is kept, and listed when it differs.
 *
 * The better-auth secret is checked before anything is written: when the source holds values
 * better-auth encrypted and not one of a sample opens, the import stops (WrongSecretError).
 */
import { sql, type Transaction } from "kysely";
import type { AuditAction } from "../../../shared/audit-actions.js";
import type { DB, Dialect } from "../../db/database.js";
import type { Database } from "../../db/types.js";
import { openSealed } from "../../crypto/encrypt.js";
import { PURPOSE as PROVIDER_TOKEN } from "../../features/social/sealed-tokens.js";
import { SSO_SECRET_PURPOSE } from "../../features/sso/secret.js";
import { PURPOSE as JWKS_PRIVATE_KEY } from "../../core/signing-keys/keys.js";
import { SEAL_PURPOSE as TOTP_SEED } from "../../features/two-factor/totp.js";
import { BACKUP_CODES_PURPOSE as BACKUP_CODES } from "../../features/two-factor/backup-codes.js";
import { createAuditRecorder } from "../../audit/recorder.js";
import { betterAuthDecrypt, looksEncrypted } from "./decrypt.js";
import { MAPPERS, type MappingContext, type TargetRow } from "./mapping.js";
import { MODELS, type Model, type Source } from "./source.js";

/** The audit action an import records; its metadata is the summary the console shows. */
export const IMPORT_AUDIT_ACTION = "server.import-better-auth" satisfies AuditAction;

/** Columns that must name a row already carried, and the model they name. */
const PARENTS: Partial<Record<Model, Record<string, Model>>> = {
  team: { organizationId: "organization" },
  member: { organizationId: "organization", userId: "user" },
  invitation: { organizationId: "organization", inviterId: "user" },
  teamMember: { teamId: "team", userId: "user" },
  session: { userId: "user" },
  account: { userId: "user" },
  twoFactor: { userId: "user" },
  passkey: { userId: "user" },
  apikey: { referenceId: "user" },
  ssoProvider: { organizationId: "organization", userId: "user" },
};

/** Unique columns (beyond id) a row from elsewhere in Latchkey may already hold. */
const UNIQUE: Partial<Record<Model, string[][]>> = {
  user: [["email"], ["username"]],
  organization: [["slug"]],
  session: [["token"]],
  account: [["accountId", "providerId"]],
  member: [["userId", "organizationId"]],
  teamMember: [["userId", "teamId"]],
  twoFactor: [["userId"]],
  passkey: [["credentialID"]],
  apikey: [["key"]],
  ssoProvider: [["providerId"]],
};

/** Sealed columns: compared by what they open to, since every seal has a fresh IV. */
const SEALED: Partial<Record<Model, Record<string, string>>> = {
  twoFactor: { secret: TOTP_SEED, backupCodes: BACKUP_CODES },
  account: { accessToken: PROVIDER_TOKEN, refreshToken: PROVIDER_TOKEN, idToken: PROVIDER_TOKEN },
  jwks: { privateKey: JWKS_PRIVATE_KEY },
  ssoProvider: { clientSecret: SSO_SECRET_PURPOSE },
};

/** Columns the import sets from its own clock, not from the source: not compared. */
const OWN_COLUMNS: Partial<Record<Model, string[]>> = { twoFactor: ["createdAt", "updatedAt", "lastUsedStep"], ssoProvider: ["createdAt", "updatedAt", "domainVerificationToken", "domainVerificationExpiresAt"] };

/** Tables whose rows say when they last changed. */
const HAS_UPDATED_AT = new Set<Model>(["user", "session", "account", "organization", "team", "twoFactor", "apikey"]);

export interface TableSummary {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows that could not be carried (see `skipped`). */
  skipped: number;
  /** Rows that exist in Latchkey with other values and were left as they are (see `kept`). */
  kept: number;
}

export interface RowNote {
  table: Model;
  id: string;
  reason: string;
}

export interface ImportReport {
  dryRun: boolean;
  startedAt: number;
  durationMs: number;
  /** When the previous import began (null: none recorded). */
  previousImportAt: number | null;
  tables: Record<string, TableSummary>;
  skipped: RowNote[];
  kept: RowNote[];
  /** Notes beyond the lists' limit. */
  notesLeftOff: number;
}

export interface ImportProgress {
  table: Model;
  done: number;
  total: number;
}

export interface ImportOptions {
  source: Source;
  /** How the source is named in the audit event (a URL without its password). */
  sourceName?: string;
  target: { db: DB; dialect: Dialect };
  betterAuthSecret: string;
  latchkeySecret: string;
  dryRun?: boolean;
  batchSize?: number;
  now?: () => number;
  onProgress?(progress: ImportProgress): void;
}

/** Not one of a sample of values better-auth encrypted opens under the secret given. */
export class WrongSecretError extends Error {
  /** Which sealed values failed to open, for callers that word the refusal themselves (the CLI, per language). */
  readonly sealed: "two-factor" | "jwks";
  constructor(sealed: "two-factor" | "jwks") {
    super(`The better-auth secret given does not open ${sealed === "two-factor" ? "the two-factor secrets" : "the JWT signing keys"} in the source: pass the BETTER_AUTH_SECRET that better-auth ran with. Nothing was written.`);
    this.sealed = sealed;
  }
}

/** Notes kept per list; the report says how many more there were. */
const NOTE_LIMIT = 1000;

/** Fails before anything is written when the source holds encrypted values and none opens. */
export async function checkBetterAuthSecret(source: Source, secret: string): Promise<void> {
  const samples: Array<{ what: WrongSecretError["sealed"]; value: string }> = [];
  if (source.tables.has("twoFactor")) for (const row of await source.page("twoFactor", undefined, 20)) if (typeof row.secret === "string" && looksEncrypted(row.secret)) samples.push({ what: "two-factor", value: row.secret });
  if (source.tables.has("jwks")) {
    for (const row of await source.page("jwks", undefined, 20)) {
      try {
        const parsed = JSON.parse(String(row.privateKey)) as unknown;
        if (typeof parsed === "string") samples.push({ what: "jwks", value: parsed });
      } catch {
        // A private key that is not JSON: mapping.ts reports that row.
      }
    }
  }
  if (samples.length && !samples.some((sample) => betterAuthDecrypt(sample.value, secret) !== null)) throw new WrongSecretError(samples[0]!.what);
}

async function previousImportAt(db: DB): Promise<number | null> {
  const row = await db.selectFrom("auditEvent").select("metadata").where("action", "=", IMPORT_AUDIT_ACTION).orderBy("seq", "desc").limit(10).execute();
  for (const { metadata } of row) {
    try {
      const parsed = JSON.parse(metadata ?? "{}") as { dryRun?: boolean; startedAt?: number };
      if (!parsed.dryRun && typeof parsed.startedAt === "number") return parsed.startedAt;
    } catch {
      // An unreadable event names no time.
    }
  }
  return null;
}

function same(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (b === null || b === undefined) return false;
  return String(a) === String(b);
}

/** Whether the stored row already holds what the source says (sealed columns by their plaintext). */
function holds(model: Model, stored: TargetRow, row: TargetRow, plain: Record<string, string | null> | undefined, secret: string): boolean {
  const sealed = SEALED[model] ?? {};
  const own = OWN_COLUMNS[model] ?? [];
  for (const [column, value] of Object.entries(row)) {
    if (own.includes(column)) continue;
    const purpose = sealed[column];
    if (purpose) {
      const want = plain?.[column] ?? null;
      const have = stored[column] ? (openSealed(String(stored[column]), secret, purpose)?.plain ?? "\u0000unreadable") : null;
      if (!same(have, want)) return false;
    } else if (!same(stored[column], value)) return false;
  }
  return true;
}

export async function importBetterAuth(options: ImportOptions): Promise<ImportReport> {
  const { source, target } = options;
  const now = options.now ?? Date.now;
  const startedAt = now();
  const batchSize = options.batchSize ?? 5000;
  const dryRun = options.dryRun ?? false;
  await checkBetterAuthSecret(source, options.betterAuthSecret);

  // Rows the import stamps itself (two-factor) get a time just before it began, so the next import
  // tells them from a row Latchkey changed at or after that start.
  const ctx: MappingContext = { betterAuthSecret: options.betterAuthSecret, latchkeySecret: options.latchkeySecret, now: startedAt - 1 };
  const previous = await previousImportAt(target.db);
  const models = MODELS.filter((model) => source.tables.has(model));
  const counts = new Map<Model, number>();
  for (const model of models) counts.set(model, await source.count(model));
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const report: ImportReport = { dryRun, startedAt, durationMs: 0, previousImportAt: previous, tables: {}, skipped: [], kept: [], notesLeftOff: 0 };
  const note = (list: RowNote[], entry: RowNote) => {
    if (list.length < NOTE_LIMIT) list.push(entry);
    else report.notesLeftOff++;
  };
  /** Ids carried (written, or already there) per model: children check their parents here. */
  const carried = new Map<Model, Set<string>>();
  let done = 0;
  options.onProgress?.({ table: models[0] ?? "user", done, total });

  for (const model of models) {
    const summary: TableSummary = { read: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0, kept: 0 };
    report.tables[model] = summary;
    const ids = new Set<string>();
    carried.set(model, ids);
    let after: string | undefined;
    for (;;) {
      const rows = await source.page(model, after, batchSize);
      if (rows.length === 0) break;
      after = String(rows[rows.length - 1]!.id);
      summary.read += rows.length;
      const skip = (id: string, reason: string) => {
        summary.skipped++;
        note(report.skipped, { table: model, id, reason });
      };

      // Map, then drop rows whose parent was not carried.
      const mapped: Array<{ row: TargetRow; plain?: Record<string, string | null> }> = [];
      for (const source of rows) {
        const id = String(source.id);
        const result = MAPPERS[model](source, ctx);
        if ("skip" in result) {
          skip(id, result.skip);
          continue;
        }
        const missing = Object.entries(PARENTS[model] ?? {}).find(([column, parent]) => result.row[column] !== null && !carried.get(parent)?.has(String(result.row[column])));
        if (missing) {
          skip(id, `its ${missing[1]} ${String(result.row[missing[0]])} was not carried over`);
          continue;
        }
        mapped.push(result);
      }

      // Unique values another Latchkey row (or an earlier row of this batch) already holds.
      const taken = new Set<string>();
      for (const columns of UNIQUE[model] ?? []) {
        const first = columns[0]!;
        const values = [...new Set(mapped.map((m) => m.row[first]).filter((v) => v !== null && v !== undefined))];
        // Account's unique index is (providerId, accountId), with none on accountId alone: without
        // both columns narrowed each batch scanned the whole table (quadratic at 100,000 users).
        // Elsewhere the first column has an index of its own, and narrowing more misleads the planner.
        let lookup = target.db.selectFrom(model as keyof Database).select(["id", ...columns] as never).where(sql.ref(first), "in", values);
        for (const column of model === "account" ? columns.slice(1) : []) {
          const more = [...new Set(mapped.map((m) => m.row[column]).filter((v) => v !== null && v !== undefined))];
          lookup = more.length ? lookup.where(sql.ref(column), "in", more) : lookup;
        }
        const holders = values.length ? ((await lookup.execute()) as TargetRow[]) : [];
        const key = (row: TargetRow) => columns.map((c) => String(row[c])).join("\u0000");
        const owner = new Map(holders.map((h) => [key(h), String(h.id)]));
        for (const m of mapped) {
          if (m.row[first] === null || m.row[first] === undefined || taken.has(String(m.row.id))) continue;
          const holder = owner.get(key(m.row));
          if (holder !== undefined && holder !== m.row.id) {
            taken.add(String(m.row.id));
            skip(String(m.row.id), `its ${columns.join(" and ")} already belong${columns.length > 1 ? "" : "s"} to another Latchkey ${model} (${holder})`);
          } else owner.set(key(m.row), String(m.row.id));
        }
      }
      const candidates = mapped.filter((m) => !taken.has(String(m.row.id)));

      // Insert, update, or leave each row.
      const existing = candidates.length ? ((await target.db.selectFrom(model as keyof Database).selectAll().where("id", "in", candidates.map((m) => String(m.row.id))).execute()) as TargetRow[]) : [];
      const byId = new Map(existing.map((row) => [String(row.id), row]));
      const inserts: TargetRow[] = [];
      const updates: TargetRow[] = [];
      for (const m of candidates) {
        const id = String(m.row.id);
        const stored = byId.get(id);
        ids.add(id);
        if (!stored) {
          inserts.push(m.row);
          continue;
        }
        if (holds(model, stored, m.row, m.plain, options.latchkeySecret)) {
          summary.unchanged++;
          continue;
        }
        const changedHere = !HAS_UPDATED_AT.has(model) || (previous === null ? true : Number(stored.updatedAt) >= previous);
        if (changedHere) {
          summary.kept++;
          note(report.kept, { table: model, id, reason: HAS_UPDATED_AT.has(model) ? "changed in Latchkey since the previous import" : "exists in Latchkey with other values (this table keeps no updatedAt to tell which side changed it)" });
          continue;
        }
        updates.push(m.row);
      }
      if (!dryRun && (inserts.length || updates.length)) {
        await target.db.transaction().execute(async (trx) => {
          if (inserts.length) await insertRows(trx, model, inserts);
          for (const row of updates) {
            const { id, createdAt: _createdAt, ...changes } = row;
            await trx.updateTable(model as keyof Database).set(changes as never).where("id", "=", id as never).execute();
          }
        });
      }
      summary.inserted += inserts.length;
      summary.updated += updates.length;
      done += rows.length;
      options.onProgress?.({ table: model, done, total });
      if (rows.length < batchSize) break;
    }
  }
  report.durationMs = Math.round(now() - startedAt);
  if (!dryRun) {
    // The import's summary, and its start (the next import's "changed in Latchkey since" line).
    let failure: unknown;
    const audit = createAuditRecorder(target.db, { now }, (error) => (failure = error));
    audit.record({ action: IMPORT_AUDIT_ACTION, metadata: auditSummary(report, options.sourceName ?? source.kind) });
    await audit.flush();
    if (failure) throw failure;
  }
  return report;
}

/** Multi-row inserts, sized to stay under both dialects' limits on bound parameters. */
async function insertRows(trx: Transaction<Database>, model: Model, rows: TargetRow[]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(10_000 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += perStatement) await trx.insertInto(model as keyof Database).values(rows.slice(i, i + perStatement) as never).execute();
}

/** The summary an audit event and the console carry: counts only, no ids. */
export function auditSummary(report: ImportReport, source: string): Record<string, unknown> {
  const totals = { inserted: 0, updated: 0, unchanged: 0, skipped: 0, kept: 0 };
  for (const summary of Object.values(report.tables)) for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += summary[key];
  return { source, dryRun: report.dryRun, startedAt: report.startedAt, durationMs: report.durationMs, ...totals, tables: report.tables };
}
