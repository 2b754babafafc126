/** Ban expiry presets and the custom date → `banExpiresIn` seconds the server takes. */
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

/**
 * Seconds until the ban ends; undefined for "never"; null when the custom time is missing,
 * unreadable, not in the future or too far away.
 */
export function banExpiresIn(preset: BanPreset, custom: string, now = Date.now()): number | undefined | null {
  if (preset === "never") return undefined;
  if (preset !== "custom") return SECONDS[preset];
  const at = new Date(custom).getTime();
  if (!custom || Number.isNaN(at)) return null;
  const seconds = Math.round((at - now) / 1000);
  return seconds >= 60 && seconds <= MAX_BAN_SECONDS ? seconds : null;
}

/** A datetime-local value (local time, minutes) for a date. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
