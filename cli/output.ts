/**
 * Output conventions: on a terminal, human text (Ink tables, colours, spinners); with --json, or
 * when stdout is not a terminal, exactly one JSON document (or JSON lines with --jsonl) and
 * nothing decorative. Ink and React are imported only when a view is actually rendered.
 */
export interface OutputOptions {
  json?: boolean;
  jsonl?: boolean;
  /** `--columns a,b,c`: the table columns to show, in order. */
  columns?: string;
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

/** A table through the one table view (views/table.ts), e.g. `mail list` on a terminal. */
export async function printTable(rows: Array<Record<string, unknown>>, columns: string[], options: OutputOptions & { importance?: string[] } = {}): Promise<void> {
  if (rows.length === 0) {
    const { text } = await import("./i18n/index.js");
    info(text("lists", "none"));
    return;
  }
  await renderTable(rows, columns, options);
}

export function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function info(message: string): void {
  process.stdout.write(message + "\n");
}

export function warn(message: string): void {
  process.stderr.write(message + "\n");
}

/** One result: the JSON document, or a human rendering on a terminal. */
export async function emit(options: OutputOptions, document: unknown, human: () => void | Promise<void>): Promise<void> {
  if (options.jsonl) printJsonLine(document);
  else if (wantsJson(options)) printJson(document);
  else await human();
}

export interface ListOutput<T> {
  /** What --json prints (usually the server's answer, e.g. `{ users, total }`). */
  document: unknown;
  /** What --jsonl prints, one line each, and what the table shows. */
  items: T[];
  columns: string[];
  /** Most important first; the narrowest terminals keep these (default: the order of columns). */
  importance?: string[];
  /** Shown under the table on a terminal. */
  footer?: string;
  empty?: string;
}

export async function emitList<T extends object>(options: OutputOptions, output: ListOutput<T>): Promise<void> {
  if (options.jsonl) {
    for (const item of output.items) printJsonLine(item);
    return;
  }
  if (wantsJson(options)) {
    printJson(output.document);
    return;
  }
  // Nothing found says so once: no "0 of 0 users" under "No users match."
  if (output.items.length === 0) info(output.empty ?? (await import("./i18n/index.js")).text("lists", "none"));
  else {
    await renderTable(output.items as Array<Record<string, unknown>>, output.columns, { ...options, importance: output.importance });
    if (output.footer) info(output.footer);
  }
}

/** A table on the terminal, fitted to its width; says which columns did not fit. */
export async function renderTable(rows: Array<Record<string, unknown>>, columns: string[], options: OutputOptions & { importance?: string[] } = {}): Promise<void> {
  const { showTable } = await import("./views/table.js");
  const hidden = showTable(rows, columns, { importance: options.importance, chosen: options.columns });
  if (hidden.length > 0) {
    const [{ say }, { columnWord }] = await Promise.all([import("./i18n/index.js"), import("./views/table-layout.js")]);
    info(say("done", "columnsHidden", { columns: hidden.map(columnWord).join(", ") }));
  }
}

/** Field: value lines for one object, coloured on a terminal. */
export async function renderDetails(record: Record<string, unknown>, fields?: string[]): Promise<void> {
  const { showDetails } = await import("./views/details.js");
  await showDetails(record, fields ?? Object.keys(record));
}

/**
 * Runs `work`; on a terminal (and not in JSON mode) a spinner appears on stderr if it takes more
 * than a moment. Fast calls never pay for loading Ink.
 */
export async function withSpinner<T>(options: OutputOptions, label: string, work: () => Promise<T>): Promise<T> {
  if (wantsJson(options) || !process.stderr.isTTY) return work();
  let stop: (() => void) | undefined;
  let done = false;
  const timer = setTimeout(() => {
    void import("./views/spinner.js").then(({ startSpinner }) => {
      if (!done) stop = startSpinner(label);
    });
  }, 250);
  try {
    return await work();
  } finally {
    done = true;
    clearTimeout(timer);
    stop?.();
  }
}
