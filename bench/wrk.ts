/** Runs wrk (a C load generator: it leaves the CPU to the server) and parses its figures. */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** One body per request, in turn (each a different one-time code, say); wraps around when spent. */
  bodies?: string[];
  /** Run wrk on this core only (bench/cpu-pinning.ts). */
  cpu?: number;
}

export function assertWrk(): void {
  const probe = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (probe.error) {
    throw new Error("npm run bench needs wrk (a C HTTP load generator): apt-get install -y wrk");
  }
}

export function runWrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-wrk-"));
  const script = join(dir, "request.lua");
  const headerLines = Object.entries(options.headers ?? {}).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(options.method ?? "GET")}`,
      options.body ? `wrk.body = ${JSON.stringify(options.body)}` : "",
      ...headerLines,
      ...(options.bodies
        ? [
            `local bodies = {${options.bodies.map((b) => JSON.stringify(b)).join(",")}}`,
            "local turn = 0",
            "request = function() turn = turn + 1; return wrk.format(nil, nil, nil, bodies[((turn - 1) % #bodies) + 1]) end",
          ]
        : []),
      // Report percentiles in microseconds, machine-readably.
      "done = function(summary, latency, requests)",
      '  io.write(string.format("RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))',
      "end",
    ].join("\n"),
  );
  return new Promise((resolve, reject) => {
    const args = ["-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "5s", "-s", script, options.url];
    const child = options.cpu === undefined ? spawn("wrk", args) : spawn("taskset", ["-c", String(options.cpu), "wrk", ...args]);
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", () => {
      const match = out.match(/RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/);
      if (!match) return reject(new Error(`could not read wrk output:\n${out}`));
      const [, requests, durationUs, p50, p99, non2xx, errors] = match.map(Number) as number[];
      resolve({
        requests: requests as number,
        requestsPerSecond: Math.round((requests as number) / ((durationUs as number) / 1e6)),
        p50Ms: (p50 as number) / 1000,
        p99Ms: (p99 as number) / 1000,
        non2xx: non2xx as number,
        errors: errors as number,
      });
    });
  });
}
