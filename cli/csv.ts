/**
 * CSV for user exports and imports, on csv-stringify / csv-parse (RFC 4180: quoted fields may
 * hold commas, quotes and line breaks).
 *
 * Exports carry user-controlled text (names, emails). A spreadsheet runs a cell that starts with
 * `=`, `+`, `-`, `@`, tab or carriage return as a formula (CSV injection), so such cells are
 * written with a leading single quote and quoted, as OWASP's CSV-injection guidance says; the
 * spreadsheet then shows text. Cells that already start with quotes before such a character get
 * one more, so reading strips exactly one and every value round-trips unchanged.
 */
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify/sync";

/** Characters that make a spreadsheet treat a cell as a formula (OWASP). */
const FORMULA = /^'*[=+\-@\t\r]/;
/** A neutralised cell: one added quote in front of (optional quotes and) a formula character. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** The text a cell is written as: formula-like text gets a leading `'`. */
export function neutraliseCell(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** Undo `neutraliseCell` on a read cell. */
export function restoreCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return neutraliseCell(typeof value === "object" ? JSON.stringify(value) : String(value));
}

/** One CSV line (without its line break). */
export function toCsvRow(values: unknown[]): string {
  return stringify([values.map(cellText)], {
    eof: false,
    record_delimiter: "unix",
    // Neutralised cells are always quoted (OWASP); so are cells with edge spaces, which some
    // readers would trim.
    quoted_match: [NEUTRALISED, /^\s|\s$/],
  });
}

const PARSE_OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  // Files from the old hand-written exporter and from spreadsheets may hold a stray quote inside
  // an unquoted field; read it as text rather than refusing the file.
  relax_quotes: true,
} as const;

/** Reads CSV records as they arrive (a file or standard input), cells already restored. */
export async function* readCsv(source: Readable | string): AsyncGenerator<string[]> {
  const parser = parse(PARSE_OPTIONS);
  if (typeof source === "string") parser.end(source);
  else {
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
  }
  for await (const record of parser as AsyncIterable<string[]>) yield record.map(restoreCell);
}

/** The whole text at once (small inputs, tests). */
export async function parseCsv(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readCsv(text)) rows.push(row);
  return rows;
}
