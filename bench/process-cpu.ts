/**
 * CPU time a process has used (user + system, from /proc/<pid>/stat), in milliseconds. On a
 * shared machine req/s swings with other people's load; CPU time per request does much less, so
 * the bench reports both (Linux only; elsewhere null).
 */
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
