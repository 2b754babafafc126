/**
 * The CLI's one table view. Written as plain lines straight to stdout, never re-rendered (#25):
 * Ink redraws its last frame, and a frame taller than the screen cleared the scrollback, the
 * command line included. Colour only on a terminal (and not under NO_COLOR); the layout itself
 * is in table-layout.ts.
 */
import { currentLanguage } from "../i18n/index.js";
import { GAP, layoutTable } from "./table-layout.js";

export interface TableOptions {
  /** Most important first (see table-layout.ts). */
  importance?: string[];
  /** `--columns`. */
  chosen?: string;
}

const COLOURS = { red: 31, green: 32, yellow: 33, cyan: 36, gray: 90 } as const;

function tone(column: string, value: unknown): keyof typeof COLOURS | undefined {
  if (column === "banned" && value === true) return "red";
  if (column === "status") {
    if (value === "pending") return "yellow";
    if (value === "accepted") return "green";
    if (value === "rejected" || value === "canceled") return "gray";
  }
  if (column === "current" && value === true) return "green";
  if (column === "success" && value === false) return "red";
  if (column === "role" && typeof value === "string" && /admin|owner/.test(value)) return "cyan";
  return undefined;
}

/** The table's lines (each ending in a newline) and the columns left out for lack of width. */
export function tableText(rows: Array<Record<string, unknown>>, columns: string[], options: TableOptions = {}): { text: string; hidden: string[] } {
  const terminal = Boolean(process.stdout.isTTY);
  const colour = terminal && !process.env.NO_COLOR;
  const layout = layoutTable({
    rows,
    columns,
    importance: options.importance,
    chosen: options.chosen,
    width: terminal && process.stdout.columns ? process.stdout.columns : Infinity,
    now: Date.now(),
    language: currentLanguage(),
  });
  const paint = (text: string, code: string | undefined) => (colour && code && text ? `\x1b[${code}m${text}\x1b[0m` : text);
  const line = (values: string[], codes: Array<string | undefined>) =>
    values
      .map((value, i) => {
        const last = i === values.length - 1;
        const pad = last ? "" : " ".repeat(Math.max(0, layout.widths[i]! - Array.from(value).length) + GAP);
        return paint(value, codes[i]) + pad;
      })
      .join("")
      .trimEnd();
  const lines = [line(layout.header, layout.header.map(() => "1;4"))];
  rows.forEach((row, r) => {
    lines.push(line(layout.cells[r]!, layout.columns.map((key) => {
      const name = tone(key, row[key]);
      return name ? String(COLOURS[name]) : undefined;
    })));
  });
  return { text: lines.join("\n") + "\n", hidden: layout.hidden };
}

export function showTable(rows: Array<Record<string, unknown>>, columns: string[], options: TableOptions = {}): string[] {
  const { text, hidden } = tableText(rows, columns, options);
  process.stdout.write(text);
  return hidden;
}
