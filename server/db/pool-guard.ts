/**
 * The root pool refuses a query made from inside a change whose transaction is open (issue 38).
 *
 * A change (audit/change.ts, db/change-db.ts) holds a transaction from its first write to its
 * commit. On SQLite that transaction holds the process's one connection: a query the change
 * itself then sends through the root pool (a service that kept the pool instead of the change's
 * `app.db`) waits for that connection, which is released only when the change, waiting for the
 * query, commits. The request hangs and every other request with it. On PostgreSQL the query
 * gets a second connection and runs, but outside the change: its read misses the change's
 * writes, its write escapes the change's rollback.
 *
 * So the pool's driver (db/guarded-dialect.ts) asks, before it hands out a connection, whether the
 * current async context is inside a change of that same pool whose transaction has begun; if so,
 * it throws PoolUsedInsideChangeError naming the call site, on both dialects alike, so a test on
 * either finds the path. Why fail rather than join the transaction: docs/architecture.md
 * ("A query on the pool inside a change").
 *
 * Work that is shared by requests and merely scheduled from inside a change (the audit writer's
 * next batch, a timer) is not the change's: it runs `outsideChange`, in the root context.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** Identifies one pool (a guarded dialect's driver) without holding the Kysely instance. */
export type PoolIdentity = object;

/** A change's hold on its pool: open from its transaction's BEGIN until its commit or rollback begins. */
export interface ChangeHold {
  readonly pool: PoolIdentity;
  open: boolean;
}

const holds = new AsyncLocalStorage<ChangeHold>();
const identities = new WeakMap<object, PoolIdentity>();

/** Called by database.ts / postgres.ts: ties a Kysely pool to its driver's identity. */
export function registerPoolIdentity(db: object, identity: PoolIdentity): void {
  identities.set(db, identity);
}

/** The identity of a pool opened by openDatabase; undefined for anything else (a change's own handle). */
export function poolIdentityOf(db: object): PoolIdentity | undefined {
  return identities.get(db);
}

/** Runs `work` (a change) with `hold` as its context: the pool's driver then checks it. */
export function runHolding<T>(hold: ChangeHold, work: () => Promise<T>): Promise<T> {
  return holds.run(hold, work);
}

/** Runs `work` in the root context: for shared background work that a change only happened to schedule. */
export function outsideChange<T>(work: () => T): T {
  return holds.exit(work);
}

export class PoolUsedInsideChangeError extends Error {
  readonly callSite: string;
  constructor(callSite: string) {
    super(
      `A query on the root database pool was made inside a change whose transaction is open, at ${callSite}: ` +
        "use the change's app.db (ctx.app inside ctx.change). On SQLite this query would wait forever for the connection the transaction holds (db/pool-guard.ts).",
    );
    this.name = "PoolUsedInsideChangeError";
    this.callSite = callSite;
  }
}

/** Throws when the current context is a change of `pool` with its transaction open. */
export function assertPoolFree(pool: PoolIdentity): void {
  const hold = holds.getStore();
  if (hold?.open && hold.pool === pool) throw new PoolUsedInsideChangeError(callSite());
}

/**
 * The first frame of the stack outside this guard, the pool's driver and node_modules: the service or
 * route that used the pool. Kysely's executor is async throughout, so V8's async stack traces
 * reach the awaiting caller.
 */
function callSite(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  const frames = stack.split("\n").slice(1).map((line) => line.trim().replace(/^at /, ""));
  const outside = frames.find((frame) => !frame.includes("node_modules") && !/[/\\]server[/\\]db[/\\](pool-guard|guarded-dialect)\.[jt]s/.test(frame) && !frame.startsWith("node:") && !frame.includes("(node:"));
  return outside ?? frames[0] ?? "an unknown call site";
}
