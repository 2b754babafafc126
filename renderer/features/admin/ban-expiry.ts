/** Ban expiry presets (seconds the server adds to now) and a chosen date (the instant itself). */
import { serverNow } from "../../ui/server-clock";
export const BAN_PRESETS = ["1h", "1d", "7d", "30d", "never", "custom"] as const;
export type BanPreset = (typeof BAN_PRESETS)[number];

const SECONDS: Record<Exclude<BanPreset, "never" | "custom">, number> = {
  "1h": 3600,
  "1d": 24 * 3600,
  "7d": 7 * 24 * 3600,
  "30d": 30 * 24 * 3600,
};

/** The server's upper bound (100 years). */
export const MAX_BAN_SECONDS = 100 * 365 * 24 * 3600;

/** What the ban call gets for its end: a duration for the presets, the exact instant for a chosen date. */
export type BanEnd = { banExpiresIn: number } | { banExpiresAt: string } | Record<string, never>;

/**
 * The ban's end for the call; `{}` for "never"; null when the custom time is missing, unreadable,
 * not at least a minute ahead or too far away. A chosen date goes as the instant itself: turning
 * it into seconds from now lost the request's time (18:00 was stored as 17:59:59.544, issue 25).
 */
export function banEnd(preset: BanPreset, custom: string, now = serverNow()): BanEnd | null {
  if (preset === "never") return {};
  if (preset !== "custom") return { banExpiresIn: SECONDS[preset] };
  // A datetime-local value has no zone: `new Date("2026-12-24T18:00")` reads it as local time.
  const at = new Date(custom).getTime();
  if (!custom || Number.isNaN(at)) return null;
  const seconds = (at - now) / 1000;
  return seconds >= 60 && seconds <= MAX_BAN_SECONDS ? { banExpiresAt: new Date(at).toISOString() } : null;
}

/** A datetime-local value (local time, minutes) for a date. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
