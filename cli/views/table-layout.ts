/**
 * Fitting a table to a terminal (#25): headers in words, times as people read them, at least two
 * spaces between columns, the least important columns dropped first and long cells cut with "…".
 * Pure: the same rows, width and clock always give the same lines (tests rely on it).
 */
import { CliError, EXIT } from "../exit-codes.js";
import en from "../../i18n/en/cli.json" with { type: "json" };
import { currentLanguage, messages, roleName, text } from "../i18n/index.js";

export const GAP = 2;

/**
 * Headers people read, in the CLI's language (i18n/<language>/cli.json `table.headers`); keys
 * without one become their words in capitals (ipAddress → IP ADDRESS). `--columns` takes the key
 * or the English words whatever the language, so a script's `--columns email,role` works in every
 * locale, and notes about columns name them that way.
 */
const ENGLISH_HEADERS: Readonly<Record<string, string>> = en.table.headers;

function englishHeader(key: string): string {
  return ENGLISH_HEADERS[key] ?? key.replace(/([a-z0-9])([A-Z])/g, "$1 $2");
}

export function header(key: string): string {
  const headers = messages().table.headers as Record<string, string>;
  return (Object.hasOwn(headers, key) ? headers[key]! : englishHeader(key)).toLocaleUpperCase(currentLanguage());
}

/** A record's field in words, in the CLI's language ("Session expires", "Sitzung läuft ab"). */
export function fieldLabel(key: string): string {
  const headers = messages().table.headers as Record<string, string>;
  const words = Object.hasOwn(headers, key) ? headers[key]! : englishHeader(key);
  return words.charAt(0).toLocaleUpperCase(currentLanguage()) + words.slice(1);
}

/** The word `--columns` takes for a column (`verified`, `last-sign-in`), the same in every language. */
export function columnWord(key: string): string {
  return englishHeader(key).toLowerCase().replace(/ /g, "-");
}

/** A cell's value in the language: yes/no, role and invitation-status names; others as they are. */
export function localValue(key: string, value: unknown): string {
  const words = messages().table;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (key === "role" && typeof value === "string") return roleName(value);
  if (key === "status" && typeof value === "string" && Object.hasOwn(words.statuses, value)) return (words.statuses as Record<string, string>)[value]!;
  return plainCell(value);
}

/** Keys whose values are instants: shown relative on a terminal (ISO stays for --json). */
export function isTimeColumn(key: string): boolean {
  return /At$/.test(key) || key === "banExpires" || key === "lockedUntil" || key === "signedIn" || key === "sessionExpires";
}

/** "3 minutes ago", "in 2 days" in the CLI's language. */
export function relativeTime(value: unknown, now: number, language: string): string {
  const at = typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : value instanceof Date ? value.getTime() : NaN;
  if (!Number.isFinite(at)) return value === null || value === undefined ? "" : String(value);
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "always" });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ["year", 365 * 86400],
    ["month", 30 * 86400],
    ["week", 7 * 86400],
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  return format.format(seconds, "second");
}

export function plainCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value).replace(/[\r\n\t]+/g, " ");
}

export function textWidth(text: string): number {
  return Array.from(text).length;
}

export function truncate(text: string, width: number): string {
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  if (width <= 0) return "";
  return chars.slice(0, width - 1).join("") + "…";
}

/** An email address inside a cell (an audit reason may name one). */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** The longest email address in `text` (0 when there is none): narrower, and it would be cut. */
function longestEmail(text: string): number {
  return Math.max(0, ...text.split(/\s+/).filter((word) => EMAIL.test(word)).map(textWidth));
}

/**
 * A cell cut to `width` with "…", never inside a word when there is a space to cut at (#25, #33):
 * "ops@exam…" names nobody, or the wrong person, and "Margaret Hamil…" reads worse than
 * "Margaret…". A word the cut would split goes whole, with the words after it; the cut falls on
 * the space before it. A cell of one word (an id, an action) is cut where it must be, and so is
 * an address that begins the cell on a screen narrower than the address itself.
 */
export function cutCell(text: string, width: number): string {
  const cut = truncate(text, width);
  if (cut === text || width <= 0) return cut;
  const kept = Array.from(text).slice(0, width - 1).join("");
  const wordStart = kept.search(/\S+$/);
  if (wordStart < 0) return kept.trimEnd() + "…";
  const before = kept.slice(0, wordStart).trimEnd();
  if (before === "") return cut;
  return before + "…";
}

export interface TableInput {
  rows: Array<Record<string, unknown>>;
  /** Display order. */
  columns: string[];
  /** Most important first; the first is the row's identity (never cut while it fits). Default: display order. */
  importance?: string[];
  /** `--columns a,b,c`: exactly these, in this order (keys or header words). */
  chosen?: string;
  /** Terminal width; Infinity off a terminal. */
  width: number;
  now: number;
  language: string;
}

export interface TableLayout {
  /** Keys shown, in display order. */
  columns: string[];
  widths: number[];
  header: string[];
  /** Cell text, already cut and unpadded. */
  cells: string[][];
  /** Keys left out for lack of width (not when --columns chose). */
  hidden: string[];
}

/** `--columns email,role,created`: by key or by header word, any case. */
export function chooseColumns(chosen: string, available: string[]): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return chosen
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const key = available.find((column) => norm(column) === norm(name) || norm(englishHeader(column)) === norm(name));
      if (!key) throw new CliError(text("checks", "unknownColumn", { name, columns: available.map(columnWord).join(", ") }), EXIT.USAGE, "INVALID_OPTION");
      return key;
    });
}

export function layoutTable(input: TableInput): TableLayout {
  const available = Array.from(new Set([...input.columns, ...(input.importance ?? [])]));
  const explicit = input.chosen !== undefined && input.chosen.trim() !== "";
  let columns = explicit ? chooseColumns(input.chosen!, available) : [...input.columns];
  const importance = explicit ? [...columns] : [...(input.importance ?? input.columns)].filter((key) => columns.includes(key));
  for (const key of columns) if (!importance.includes(key)) importance.push(key);
  const text = (row: Record<string, unknown>, key: string) => (isTimeColumn(key) ? relativeTime(row[key], input.now, input.language) : localValue(key, row[key]));
  const all = input.rows.map((row) => Object.fromEntries(columns.map((key) => [key, text(row, key)])) as Record<string, string>);
  const natural = (key: string) => Math.max(textWidth(header(key)), ...all.map((row) => textWidth(row[key] ?? "")));
  // The narrowest a column may get before it is dropped: the identity whole, the rest their
  // header (or 12 characters, enough to tell values apart), never wider than they are.
  // A column holding email addresses keeps room for the longest whole.
  const emailWidth = new Map(columns.map((key) => [key, Math.max(0, ...all.map((row) => longestEmail(row[key] ?? "")))]));
  // Times are never cut ("8 seconds a…" says nothing): a time that does not fit is left out whole.
  const least = (key: string) => (key === importance[0] || isTimeColumn(key) ? natural(key) : Math.min(natural(key), Math.max(textWidth(header(key)), 12, emailWidth.get(key)!)));
  const total = (keys: string[], width: (key: string) => number) => keys.reduce((sum, key) => sum + width(key), 0) + GAP * Math.max(0, keys.length - 1);
  const hidden: string[] = [];
  if (!explicit) {
    while (columns.length > 1 && total(columns, least) > input.width) {
      const drop = [...importance].reverse().find((key) => columns.includes(key) && key !== importance[0])!;
      columns = columns.filter((key) => key !== drop);
      hidden.push(drop);
    }
  }
  const widths = new Map(columns.map((key) => [key, natural(key)]));
  let excess = total(columns, (key) => widths.get(key)!) - input.width;
  // Cut the least important first, each down to its least width; then further, but never
  // inside an email address; only a column wider than the screen on its own cuts one.
  const uncut = (floor: (key: string) => number) => (key: string) => (isTimeColumn(key) ? natural(key) : floor(key));
  // An address that begins a cell is whole only at its width; one further in goes whole or not at
  // all (the cut falls on the space before it), so it needs no room of its own.
  const leadingEmail = (key: string) => Math.max(1, ...all.map((row) => (EMAIL.test((row[key] ?? "").split(/\s/)[0]!) ? textWidth((row[key] ?? "").split(/\s/)[0]!) : 1)));
  for (const floor of [least, uncut(leadingEmail), uncut(() => 1)]) {
    for (const key of [...importance].reverse()) {
      if (excess <= 0 || !widths.has(key)) continue;
      const cut = Math.min(excess, widths.get(key)! - floor(key));
      if (cut > 0) {
        widths.set(key, widths.get(key)! - cut);
        excess -= cut;
      }
    }
  }
  const list = columns.map((key) => widths.get(key)!);
  return {
    columns,
    widths: list,
    header: columns.map((key, i) => truncate(header(key), list[i]!)),
    cells: all.map((row) => columns.map((key, i) => cutCell(row[key] ?? "", list[i]!))),
    hidden: hidden.reverse(),
  };
}
