/**
 * CLI start time: `auth --help` and a one-call `--json` command (`auth whoami --json` against a
 * real local server), ~20 runs each as fresh processes, as an operator's shell would start them.
 * Budget: 200 ms each. Standalone: `node dist/bench/cli-startup.js` prints a summary and a final
 * `{"bench":"cli-startup",…}` line; `npm run bench -- cli-startup` runs it through bench/run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createClient } from "../shared/client/index.js";
import { freePort } from "./free-port.js";
import { startBenchServer } from "./server-process.js";

const RUNS = Number(process.env.BENCH_CLI_RUNS) || 20;
const BUDGET_MS = 200;

function findBin(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "bin", "auth.js");
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error("bin/auth.js not found");
}

interface Figures {
  runs: number;
  medianMs: number;
  p90Ms: number;
  minMs: number;
  maxMs: number;
}

function measure(bin: string, args: string[], env: Record<string, string>): Figures {
  const times: number[] = [];
  // One warm-up run fills the OS file cache, as on any machine where the CLI is used twice.
  spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: "ignore" });
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    times.push(performance.now() - started);
    if (result.status !== 0) throw new Error(`auth ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  return { runs: RUNS, medianMs: at(0.5), p90Ms: at(0.9), minMs: Math.round(times[0]!), maxMs: Math.round(times.at(-1)!) };
}

export interface CliStartupFigures {
  budgetMs: number;
  help: Figures;
  /** A --json command answered locally (no server call). */
  json: Figures & { command: string };
  /** A --json command with one server round trip (loads the typed client and the contract). */
  jsonServer: Figures & { command: string };
  nodeBaseline: Figures;
  withinBudget: { help: boolean; json: boolean; jsonServer: boolean };
}

export async function run(): Promise<CliStartupFigures> {
  const bin = findBin();
  const dir = mkdtempSync(join(tmpdir(), "latchkey-bench-cli-"));
  const server = await startBenchServer(join(dir, "bench.db"), await freePort());
  try {
    const client = createClient({ baseURL: server.url });
    const { token } = await client.signUpEmail({ email: "bench-cli@example.com", password: "bench-password-1", name: "Bench" });
    const env = { AUTH_URL: server.url, AUTH_TOKEN: token ?? "", XDG_CONFIG_HOME: dir };
    const nodeBaseline = (() => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        spawnSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { runs: RUNS, medianMs: Math.round(times[Math.floor(RUNS / 2)]!), p90Ms: Math.round(times[Math.floor(RUNS * 0.9)]!), minMs: Math.round(times[0]!), maxMs: Math.round(times.at(-1)!) };
    })();
    const help = measure(bin, ["--help"], env);
    const json = { command: "auth profile list --json", ...measure(bin, ["profile", "list", "--json"], env) };
    const jsonServer = { command: "auth whoami --json", ...measure(bin, ["whoami", "--json"], env) };
    const within = (f: Figures) => f.medianMs < BUDGET_MS;
    return { budgetMs: BUDGET_MS, help, json, jsonServer, nodeBaseline, withinBudget: { help: within(help), json: within(json), jsonServer: within(jsonServer) } };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function report(figures: CliStartupFigures): string {
  const line = (name: string, f: Figures) => `  ${name.padEnd(26)} median ${f.medianMs} ms, p90 ${f.p90Ms} ms, min ${f.minMs} ms, max ${f.maxMs} ms (${f.runs} runs)`;
  return [
    `cli-startup (budget ${figures.budgetMs} ms median; machine load average ${loadavg()[0]?.toFixed(2)})`,
    line("node -e 0 (baseline)", figures.nodeBaseline),
    line("auth --help", figures.help) + (figures.withinBudget.help ? "" : "  OVER BUDGET"),
    line(figures.json.command, figures.json) + (figures.withinBudget.json ? "" : "  OVER BUDGET"),
    line(figures.jsonServer.command, figures.jsonServer) + (figures.withinBudget.jsonServer ? "" : "  OVER BUDGET"),
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run();
  process.stdout.write(report(figures) + "\n");
  process.stdout.write(JSON.stringify({ bench: "cli-startup", ...figures }) + "\n");
}
