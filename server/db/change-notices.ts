/**
 * PostgreSQL: this server's ear on the change notices the session and user triggers send
 * (migrations/0017-session-change-notices.ts), on a dedicated connection outside the pool.
 *
 * Fail safe. The answer cache may be used only while `usable()`: the connection is listening,
 * a heartbeat this listener sent through the database came back within `maxLagMs` of being sent,
 * and the last heartbeat to come back was sent after this process's latest own write.
 * PostgreSQL delivers notices in commit order, so a heartbeat that came back proves that every
 * notice of a change committed before it was sent has been handled: an answer served from the
 * cache misses no change older than `maxLagMs` (docs/scale-out.md has the bound), and none of this
 * process's own writes. Heartbeats go every `heartbeatMs`, and at once after an own write.
 *
 * When the connection drops (a database restart, `pg_terminate_backend`), `onReset` runs (the
 * cache empties), checks go to the database, and the listener reconnects with a growing pause;
 * once it listens again the cache is emptied once more and starts filling afresh.
 *
 * With Redis configured (db/redis-change-channel.ts) only one server, the relay, runs this
 * listener; it passes every notice on (`onPayload`) instead of handling it.
 */
import pg from "pg";
import { createHeartbeats, stateReporter } from "./heartbeats.js";
import type { LocalWrites } from "./local-writes.js";

export const CHANGE_CHANNEL = "latchkey_session";

export type ListenerState = "connecting" | "listening" | "lagging" | "down";

export interface ChangeNotice {
  /** Users whose session answers may have changed; undefined means everyone's. */
  userIds?: string[];
  /** Settings changed at run time (`s`, migrations/0019-runtime-settings.ts): reload them (and drop every answer). */
  settings?: true;
}

/** A trigger's payload as a notice: `u:<id>,<id>` names users, `s` the run-time settings, anything else (`*`) means all. */
export function noticeOf(payload: string): ChangeNotice {
  if (payload === "s") return { settings: true };
  return payload.startsWith("u:") ? { userIds: payload.slice(2).split(",") } : {};
}

export interface ChangeListenerOptions {
  url: string;
  writes?: LocalWrites;
  onNotice(notice: ChangeNotice): void;
  /** Every payload heard while listening, heartbeats too, before it is handled (the Redis relay). */
  onPayload?(payload: string): void;
  /** The cache must forget everything (connection lost or regained). */
  onReset(): void;
  onState?(state: ListenerState): void;
  onError?(message: string): void;
  /** A heartbeat was dropped: it named this server with a send time it never used, or was malformed (db/heartbeats.ts). */
  onRejected?(reason: "heartbeat"): void;
  heartbeatMs?: number;
  maxLagMs?: number;
  /** Milliseconds before the first reconnection attempt; doubles up to 5 s. */
  retryMs?: number;
}

export interface ChangeListener {
  /** Where notices come from: this server's own LISTEN, or the Redis channel a relay feeds. */
  readonly channel: "postgres" | "redis";
  usable(): boolean;
  state(): ListenerState;
  /** This server's listening connection's backend pid (tests end it with pg_terminate_backend); none on a Redis channel's non-relay server. */
  backendPid(): number | undefined;
  /** Redis channel: this server holds the relay lease and listens for every server. */
  relaying?(): boolean;
  close(): Promise<void>;
}

export function startChangeListener(options: ChangeListenerOptions): ChangeListener {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const firstRetryMs = options.retryMs ?? 200;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  // Sent on the listening connection itself: it comes back only if that connection and the
  // database's notice queue work, and after every notice committed before it.
  const beats = createHeartbeats({
    onRejected: options.onRejected,
    maxLagMs: options.maxLagMs ?? 2_000,
    writes: options.writes,
    send: (payload) => (client && listening ? client.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]) : false),
  });

  function state(): ListenerState {
    if (!client) return "down";
    if (!listening) return "connecting";
    return beats.lagging() ? "lagging" : "listening";
  }
  const report = stateReporter(state, options.onState);

  function handle(payload: string): void {
    options.onPayload?.(payload);
    if (beats.heard(payload)) return report();
    options.onNotice(noticeOf(payload));
  }

  function lost(error?: Error): void {
    if (!client) return;
    const dead = client;
    client = undefined;
    listening = false;
    // Usable again only once a heartbeat has come back on the new connection.
    beats.forget();
    dead.removeAllListeners();
    dead.on("error", () => {});
    dead.end().catch(() => {});
    options.onReset();
    report();
    if (error) options.onError?.(error.message);
    if (closed) return;
    retryTimer = setTimeout(connect, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  }

  function connect(): void {
    retryTimer = undefined;
    if (closed) return;
    // A connect that never completes (a frozen network) fails and is retried instead of leaving the
    // listener "connecting" for good; keepalive finds a listening connection that died silently (issue 44).
    const next = new pg.Client({
      connectionString: options.url,
      application_name: "latchkey-change-listener",
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    report();
    next.on("notification", (message) => {
      // Before `listening` the cache is about to be emptied anyway (below), and a relay has not
      // yet said so on Redis: nothing heard then may be passed on ahead of that.
      if (next === client && listening && message.channel === CHANGE_CHANNEL) handle(message.payload ?? "*");
    });
    next.on("error", (error) => {
      if (next === client) lost(error);
    });
    next.on("end", () => {
      if (next === client) lost();
    });
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(() => {
        if (next !== client) return;
        listening = true;
        retryMs = firstRetryMs;
        // Whatever was cached before (or while) the connection was down may have missed notices.
        options.onReset();
        report();
        beats.beat();
      })
      .catch((error: Error) => {
        if (next === client) lost(error);
      });
  }

  options.writes?.onWrite(beats.beat);
  const beatTimer = setInterval(() => {
    beats.beat();
    report(); // notices a lag even when no check asks
  }, heartbeatMs);
  beatTimer.unref();
  connect();

  return {
    channel: "postgres",
    usable: () => listening && beats.fresh(),
    state,
    backendPid: () => (listening ? (client as unknown as { processID?: number } | undefined)?.processID : undefined),
    async close() {
      closed = true;
      clearInterval(beatTimer);
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      listening = false;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
