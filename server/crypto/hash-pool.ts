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
  /** Throws HashQueueFullError when a job started now would be refused (checked before a flow writes anything). */
  assertRoom(op: HashJob["op"]): void;
  /** Jobs waiting for a worker, jobs running, and workers (for /metrics). */
  stats(): { queued: number; busy: number; size: number };
  close(): Promise<void>;
}

export interface HashPoolObserver {
  /** How long a job waited in the queue before a worker took it. */
  onWait?(op: HashJob["op"], seconds: number): void;
  /** A job refused because the queue was full (HashQueueFullError). */
  onReject?(op: HashJob["op"]): void;
}

/**
 * Admission control (issue 41): a job that finds every worker busy and `maxQueue` jobs already
 * waiting is refused at once instead of queued. During a sign-in storm an unbounded queue only
 * makes every answer later (each waiter holds its request, socket and body in memory) while the
 * workers keep both cores; refusing early keeps waits bounded and lets clients retry later.
 * The HTTP layer answers it as 503 SERVER_BUSY with Retry-After (http/error-handler.ts).
 */
export class HashQueueFullError extends Error {
  constructor(readonly op: HashJob["op"]) {
    super("password hashing queue is full");
    this.name = "HashQueueFullError";
  }
}

export interface HashPoolOptions {
  /** Workers (default: one per core). */
  size?: number;
  /** Jobs allowed to wait for a worker; beyond it `run` rejects with HashQueueFullError (0: no limit). */
  maxQueue?: number;
}

export function createHashPool(options: HashPoolOptions = {}, observer: HashPoolObserver = {}): HashPool {
  const size = options.size ?? Math.max(1, availableParallelism());
  const maxQueue = options.maxQueue ?? 0;
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
      try {
        this.assertRoom(job.op);
      } catch (error) {
        return Promise.reject(error as Error);
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, pending: { resolve: resolve as (value: unknown) => void, reject }, queuedAt: performance.now() });
        pump();
      });
    },
    assertRoom(op) {
      // Before the first job the workers do not exist yet, but they will all be idle.
      if (maxQueue > 0 && started && idle.length === 0 && queue.length >= maxQueue) {
        observer.onReject?.(op);
        throw new HashQueueFullError(op);
      }
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
