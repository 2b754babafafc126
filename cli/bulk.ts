/**
 * Bulk work (`--from-file FILE|-`): one id or email per line (blank lines and `#` comments are
 * skipped, duplicates run once). Every line is attempted — a failure never stops the rest — with
 * a progress bar on a terminal, a summary at the end, and exit 1 if any line failed. `--dry-run`
 * resolves every line and reports what would happen without changing anything.
 */
import { readFileSync } from "node:fs";
import type { GlobalFlags } from "./context.js";
import { CliError, EXIT } from "./exit-codes.js";
import { info, printJson, printJsonLine, warn, wantsJson } from "./output.js";
import { counted, fill, messages, text } from "./i18n/index.js";
import type { CliMessages } from "./i18n/types.js";
import { confirm, readStdin } from "./prompt.js";

export interface BulkResult {
  input: string;
  ok: boolean;
  /** What was (or, on a dry run, would be) acted on, e.g. the user id. */
  target?: string;
  error?: { code: string; message: string };
}

export interface BulkJob<T> {
  /** Past-tense verb for the summary, e.g. "banned". */
  done: string;
  /** Imperative for the confirmation, e.g. "Ban". */
  verb: string;
  /** The catalogue's words for this action (messages().users.actions), shown instead of verb/done. */
  action?: keyof CliMessages["users"]["actions"];
  /** Turn a line into a target (e.g. look the user up); throws when it cannot. */
  resolve: (line: string) => Promise<T>;
  /** Do the work on a resolved target. */
  act: (target: T) => Promise<void>;
  describe: (target: T) => string;
  /** Ask before running (destructive actions). */
  destructive?: boolean;
  concurrency?: number;
}

export async function readLines(source: string): Promise<string[]> {
  let content: string;
  if (source === "-") content = await readStdin();
  else {
    try {
      content = readFileSync(source, "utf8");
    } catch (error) {
      throw new CliError(text("checks", "cannotRead", { file: source, reason: (error as Error).message }), EXIT.USAGE, "FILE_UNREADABLE");
    }
  }
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines;
}

export function errorInfo(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown };
  return { code: typeof e?.code === "string" ? e.code : "ERROR", message: typeof e?.message === "string" ? e.message : String(error) };
}

export async function runBulk<T>(flags: GlobalFlags & { dryRun?: boolean }, source: string, job: BulkJob<T>): Promise<void> {
  const lines = await readLines(source);
  const dryRun = Boolean(flags.dryRun);
  if (lines.length === 0) throw new CliError(text("checks", "noLines", { source: source === "-" ? messages().users.standardInput : source }), EXIT.USAGE, "EMPTY_INPUT");
  const words = messages().users;
  // Human words in the CLI's language; `job.done` stays the JSON `action` in every language.
  const verb = job.action ? words.actions[job.action].verb : job.verb;
  const doneWord = job.action ? words.actions[job.action].done : job.done;
  const from = source === "-" ? words.standardInput : source;
  if (job.destructive && !dryRun) await confirm(flags, await counted(words.bulkConfirm, { verb, count: lines.length, source: from }));

  const json = wantsJson(flags);
  const showProgress = !json && Boolean(process.stderr.isTTY);
  const progress = showProgress ? (await import("./views/progress.js")).startProgress({ label: dryRun ? messages().progress.checking : verb, done: 0, total: lines.length, failed: 0 }) : undefined;

  const results: BulkResult[] = new Array(lines.length);
  let done = 0;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < lines.length) {
      const index = next++;
      const input = lines[index]!;
      let result: BulkResult;
      try {
        const target = await job.resolve(input);
        if (!dryRun) await job.act(target);
        result = { input, ok: true, target: job.describe(target) };
      } catch (error) {
        result = { input, ok: false, error: errorInfo(error) };
        failed++;
      }
      results[index] = result;
      done++;
      if (flags.jsonl) printJsonLine(result);
      progress?.update({ label: dryRun ? messages().progress.checking : verb, done, total: lines.length, failed });
    }
  };
  await Promise.all(Array.from({ length: Math.min(job.concurrency ?? 4, lines.length) }, worker));
  progress?.stop();

  const summary = { action: job.done, dryRun, total: lines.length, succeeded: lines.length - failed, failed };
  if (flags.jsonl) printJsonLine({ summary });
  else if (json) printJson({ ...summary, results });
  else {
    for (const result of results) {
      if (result.ok) info(`${fill(dryRun ? words.bulkWould : words.bulkDone, { done: doneWord, input: result.input })}${result.target && result.target !== result.input ? ` (${result.target})` : ""}`);
      else warn(`${fill(words.bulkFailed, { input: result.input, message: result.error!.message })} (${result.error!.code})`);
    }
    info(`${fill(dryRun ? words.bulkDrySummary : words.bulkSummary, { succeeded: summary.succeeded, total: summary.total, done: doneWord })}${failed ? fill(words.bulkFailedCount, { failed }) : ""}.`);
  }
  if (failed > 0) throw new CliError(fill(words.bulkPartial, { failed, total: lines.length }), EXIT.FAILURE, "BULK_PARTIAL_FAILURE");
}
