/**
 * Output conventions: on a terminal, human text; with --json, or when stdout is not a terminal,
 * exactly one JSON document (or JSON lines with --jsonl) and nothing decorative.
 */
export interface OutputOptions {
  json?: boolean;
  jsonl?: boolean;
}

export function wantsJson(options: OutputOptions): boolean {
  return Boolean(options.json || options.jsonl) || !process.stdout.isTTY;
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}

export function printJsonLine(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + "\n");
}

/** A plain aligned table for terminals (Ink views take over where they exist). */
export function printTable(rows: Array<Record<string, unknown>>, columns: string[]): void {
  if (rows.length === 0) {
    process.stdout.write("(none)\n");
    return;
  }
  const cell = (value: unknown) => (value === null || value === undefined ? "" : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  process.stdout.write(line(columns.map((c) => c.toUpperCase())) + "\n");
  for (const row of rows) process.stdout.write(line(columns.map((c) => cell(row[c]))) + "\n");
}

export function info(message: string): void {
  process.stdout.write(message + "\n");
}

export function warn(message: string): void {
  process.stderr.write(message + "\n");
}
