/**
 * `auth admin users export | import`: move users between servers with their password hashes
 * (argon2id, or better-auth scrypt which the server upgrades at first sign-in), so nobody has to
 * reset a password after a migration.
 */
import { closeSync, createReadStream, existsSync, fchmodSync, openSync, readFileSync, writeSync } from "node:fs";
import type { Readable } from "node:stream";
import type { Command } from "commander";
import { errorInfo } from "../bulk.js";
import { connect } from "../connection.js";
import { example, handler } from "../context.js";
import { CliError, EXIT } from "../exit-codes.js";
import { info, printJson, printJsonLine, warn, wantsJson } from "../output.js";
import { countedText, fill, helpText, messages, say, sayCount, text } from "../i18n/index.js";
import { requireAdminPermission } from "../preflight.js";
import { confirm, readStdin } from "../prompt.js";

export const EXPORT_COLUMNS = ["id", "email", "name", "emailVerified", "role", "banned", "banReason", "banExpires", "username", "displayUsername", "language", "image", "createdAt", "updatedAt", "passwordHash"] as const;
const IMPORT_FIELDS = ["email", "name", "role", "emailVerified", "image", "username", "displayUsername", "language", "passwordHash", "createdAt"] as const;
/**
 * Keys of an exported user that are not additional fields. Any other key of a JSON-lines record
 * travels as an additional field (`additionalFields`); the target server keeps the ones it
 * configures and drops the rest (docs/additional-fields.md).
 */
const BUILT_IN_KEYS = new Set<string>([
  ...EXPORT_COLUMNS, "twoFactorEnabled", "lastSignInAt", "lastSignInMethod", "failedSignInCount", "lockedUntil", "additionalFields",
]);
const BATCH = 500;

type Format = "csv" | "jsonl";
type ImportRow = Record<string, unknown> & { email: string; name: string };

function formatOf(value: string | undefined, file: string | undefined): Format {
  if (value) {
    if (value !== "csv" && value !== "jsonl") throw new CliError(text("checks", "format", { formats: "csv, jsonl", value }), EXIT.USAGE, "INVALID_OPTION");
    return value;
  }
  return file && /\.csv$/i.test(file) ? "csv" : "jsonl";
}

/** On stderr, so it shows on a terminal even while the data itself is redirected to a file. */
function wantsProgress(flags: { json?: boolean; jsonl?: boolean }): boolean {
  return !flags.json && !flags.jsonl && Boolean(process.stderr.isTTY);
}

async function progressBar(flags: { json?: boolean; jsonl?: boolean }, label: string, total?: number) {
  if (!wantsProgress(flags)) return undefined;
  const { startProgress } = await import("../views/progress.js");
  return startProgress({ label, done: 0, total, failed: 0 });
}

export function registerTransferCommands(users: Command): void {
  example(
    users
      .command("export")
      .description("write every user with their password hash, as JSON lines or CSV (the file is created with mode 0600)")
      .option("--format <format>", "jsonl or csv (default: from --out's extension, else jsonl)")
      .option("--out <file>", "write here instead of standard output"),
    "auth admin users export --out users.jsonl",
    "auth admin users export --format csv > users.csv",
  ).action(
    handler<{ format?: string; out?: string }>(async (flags) => {
      const format = formatOf(flags.format, flags.out);
      const { client } = await connect(flags);
      await requireAdminPermission(client, { user: ["export"] }, "exportUsers");
      if (flags.out && existsSync(flags.out)) await confirm(flags, say("confirm", "replaceFile", { file: flags.out }));
      // Password hashes inside: the file is private to its owner from the first byte.
      const fd = flags.out ? openSync(flags.out, "w", 0o600) : undefined;
      if (fd !== undefined) fchmodSync(fd, 0o600);
      const write = async (line: string) => {
        if (fd !== undefined) writeSync(fd, line + "\n");
        else if (!process.stdout.write(line + "\n")) await new Promise((resolve) => process.stdout.once("drain", resolve));
      };
      // A terminal that shows the data itself gets no bar drawn over it.
      const showBar = wantsProgress(flags) && (Boolean(flags.out) || !process.stdout.isTTY);
      const total = showBar ? (await client.adminListUsers({ limit: 1 })).total : undefined;
      const progress = showBar ? await progressBar(flags, "Exporting", total) : undefined;
      // csv-stringify loads only for a CSV export, not at every `auth` start.
      const { toCsvRow } = format === "csv" ? await import("../csv.js") : { toCsvRow: undefined };
      if (toCsvRow) await write(toCsvRow([...EXPORT_COLUMNS]));
      let cursor: string | undefined;
      let count = 0;
      let withPassword = 0;
      do {
        const page = await client.adminExportUsers({ cursor, limit: 500 });
        for (const user of page.users) {
          await write(toCsvRow ? toCsvRow(EXPORT_COLUMNS.map((column) => (user as Record<string, unknown>)[column])) : JSON.stringify(user));
          count++;
          if (user.passwordHash) withPassword++;
        }
        progress?.update({ label: "Exporting", done: count, total, failed: 0 });
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      progress?.stop();
      if (fd !== undefined) closeSync(fd);
      const summary = { exported: count, withPasswordHash: withPassword, format, out: flags.out ?? null };
      if (flags.out) {
        if (wantsJson(flags)) printJson(summary);
        else info(await countedText("changes", "exportedTo", { count, withPassword, file: flags.out }));
      } else if (process.stderr.isTTY) warn(await sayCount("exported", count));
    }),
  );

  example(
    users
      .command("import")
      .argument("<file>", "CSV with a header row, or JSON lines (- for standard input)")
      .description("create users from a file, keeping their password hashes (argon2id or better-auth scrypt)")
      .option("--format <format>", "csv or jsonl (default: from the file name, else detected)")
      .option("--dry-run", "read and check the file, create nobody"),
    "auth admin users import users.jsonl",
    "auth admin users import legacy.csv --dry-run",
    "auth --url https://old.example.com admin users export | auth --url https://new.example.com admin users import -",
  )
    .addHelpText("after", `\n${fill(helpText("Columns / fields: {fields} (email and name required; others such as id are ignored).\nEvery row is tried; exit code 1 if any failed."), { fields: IMPORT_FIELDS.join(", ") })}`)
    .action(
      handler<{ format?: string; dryRun?: boolean }>(async (flags, file: string) => {
        let format: Format | undefined = flags.format ? formatOf(flags.format, file) : /\.csv$/i.test(file) ? "csv" : undefined;
        let input: string | Readable;
        if (format === "csv") {
          // CSV is read as it streams in, so a large file is never held whole as text.
          input = file === "-" ? process.stdin : openForReading(file);
        } else {
          const content = file === "-" ? await readStdin() : readText(file);
          format ??= content.trimStart().startsWith("{") ? "jsonl" : "csv";
          input = content;
        }
        const { rows, problems } = await parseImport(input, format);
        const results: Array<{ line: number; email: string; ok: boolean; id?: string; code?: string; message?: string }> = problems.map((p) => ({ ...p, ok: false }));
        if (rows.length === 0 && problems.length === 0) throw new CliError(text("checks", "noUsersIn", { file: file === "-" ? messages().users.standardInput : file }), EXIT.USAGE, "EMPTY_INPUT");
        const { client } = await connect(flags);
        await requireAdminPermission(client, { user: ["create"] }, "importUsers");
        if (flags.dryRun) {
          // The server makes every check of the real import (roles, taken emails and usernames,
          // hashes) and creates nobody, so a clean dry run means a clean import.
          const wouldImport: typeof rows = [];
          for (let start = 0; start < rows.length; start += BATCH) {
            const batch = rows.slice(start, start + BATCH);
            const checked = await checkBatch(client, batch);
            checked.forEach((result, i) => {
              if (result.ok) wouldImport.push(batch[i]!);
              else results.push({ line: batch[i]!.line, email: result.email, ok: false, code: result.code, message: result.message });
            });
          }
          results.sort((a, b) => a.line - b.line);
          const invalid = results.length;
          const summary = { dryRun: true, total: rows.length + problems.length, valid: wouldImport.length, invalid, withPasswordHash: wouldImport.filter((r) => r.row.passwordHash).length, results };
          if (wantsJson(flags)) printJson(summary);
          else {
            for (const r of results) warn(`${text("changes", "importProblem", { line: r.line, email: r.email, message: r.message ?? "" })}${r.code ? ` (${r.code})` : ""}`);
            info(await countedText("changes", "importDryRun", { valid: wouldImport.length, withPassword: summary.withPasswordHash, invalid }));
          }
          if (invalid) throw new CliError(await countedText("changes", "importWouldFail", { invalid, total: summary.total }), EXIT.FAILURE, "BULK_PARTIAL_FAILURE");
          return;
        }
        const total = rows.length + problems.length;
        const progress = await progressBar(flags, "Importing", total);
        let done = problems.length;
        const send = async (batch: typeof rows) => {
          try {
            const answer = await client.adminImportUsers({ users: batch.map((entry) => entry.row) as never });
            answer.results.forEach((result, i) => results.push({ line: batch[i]!.line, ...result }));
          } catch (error) {
            const info = errorInfo(error);
            if (info.code === "VALIDATION_ERROR" && batch.length > 1) {
              // One bad row refuses the whole batch: send rows one by one to find it.
              for (const entry of batch) await send([entry]);
              return;
            }
            if ((error as { status?: number }).status === 0 || info.code === "UNAUTHORIZED" || (error as { status?: number }).status === 403) throw error;
            for (const entry of batch) results.push({ line: entry.line, email: entry.row.email, ok: false, ...info });
          }
        };
        for (let start = 0; start < rows.length; start += BATCH) {
          await send(rows.slice(start, start + BATCH));
          done = problems.length + Math.min(rows.length, start + BATCH);
          progress?.update({ label: "Importing", done, total, failed: results.filter((r) => !r.ok).length });
        }
        progress?.stop();
        results.sort((a, b) => a.line - b.line);
        const failed = results.filter((r) => !r.ok).length;
        const summary = { total, imported: total - failed, failed, results };
        if (flags.jsonl) {
          for (const result of results) printJsonLine(result);
          printJsonLine({ summary: { total, imported: total - failed, failed } });
        } else if (wantsJson(flags)) printJson(summary);
        else {
          for (const result of results.filter((r) => !r.ok)) warn(`${text("changes", "importFailedLine", { line: result.line, email: result.email, message: result.message ?? "" })} (${result.code})`);
          info(`${await sayCount("imported", total, { done: total - failed })}${failed ? say("done", "importFailed", { failed }) : ""}.`);
        }
        if (failed) throw new CliError(fill(messages().users.bulkPartial, { failed, total }), EXIT.FAILURE, "BULK_PARTIAL_FAILURE");
      }),
    );
}

type ImportClient = Awaited<ReturnType<typeof connect>>["client"];
type CheckResult = { email: string; ok: boolean; code?: string; message?: string };

/** A dry-run batch; a batch refused as a whole (one row failing validation) is retried row by row. */
async function checkBatch(client: ImportClient, batch: Array<{ line: number; row: ImportRow }>): Promise<CheckResult[]> {
  try {
    return (await client.adminImportUsers({ users: batch.map((entry) => entry.row) as never, dryRun: true })).results;
  } catch (error) {
    const info = errorInfo(error);
    if (info.code === "VALIDATION_ERROR" && batch.length > 1) {
      const out: CheckResult[] = [];
      for (const entry of batch) out.push(...(await checkBatch(client, [entry])));
      return out;
    }
    if ((error as { status?: number }).status === 0 || info.code === "UNAUTHORIZED" || (error as { status?: number }).status === 403) throw error;
    return batch.map((entry) => ({ email: entry.row.email, ok: false, ...info }));
  }
}

interface Parsed {
  rows: Array<{ line: number; row: ImportRow }>;
  problems: Array<{ line: number; email: string; code: string; message: string }>;
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(text("checks", "cannotRead", { file, reason: (error as Error).message }), EXIT.USAGE, "FILE_UNREADABLE");
  }
}

/** Opens at once so a missing or unreadable file fails here, with a plain message. */
function openForReading(file: string): Readable {
  try {
    return createReadStream("", { fd: openSync(file, "r") });
  } catch (error) {
    throw new CliError(text("checks", "cannotRead", { file, reason: (error as Error).message }), EXIT.USAGE, "FILE_UNREADABLE");
  }
}

export async function parseImport(input: string | Readable, format: Format): Promise<Parsed> {
  const parsed: Parsed = { rows: [], problems: [] };
  const records: Array<{ line: number; record: Record<string, unknown> | null; error?: string }> = [];
  if (format === "jsonl") {
    const content = typeof input === "string" ? input : await readAll(input);
    content.split(/\r?\n/).forEach((raw, index) => {
      const line = raw.trim();
      if (!line || line.startsWith("#")) return;
      try {
        const value = JSON.parse(line) as unknown;
        if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(text("checks", "notObject"));
        records.push({ line: index + 1, record: value as Record<string, unknown> });
      } catch (error) {
        records.push({ line: index + 1, record: null, error: text("checks", "badJson", { reason: (error as Error).message }) });
      }
    });
  } else {
    let header: string[] | undefined;
    let line = 0;
    const { readCsv } = await import("../csv.js");
    try {
      for await (const cells of readCsv(input)) {
        line++;
        if (!header) {
          header = cells.map((name) => name.trim());
          if (!header.includes("email")) throw new CliError(text("checks", "csvHeader"), EXIT.USAGE, "INVALID_FILE");
          continue;
        }
        // Null prototype: header names come from the file (a column named __proto__ is just a name).
        const record: Record<string, unknown> = Object.create(null);
        header.forEach((name, i) => {
          const value = cells[i];
          if (value !== undefined && value !== "") record[name] = value;
        });
        records.push({ line: line, record });
      }
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(text("checks", "csvNear", { record: line + 1, reason: (error as Error).message }), EXIT.USAGE, "INVALID_FILE");
    }
    if (!header) throw new CliError(text("checks", "csvHeader"), EXIT.USAGE, "INVALID_FILE");
  }
  for (const { line, record, error } of records) {
    const email = typeof record?.email === "string" ? record.email.trim() : "";
    if (!record || error) {
      parsed.problems.push({ line, email, code: "INVALID_ROW", message: error ?? text("checks", "badRow") });
      continue;
    }
    if (!email.includes("@")) {
      parsed.problems.push({ line, email, code: "INVALID_EMAIL", message: text("checks", "badEmail") });
      continue;
    }
    const row: ImportRow = { email, name: typeof record.name === "string" && record.name ? record.name : email.split("@")[0]! };
    for (const field of IMPORT_FIELDS) {
      if (field === "email" || field === "name") continue;
      let value = record[field];
      if (value === undefined || value === null || value === "") continue;
      if (field === "emailVerified" && typeof value === "string") value = value === "true" || value === "1";
      if (field === "role" && typeof value === "string" && value.includes(",")) value = value.split(",").map((r) => r.trim()).filter(Boolean);
      row[field] = value;
    }
    if (format === "jsonl") {
      // Null prototype: keys come from the file; a `__proto__` key stays a plain key here.
      const extra: Record<string, unknown> = Object.create(null);
      const nested = record.additionalFields;
      if (nested && typeof nested === "object" && !Array.isArray(nested)) Object.assign(extra, nested);
      for (const [key, value] of Object.entries(record)) if (!BUILT_IN_KEYS.has(key) && value !== undefined) extra[key] = value;
      if (Object.keys(extra).length) row.additionalFields = extra;
    }
    parsed.rows.push({ line, row });
  }
  return parsed;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
