/** Dates and numbers through Intl in the active language, never hand-formatted. */
import { i18next } from "../i18n";
import { serverNow } from "./server-clock";

// Building an Intl formatter costs far more than using one (tables format two dates per row on
// every scroll frame): keep one per language and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const STYLES: Record<"date" | "time" | "dateTime", Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  time: { timeStyle: "short" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
};
function dateFormat(style: "date" | "time" | "dateTime"): Intl.DateTimeFormat {
  const key = `${i18next.language} ${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(i18next.language, STYLES[style]);
    dateFormats.set(key, format);
  }
  return format;
}
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat("dateTime").format(date);
}

export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat("date").format(date);
}

/** "6:00 PM", "18:00". */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat("time").format(date);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/** "3 minutes ago", "in 2 days", counted from the server's now (a server's clock may be moved, issue 39). */
export function formatRelative(value: string | number | Date | null | undefined, now = serverNow()): string {
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
  let format = numberFormats.get(i18next.language);
  if (!format) {
    format = new Intl.NumberFormat(i18next.language);
    numberFormats.set(i18next.language, format);
  }
  return format.format(value);
}
