/**
 * The change channel over Redis (`redisUrl` on PostgreSQL): every server SUBSCRIBEs to a Redis
 * channel that one of them, the relay (db/change-relay.ts), feeds with every notice PostgreSQL's
 * triggers send, and handles them exactly as a server that LISTENs itself does
 * (db/change-notices.ts). Only the relay holds a LISTEN connection, so servers that reach the
 * database through a transaction-pooling PgBouncer (where LISTEN does not work) cache too.
 *
 * The rules stay those of db/change-notices.ts. Each server sends its own heartbeat through
 * PostgreSQL (`pg_notify` in a one-statement transaction on the pool, which works through
 * poolers), so one that comes back over Redis proves the whole path trigger → relay → Redis → this
 * server, in commit order. The cache may be used only while subscribed, while the last heartbeat
 * back was sent at most 2 s ago, and after this process's latest own write. A lost subscription
 * empties the cache, and so does subscribing again; a reset from the relay (`r`: it lost its
 * listening connection or its Redis connection, or stopped relaying) empties it and waits for a
 * new heartbeat. A dead relay sends no heartbeats: every server checks the database after 2 s,
 * until another server takes the lease (at most 5 s after the last renewal) and relays.
 *
 * Only signed messages count (db/relay-signing.ts): anything else on the channel — an unsigned or
 * badly signed message, a replay — is dropped and reported (`onRejected`), a gap in a relay's
 * numbering empties the cache as a reset does, and a heartbeat counts only with a send time this
 * server used (db/heartbeats.ts).
 *
 * The channel and lease names derive from the secret and the database name: servers of one
 * deployment meet, other deployments on the same Redis stay apart (pub/sub ignores the Redis
 * database number), and neither name gives the secret away.
 */
import { keyedHash } from "../crypto/encrypt.js";
import { openRedis } from "../redis-client.js";
import type { ChangeListener, ChangeNotice, ListenerState } from "./change-notices.js";
import { noticeOf } from "./change-notices.js";
import { RESET_PAYLOAD, startChangeRelay } from "./change-relay.js";
import { createHeartbeats, stateReporter } from "./heartbeats.js";
import { openRelayMessage, relayKey, sequenceTracker, type RelayRejection } from "./relay-signing.js";
import type { LocalWrites } from "./local-writes.js";

export interface RedisChangeChannelOptions {
  redisUrl: string;
  databaseUrl: string;
  secret: string;
  writes?: LocalWrites;
  /** Sends a heartbeat through the database (`select pg_notify('latchkey_session', payload)`). */
  notify(payload: string): Promise<unknown>;
  onNotice(notice: ChangeNotice): void;
  /** The cache must forget everything (subscription lost or regained, or a reset from the relay). */
  onReset(): void;
  onState?(state: ListenerState): void;
  onRelaying?(relaying: boolean): void;
  onDeaf?(message: string): void;
  onError?(message: string): void;
  /** A message on the channel was dropped: not signed by this deployment, replayed, or a forged heartbeat. */
  onRejected?(reason: RelayRejection | "heartbeat"): void;
  heartbeatMs?: number;
  maxLagMs?: number;
  leaseMs?: number;
}

/** Redis names for the servers sharing this database and secret. */
export function channelNames(secret: string, databaseUrl: string): { channel: string; leaseKey: string } {
  let database = databaseUrl;
  try {
    database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database;
  } catch {
    // Not a URL: the whole string names it.
  }
  const id = keyedHash(database, secret, "session-change-channel").slice(0, 22);
  return { channel: `latchkey:session-changes:${id}`, leaseKey: `latchkey:session-relay:${id}` };
}

export function startRedisChangeChannel(options: RedisChangeChannelOptions): ChangeListener {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const { channel, leaseKey } = channelNames(options.secret, options.databaseUrl);
  const subscriber = openRedis(options.redisUrl, { commandTimeout: 2_000, autoResubscribe: false });
  let subscribed = false;
  let closed = false;
  const key = relayKey(options.secret);
  const sequence = sequenceTracker();
  const beats = createHeartbeats({
    onRejected: options.onRejected,
    maxLagMs: options.maxLagMs ?? 2_000,
    writes: options.writes,
    // Only while subscribed: a heartbeat nobody relays to this server proves nothing.
    send: (payload) => subscribed && options.notify(payload),
  });
  const relay = startChangeRelay({
    redisUrl: options.redisUrl,
    databaseUrl: options.databaseUrl,
    channel,
    leaseKey,
    key,
    leaseMs: options.leaseMs,
    renewMs: heartbeatMs,
    onRelaying: options.onRelaying,
    onDeaf: options.onDeaf,
    onError: options.onError,
  });

  function state(): ListenerState {
    if (subscriber.status !== "ready") return "down";
    if (!subscribed) return "connecting";
    return beats.lagging() ? "lagging" : "listening";
  }
  const report = stateReporter(state, options.onState);

  function reset(): void {
    beats.forget();
    sequence.clear();
    options.onReset();
    report();
  }

  subscriber.on("message", (from: string, message: string) => {
    if (!subscribed || from !== channel) return;
    const opened = openRelayMessage(key, channel, message);
    if (typeof opened === "string") return options.onRejected?.(opened);
    const order = sequence.next(opened.sender, opened.seq);
    if (order === "replayed") return options.onRejected?.("replayed");
    const { payload } = opened;
    // A message went missing on the way: whatever it said is unknown, as after a reset.
    if (order === "gap" || payload === RESET_PAYLOAD) {
      reset();
      sequence.next(opened.sender, opened.seq);
      beats.beat(); // back to the cache as soon as the path works again
      return;
    }
    if (beats.heard(payload)) return report();
    options.onNotice(noticeOf(payload));
  });
  subscriber.on("ready", () => {
    subscriber
      .subscribe(channel)
      .then(() => {
        if (closed || subscriber.status !== "ready") return;
        subscribed = true;
        // Whatever was cached before (or while) the subscription was down may have missed notices.
        reset();
        beats.beat();
      })
      .catch((error: Error) => {
        options.onError?.(error.message);
        subscriber.disconnect(true); // try again on a new connection
      });
  });
  subscriber.on("close", () => {
    if (subscribed) {
      subscribed = false;
      reset();
    }
    report();
  });
  subscriber.on("error", (error: Error) => options.onError?.(error.message));

  options.writes?.onWrite(beats.beat);
  const beatTimer = setInterval(() => {
    beats.beat();
    report(); // notices a lag even when no check asks
  }, heartbeatMs);
  beatTimer.unref();

  return {
    channel: "redis",
    usable: () => subscribed && beats.fresh(),
    state,
    backendPid: relay.backendPid,
    relaying: relay.relaying,
    async close() {
      closed = true;
      clearInterval(beatTimer);
      subscribed = false;
      await relay.close();
      subscriber.disconnect();
    },
  };
}
