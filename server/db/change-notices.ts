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
 */
import pg from "pg";
import { newId } from "../crypto/tokens.js";
import type { LocalWrites } from "./local-writes.js";

export const CHANGE_CHANNEL = "latchkey_session";

export type ListenerState = "connecting" | "listening" | "lagging" | "down";

export interface ChangeNotice {
  /** Users whose session answers may have changed; undefined means everyone's. */
  userIds?: string[];
}

export interface ChangeListenerOptions {
  url: string;
  writes?: LocalWrites;
  onNotice(notice: ChangeNotice): void;
  /** The cache must forget everything (connection lost or regained). */
  onReset(): void;
  onState?(state: ListenerState): void;
  onError?(message: string): void;
  heartbeatMs?: number;
  maxLagMs?: number;
  /** Milliseconds before the first reconnection attempt; doubles up to 5 s. */
  retryMs?: number;
}

export interface ChangeListener {
  usable(): boolean;
  state(): ListenerState;
  /** The listening connection's backend pid (tests end it with pg_terminate_backend). */
  backendPid(): number | undefined;
  close(): Promise<void>;
}

export function startChangeListener(options: ChangeListenerOptions): ChangeListener {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const maxLagMs = options.maxLagMs ?? 2_000;
  const firstRetryMs = options.retryMs ?? 200;
  const me = newId();
  const writes = options.writes;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Send time (performance.now(): monotonic, and only this process reads it) and own-write number of the last heartbeat that came back. */
  let beatSentAt = -Infinity;
  let beatWrites = -1;
  let beatInFlight = false;
  let beatAgain = false;
  let reported: ListenerState | undefined;

  function state(): ListenerState {
    if (!client) return "down";
    if (!listening) return "connecting";
    return performance.now() - beatSentAt > maxLagMs ? "lagging" : "listening";
  }
  function report(): void {
    const now = state();
    if (now !== reported) {
      reported = now;
      options.onState?.(now);
    }
  }

  function beat(): void {
    if (!client || !listening) return;
    if (beatInFlight) {
      beatAgain = true;
      return;
    }
    beatInFlight = true;
    const sent = client;
    // Sent on the listening connection itself: it comes back only if that connection and the
    // database's notice queue work, and after every notice committed before it.
    sent
      .query("select pg_notify($1, $2)", [CHANGE_CHANNEL, `h:${me}:${performance.now()}:${writes?.current() ?? 0}`])
      .catch(() => {}) // a dead connection ends in 'end'/'error' below
      .finally(() => {
        if (sent !== client) return;
        beatInFlight = false;
        if (beatAgain) {
          beatAgain = false;
          beat();
        }
      });
  }

  function handle(payload: string): void {
    if (payload.startsWith("h:")) {
      const [, from, at, ownWrites] = payload.split(":");
      if (from !== me) return; // another server's heartbeat
      beatSentAt = Number(at);
      beatWrites = Number(ownWrites);
      report();
      return;
    }
    if (payload.startsWith("u:")) options.onNotice({ userIds: payload.slice(2).split(",") });
    else options.onNotice({});
  }

  function lost(error?: Error): void {
    if (!client) return;
    const dead = client;
    client = undefined;
    listening = false;
    beatInFlight = false;
    beatAgain = false;
    // Usable again only once a heartbeat has come back on the new connection.
    beatSentAt = -Infinity;
    beatWrites = -1;
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
    const next = new pg.Client({ connectionString: options.url, application_name: "latchkey-change-listener" });
    client = next;
    report();
    next.on("notification", (message) => {
      if (next === client && message.channel === CHANGE_CHANNEL) handle(message.payload ?? "*");
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
        beat();
      })
      .catch((error: Error) => {
        if (next === client) lost(error);
      });
  }

  writes?.onWrite(beat);
  const beatTimer = setInterval(() => {
    beat();
    report(); // notices a lag even when no check asks
  }, heartbeatMs);
  beatTimer.unref();
  connect();

  return {
    usable() {
      return listening && performance.now() - beatSentAt <= maxLagMs && (writes === undefined || beatWrites >= writes.current());
    },
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
