/**
 * Values between SQLite and PostgreSQL (auth server copy). The migrations use only types both
 * dialects share with one meaning (migrations/column-types.ts): flags are integers 0/1, times are
 * bigint milliseconds, JSON is text. So a value needs converting only where a driver hands it
 * over in another shape — pg's int8 as a string or bigint, a boolean, a Date, a parsed JSON
 * object — or where SQLite's loose typing stored a number in a text column. The target's declared
 * column type decides.
 */
export type ColumnKind = "integer" | "real" | "text" | "other";

/** A declared type (SQLite's `bigint`, PostgreSQL's `character varying`…) reduced to a kind. */
export function columnKind(declared: string): ColumnKind {
  const type = declared.toLowerCase();
  if (/int|serial/.test(type)) return "integer";
  if (/real|double|float|numeric|decimal/.test(type)) return "real";
  if (/text|char|clob/.test(type)) return "text";
  return "other";
}

export function convertValue(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === "integer") {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Date) return value.getTime();
    if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value.trim());
    return value;
  }
  if (kind === "real") return typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;
  if (kind === "text") {
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
    if (value instanceof Date) return value.toISOString();
    if (Buffer.isBuffer(value)) return value.toString("utf8");
    return JSON.stringify(value);
  }
  return value;
}
