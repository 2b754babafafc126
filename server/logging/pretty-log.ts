/**
 * The server's log for a person at a terminal: one short line per event, e.g.
 *
 *     17:10:51 INFO  Latchkey listening on http://127.0.0.1:3000 — API at …
 *     17:12:03 WARN  sweep failed err=database is locked
 *
 * pino hands every log record to a destination as one JSON line; this destination rewrites the
 * line in place, synchronously, in the same process (no transport thread, no dependency). Off a
 * terminal, or with AUTH_LOG_FORMAT=json, pino's JSON is written as it is, for log collectors.
 */
export type LogFormat = "json" | "pretty";

/** AUTH_LOG_FORMAT: "json" or "pretty" choose; "auto" (the default) is pretty on a terminal. */
export function resolveLogFormat(setting: "auto" | LogFormat, stdoutIsTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  if (setting !== "auto") return setting;
  return stdoutIsTerminal ? "pretty" : "json";
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: "TRACE", color: "\x1b[90m" },
  20: { name: "DEBUG", color: "\x1b[90m" },
  30: { name: "INFO", color: "\x1b[32m" },
  40: { name: "WARN", color: "\x1b[33m" },
  50: { name: "ERROR", color: "\x1b[31m" },
  60: { name: "FATAL", color: "\x1b[41;97m" },
};
const RESET = "\x1b[0m";
const DIM = "\x1b[2m";
// Fields every record carries, or that the line shows in its own place.
const SHOWN_ELSEWHERE = new Set(["level", "time", "pid", "hostname", "msg"]);

function fieldText(value: unknown): string {
  if (value !== null && typeof value === "object" && "message" in value && typeof value.message === "string") return value.message;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /[\s"=]/.test(text) && typeof value === "string" ? JSON.stringify(text) : text;
}

/** One pino JSON record as one line (without colours when `color` is false). */
export function prettyLine(json: string, color: boolean): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
  const time = new Date(typeof record.time === "number" ? record.time : Date.now());
  const clock = [time.getHours(), time.getMinutes(), time.getSeconds()].map((part) => String(part).padStart(2, "0")).join(":");
  const level = LEVELS[Number(record.level)] ?? { name: String(record.level ?? "LOG").toUpperCase(), color: "" };
  const fields = Object.entries(record)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldText(value)}`);
  const message = [typeof record.msg === "string" ? record.msg : "", ...fields].filter(Boolean).join(" ");
  const levelText = level.name.padEnd(5);
  return color ? `${DIM}${clock}${RESET} ${level.color}${levelText}${RESET} ${message}\n` : `${clock} ${levelText} ${message}\n`;
}

/**
 * A pino destination writing pretty lines to `out` (stdout). On Linux, writes to a terminal or a
 * pipe are synchronous, like pino's own stdout destination, so the "stopped" line written just
 * before process.exit() is not lost. Colour only on a terminal, and not with NO_COLOR.
 */
export function prettyDestination(out: NodeJS.WriteStream = process.stdout): { write(line: string): void } {
  const color = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(line: string) {
      out.write(prettyLine(line.trimEnd(), color));
    },
  };
}
