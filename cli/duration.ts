/** Durations on the command line: `90s`, `15m`, `12h`, `7d`, `2w` (a bare number means seconds). */
import { CliError, EXIT } from "./exit-codes.js";
import { text as say } from "./i18n/index.js";

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

export function parseDuration(text: string, option = "duration"): number {
  const match = /^(\d+(?:\.\d+)?)\s*([smhdw]?)$/i.exec(text.trim());
  if (!match) throw new CliError(say("checks", "durationFormat", { option, text }), EXIT.USAGE, "INVALID_DURATION");
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2] || "s").toLowerCase()]!;
  if (!(seconds > 0)) throw new CliError(say("checks", "durationZero", { option }), EXIT.USAGE, "INVALID_DURATION");
  return Math.round(seconds);
}

/** A point in time: an ISO date, epoch milliseconds, or a duration ago (`1h` = one hour ago). */
export function parseSince(text: string, now = Date.now()): string {
  if (/^\d{10,}$/.test(text)) return new Date(Number(text)).toISOString();
  if (/^\d+(?:\.\d+)?\s*[smhdw]?$/i.test(text)) return new Date(now - parseDuration(text) * 1000).toISOString();
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) throw new CliError(say("checks", "notATime", { text }), EXIT.USAGE, "INVALID_TIME");
  return new Date(parsed).toISOString();
}

export function parsePositiveInt(text: string, option: string, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new CliError(say("checks", "wholeNumber", { option, min, max, text }), EXIT.USAGE, "INVALID_NUMBER");
  return value;
}

/** A duration that may go back: `8d`, `+2h`, `-3h` (issue 39's clock offsets), in milliseconds. */
export function parseSignedDuration(text: string, option = "duration"): number {
  const sign = /^\s*-/.test(text) ? -1 : 1;
  return sign * parseDuration(text.trim().replace(/^[+-]/, ""), option) * 1000;
}
