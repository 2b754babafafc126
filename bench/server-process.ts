/**
 * Starts a real Latchkey server in its own process (so the bench's own work never shares its
 * event loop) on a temp database, and reads its resident memory.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./serve.js", import.meta.url));

export interface BenchServer {
  url: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** `config`: settings merged over the AUTH_* ones (bench/serve.ts reads them as LATCHKEY_BENCH_CONFIG). */
export function startBenchServer(db: string, port: number, config?: Record<string, unknown>): Promise<BenchServer> {
  return new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_ARGS: flags for the server's node only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
    // (NODE_OPTIONS refuses --cpu-prof, and would profile the bench process too).
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ENTRY], {
      env: { ...process.env, AUTH_DB: db, AUTH_PORT: String(port), AUTH_RATE_LIMIT: "off", AUTH_LOG_LEVEL: "warn", NODE_ENV: "production", AUTH_SECRET: "bench-secret-bench-secret-bench-secret", ...(config ? { LATCHKEY_BENCH_CONFIG: JSON.stringify(config) } : {}) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.includes("READY")) {
        resolve({
          url: `http://127.0.0.1:${port}`,
          pid: child.pid as number,
          rssMb() {
            const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
            const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
            return Math.round(kb / 1024);
          },
          stop: () =>
            new Promise<void>((done) => {
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`bench server exited early (${code})`)));
  });
}
