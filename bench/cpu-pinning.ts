/**
 * Side-by-side rounds (get-session against bare node:http) run each server on one core and wrk on
 * another, with Linux's `taskset`. Unpinned, the scheduler sometimes puts wrk and the server on the
 * same core and sometimes not, and a server's req/s flips between two levels ~40 % apart from one
 * 5-second round to the next; pinned, rounds agree within a few per cent. BENCH_PIN=0 turns it off;
 * without taskset or with one core it is off too.
 */
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

export interface Pinning {
  /** Core for the servers under test. */
  serverCpu: number;
  /** Core for the load generator. */
  loadCpu: number;
  /** Every core, to give a process its affinity back. */
  all: string;
}

export function pinningAvailable(): Pinning | null {
  if (process.env.BENCH_PIN === "0" || availableParallelism() < 2) return null;
  if (spawnSync("taskset", ["--version"]).error) return null;
  return { serverCpu: 0, loadCpu: 1, all: `0-${availableParallelism() - 1}` };
}

/** Sets the CPU affinity of a process and all its threads. */
export function setAffinity(pid: number, cpus: string | number): void {
  const result = spawnSync("taskset", ["-a", "-p", "-c", String(cpus), String(pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset could not pin ${pid} to ${cpus}: ${result.stderr}`);
}
