/**
 * Password hashing on a small pool of worker threads, one per core, each lowered to nice 10.
 * Hashing is deliberately expensive; at a lower priority it soaks up spare CPU during a
 * sign-in storm while the event loop (nice 0) keeps answering session checks promptly.
 * Workers run the synchronous hash inside their own thread, so nothing touches the libuv pool
 * that file and DNS work share.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export type HashJob =
  | { op: "argon2-hash"; password: string; options: { memoryCost: number; timeCost: number; parallelism: number } }
  | { op: "argon2-verify"; hash: string; password: string }
  | { op: "scrypt-verify"; salt: string; keyHex: string; password: string };

const argon2Module = createRequire(import.meta.url).resolve("@node-rs/argon2");

// Plain CommonJS so the pool works from compiled output and from TypeScript sources alike.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { readlinkSync } = require("node:fs");
const { setPriority } = require("node:os");
const { scryptSync, timingSafeEqual } = require("node:crypto");
const argon2 = require(${JSON.stringify(argon2Module)});
try {
  // /proc/thread-self → "<pid>/task/<tid>": renice just this thread (Linux).
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (tid) setPriority(tid, 10);
} catch {}
function run(job) {
  switch (job.op) {
    case "argon2-hash":
      return argon2.hashSync(job.password, { algorithm: 2, ...job.options });
    case "argon2-verify":
      try { return argon2.verifySync(job.hash, job.password); } catch { return false; }
    case "scrypt-verify": {
      const expected = Buffer.from(job.keyHex, "hex");
      const derived = scryptSync(job.password, job.salt, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 });
      return derived.length === expected.length && timingSafeEqual(derived, expected);
    }
  }
  throw new Error("unknown job " + job.op);
}
parentPort.on("message", ({ id, job }) => {
  try { parentPort.postMessage({ id, result: run(job) }); }
  catch (error) { parentPort.postMessage({ id, error: String(error && error.message || error) }); }
});
`;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface HashPool {
  run<T>(job: HashJob): Promise<T>;
  /** Jobs waiting for a worker, jobs running, and workers (for /metrics). */
  stats(): { queued: number; busy: number; size: number };
  close(): Promise<void>;
}

export interface HashPoolObserver {
  /** How long a job waited in the queue before a worker took it. */
  onWait?(op: HashJob["op"], seconds: number): void;
}

export function createHashPool(size = Math.max(1, availableParallelism()), observer: HashPoolObserver = {}): HashPool {
  const idle: Worker[] = [];
  const all: Worker[] = [];
  const queue: Array<{ job: HashJob; pending: Pending; queuedAt: number }> = [];
  const inFlight = new Map<Worker, { id: number; pending: Pending }>();
  let nextId = 0;
  let closed = false;

  function spawnWorker(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on("message", (message: { id: number; result?: unknown; error?: string }) => {
      const current = inFlight.get(worker);
      inFlight.delete(worker);
      if (current) {
        if (message.error !== undefined) current.pending.reject(new Error(message.error));
        else current.pending.resolve(message.result);
      }
      idle.push(worker);
      pump();
    });
    worker.on("error", (error) => {
      const current = inFlight.get(worker);
      inFlight.delete(worker);
      current?.pending.reject(error);
      all.splice(all.indexOf(worker), 1);
      if (!closed) {
        idle.push(spawnWorker());
        pump();
      }
    });
    all.push(worker);
    return worker;
  }

  function pump() {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop() as Worker;
      const { job, pending, queuedAt } = queue.shift() as { job: HashJob; pending: Pending; queuedAt: number };
      observer.onWait?.(job.op, (performance.now() - queuedAt) / 1000);
      const id = nextId++;
      inFlight.set(worker, { id, pending });
      worker.postMessage({ id, job });
    }
  }

  let started = false;
  return {
    run<T>(job: HashJob): Promise<T> {
      if (closed) return Promise.reject(new Error("hash pool is closed"));
      if (!started) {
        started = true;
        for (let i = 0; i < size; i++) idle.push(spawnWorker());
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, pending: { resolve: resolve as (value: unknown) => void, reject }, queuedAt: performance.now() });
        pump();
      });
    },
    stats() {
      return { queued: queue.length, busy: inFlight.size, size: all.length || size };
    },
    async close() {
      closed = true;
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}
