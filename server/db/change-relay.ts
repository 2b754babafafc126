/**
 * The relay of the Redis change channel (db/redis-change-channel.ts): of all the servers on one
 * database that share a Redis, the one holding a lease in Redis LISTENs on PostgreSQL
 * (db/change-notices.ts) and PUBLISHes every notice it hears — the triggers' and every server's
 * heartbeats — unchanged on the Redis channel. N servers, one LISTEN connection; the triggers stay
 * the one source of change notices.
 *
 * Lease: `SET key owner NX PX leaseMs`, renewed every `renewMs` only while the key still names
 * this owner (compare-and-set in Lua), deleted the same way on close. A server that does not hold
 * it tries again every `renewMs`, or just after the lease's time runs out if that is sooner, so a
 * dead relay is replaced at most `leaseMs` after its last renewal.
 *
 * Resets. Subscribers must never take a heartbeat as proof for notices the relay did not hear or
 * could not publish, so the relay publishes `r` (reset: empty the cache and wait for a new
 * heartbeat) whenever its listening connection is lost or listens again, whenever its Redis
 * connection is back or a publish failed, and when it stops relaying. Two relays at once (a lease
 * lost while its holder still runs) are harmless: each publishes a reset before anything it
 * hears, so a heartbeat through either proves every notice before it.
 *
 * Every message is signed and numbered (db/relay-signing.ts): subscribers act only on what this
 * deployment's relays published, in order, and treat a gap as a reset.
 *
 * A relay that cannot hear its own heartbeats (its database URL goes through a transaction-pooling
 * PgBouncer, where LISTEN does not work) gives the lease up for `sitOutMs` so that a server with a
 * direct connection takes it.
 */
import type { Redis } from "ioredis";
import { newId } from "../crypto/tokens.js";
import { openRedis } from "../redis-client.js";
import { startChangeListener, type ChangeListener } from "./change-notices.js";
import { signRelayMessage } from "./relay-signing.js";

/** Set the key if free: -1; else the milliseconds it has left. */
const ACQUIRE_SCRIPT = `if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return -1 end
return redis.call('PTTL', KEYS[1])`;
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The payload that tells every subscriber to empty its cache and wait for a new heartbeat. */
export const RESET_PAYLOAD = "r";

type LeaseClient = Redis & {
  latchkeyAcquire(key: string, owner: string, ms: number): Promise<number>;
  latchkeyRenew(key: string, owner: string, ms: number): Promise<number>;
  latchkeyRelease(key: string, owner: string): Promise<number>;
};

export interface ChangeRelayOptions {
  redisUrl: string;
  /** The database the relay LISTENs on. */
  databaseUrl: string;
  /** The Redis channel notices are published on, and the lease key. */
  channel: string;
  leaseKey: string;
  /** The MAC key messages are signed with (relayKey(secret)). */
  key: Buffer;
  leaseMs?: number;
  renewMs?: number;
  /** How long a relay that could not hear itself stays out of the race for the lease. */
  sitOutMs?: number;
  onRelaying?(relaying: boolean): void;
  /** This server gave the lease up because it could not hear itself (worth a warning). */
  onDeaf?(message: string): void;
  onError?(message: string): void;
}

export interface ChangeRelay {
  relaying(): boolean;
  /** The relay's listening connection's backend pid, while relaying. */
  backendPid(): number | undefined;
  close(): Promise<void>;
}

export function startChangeRelay(options: ChangeRelayOptions): ChangeRelay {
  const leaseMs = options.leaseMs ?? 5_000;
  const renewMs = options.renewMs ?? 1_000;
  const sitOutMs = options.sitOutMs ?? 10_000;
  // Unhearing for longer than the subscribers' own lag allowance: the connection cannot LISTEN.
  const deafMs = 3_000;
  const owner = newId();
  // Its own id (not the lease value, which releases the lease): names this relay's sequence.
  const sender = newId();
  let seq = 0;
  const redis = openRedis(options.redisUrl, { commandTimeout: 1_000 }) as LeaseClient;
  redis.defineCommand("latchkeyAcquire", { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
  redis.defineCommand("latchkeyRenew", { numberOfKeys: 1, lua: RENEW_SCRIPT });
  redis.defineCommand("latchkeyRelease", { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  let listener: ChangeListener | undefined;
  /** performance.now() until which the lease is surely ours (its renewal was sent before then). */
  let heldUntil = 0;
  let heardAt = 0;
  let sitOutUntil = 0;
  /** A publish failed: the next one must be preceded by a reset. */
  let dirty = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  /** Signed and numbered at the call, in call order: one connection delivers them in that order. */
  function send(payload: string): Promise<unknown> {
    return redis.publish(options.channel, signRelayMessage(options.key, options.channel, sender, seq++, payload));
  }

  function publish(payload: string): void {
    if (dirty) {
      dirty = false;
      publish(RESET_PAYLOAD);
    }
    send(payload).catch(() => {
      dirty = true;
    });
  }
  // Whatever was published while the connection was down is lost.
  redis.on("ready", () => {
    if (listener) publish(RESET_PAYLOAD);
  });
  redis.on("error", (error: Error) => options.onError?.(error.message));

  function startRelaying(): void {
    heardAt = performance.now();
    listener = startChangeListener({
      url: options.databaseUrl,
      onPayload: publish,
      onNotice: () => {},
      onReset: () => publish(RESET_PAYLOAD),
      onError: options.onError,
    });
    options.onRelaying?.(true);
  }

  async function stopRelaying(): Promise<void> {
    const last = listener;
    if (!last) return;
    listener = undefined;
    heldUntil = 0;
    // Closed first: nothing this relay hears any more reaches Redis after its reset.
    await last.close();
    send(RESET_PAYLOAD).catch(() => {});
    options.onRelaying?.(false);
  }

  async function tick(): Promise<void> {
    let next = renewMs;
    try {
      const now = performance.now();
      if (listener) {
        if (listener.usable()) heardAt = now;
        else if (now - heardAt > deafMs) {
          options.onDeaf?.("the session change relay does not hear its own heartbeats (LISTEN through a transaction pooler?): giving the relay lease up");
          sitOutUntil = now + sitOutMs;
          await stopRelaying();
          await redis.latchkeyRelease(options.leaseKey, owner).catch(() => 0);
          return;
        }
        try {
          if ((await redis.latchkeyRenew(options.leaseKey, owner, leaseMs)) === 1) heldUntil = now + leaseMs;
          else await stopRelaying(); // another server holds it now
        } catch {
          // Redis unreachable: keep relaying while the lease surely lasts (two relays are harmless).
          if (performance.now() >= heldUntil) await stopRelaying();
        }
      } else if (now >= sitOutUntil) {
        const left = await redis.latchkeyAcquire(options.leaseKey, owner, leaseMs).catch(() => undefined);
        if (left === -1) {
          heldUntil = now + leaseMs;
          if (closed) await redis.latchkeyRelease(options.leaseKey, owner).catch(() => 0);
          else startRelaying();
        } else if (left !== undefined && left >= 0) next = Math.min(renewMs, left + 5);
      }
    } finally {
      if (!closed) {
        timer = setTimeout(() => void tick(), next);
        timer.unref();
      }
    }
  }
  void tick();

  return {
    relaying: () => listener !== undefined,
    backendPid: () => listener?.backendPid(),
    async close() {
      closed = true;
      clearTimeout(timer);
      const held = listener !== undefined;
      await stopRelaying();
      // Given up at once so another server relays without waiting for the lease to run out.
      if (held) await redis.latchkeyRelease(options.leaseKey, owner).catch(() => 0);
      redis.disconnect();
    },
  };
}
