/**
 * vitest setup file: records how much CPU each test file used, for the timings report
 * (tests/helpers/test-timings.ts). Wall time on a shared machine says more about the neighbours
 * than about the file; CPU time — this worker's, plus every child it reaped (CLI processes,
 * `auth server start`, Chromium) — stays about the same under load. Read from /proc/self/stat
 * (Linux); elsewhere the worker's own CPU only.
 */
import { readFileSync } from "node:fs";
import { afterAll } from "vitest";

const TICK_MS = 10; // USER_HZ is 100 on every Linux the suite runs on

function cpuMs(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after "(comm) ": state is field 3, so utime (14), stime, cutime, cstime (17) are 11–14 here.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) * TICK_MS;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

// Setup files run before each test file is imported: importing it is part of its cost.
const start = cpuMs();
// Registered first, so it runs after the file's own afterAll hooks (vitest runs them in reverse):
// closing servers and browsers is part of the file's cost.
// vitest parses a hook's first parameter and wants an object pattern there.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  (file.meta as { cpuMs?: number }).cpuMs = cpuMs() - start;
});
