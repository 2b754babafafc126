/** Dates and numbers through Intl in the active language, never hand-formatted. */
import { i18next } from "../i18n";

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: "medium" }).format(date);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/** "3 minutes ago", "in 2 days". */
export function formatRelative(value: string | number | Date | null | undefined, now = Date.now()): string {
  if (value === null || value === undefined) return "";
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return "";
  const diff = time - now;
  const format = new Intl.RelativeTimeFormat(i18next.language, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === "second") return format.format(Math.round(diff / size), unit);
  }
  return "";
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(i18next.language).format(value);
}
