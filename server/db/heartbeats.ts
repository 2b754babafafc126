/**
 * The heartbeat half of a change channel (db/change-notices.ts over PostgreSQL's LISTEN,
 * db/redis-change-channel.ts over Redis): a notice `h:<id>:<sent>:<own writes>` that this process
 * sends through the database every second (and at once after each own write) and expects back on
 * its channel. Notices arrive in commit order, so one that came back proves that every change
 * committed before it was sent has been heard; `fresh()` says whether the last one back is recent
 * enough (`maxLagMs`) and came after this process's latest own write.
 *
 * Times are performance.now(): monotonic, and only this process reads them.
 *
 * Trust. A heartbeat counts only if it names this process and a send time this process actually
 * used and has not yet seen come back (kept until a later one returns): a forged
 * `h:<id>:1e15:…` cannot keep the cache "fresh", and a replayed old one cannot move the time
 * back (one seen already, or older than the last one back, is ignored without a report: a second
 * relay during a lease handover passes each on twice). The own-write count is taken from what was
 * sent, never from the payload. Others'
 * heartbeats are only checked for shape (finite, non-negative numbers below ~30 years of uptime)
 * and otherwise ignored. Anything else that starts `h:` is dropped and reported (`onRejected`).
 */
import { newId } from "../crypto/tokens.js";
import type { LocalWrites } from "./local-writes.js";

export interface Heartbeats {
  /** Sends one now, unless one is on its way (then one more once it is sent). */
  beat(): void;
  /** Handles a heartbeat payload (anyone's; a forged one is dropped); false when `payload` is not a heartbeat. */
  heard(payload: string): boolean;
  /** The channel was lost or reset: nothing heard so far counts, and a send in flight is forgotten. */
  forget(): void;
  /** The last heartbeat back was sent at most `maxLagMs` ago and after the latest own write. */
  fresh(): boolean;
  /** A heartbeat is overdue: the last one back is older than `maxLagMs`, or none came back from a send that old. */
  lagging(): boolean;
}

export interface HeartbeatOptions {
  maxLagMs: number;
  writes?: LocalWrites;
  /** Sends the payload as a notice through the database; false when it cannot now. */
  send(payload: string): Promise<unknown> | false;
  /** A heartbeat was dropped: one claiming this process with a send time it never used (or saw already), or a malformed one. */
  onRejected?(reason: "heartbeat"): void;
}

/** performance.now() values above this (~30 years of uptime, in ms) are not a real send time. */
const MAX_SEND_TIME = 1e12;
/** Sends remembered while waiting to come back; heartbeats go every second, so this is minutes. */
const MAX_PENDING = 256;

export function createHeartbeats(options: HeartbeatOptions): Heartbeats {
  const me = newId();
  const { writes, maxLagMs } = options;
  let sentAt = -Infinity;
  let sentWrites = -1;
  /** Send times (as sent, exactly) not yet seen back, oldest first, with the own-write count each carried. */
  const pending = new Map<string, { at: number; writes: number }>();
  let inFlight = false;
  let again = false;
  /** Moves on forget(): a send started before it must not clear the flags of a later one. */
  let generation = 0;

  function beat(): void {
    if (inFlight) {
      again = true;
      return;
    }
    const at = performance.now();
    const count = writes?.current() ?? 0;
    const sending = options.send(`h:${me}:${at}:${count}`);
    if (!sending) return;
    pending.set(String(at), { at, writes: count });
    if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value as string);
    inFlight = true;
    const mine = generation;
    sending
      .catch(() => {}) // a lost channel is reported by its connection, and lag by fresh()
      .finally(() => {
        if (mine !== generation) return;
        inFlight = false;
        if (again) {
          again = false;
          beat();
        }
      });
  }

  return {
    beat,
    heard(payload) {
      if (!payload.startsWith("h:")) return false;
      const parts = payload.split(":");
      const [, from, at = "", ownWrites = ""] = parts;
      const time = Number(at);
      const count = Number(ownWrites);
      const wellFormed = parts.length === 4 && /^[0-9.]+$/.test(at) && time >= 0 && time < MAX_SEND_TIME && Number.isSafeInteger(count) && count >= 0;
      const sent = from === me ? pending.get(at) : undefined;
      // Ours, seen already or older than the last one back (a second relay during a lease handover
      // passes each heartbeat on twice): it changes nothing, and is no sign of a forger.
      if (wellFormed && from === me && !sent && time <= sentAt) return true;
      if (!wellFormed || (from === me && !sent)) {
        options.onRejected?.("heartbeat");
        return true;
      }
      if (sent) {
        // This one and every older send are settled: none of them may count again.
        for (const [key, each] of pending) if (each.at <= sent.at) pending.delete(key);
        if (sent.at > sentAt) {
          sentAt = sent.at;
          sentWrites = sent.writes;
        }
      }
      return true;
    },
    forget() {
      generation++;
      inFlight = false;
      again = false;
      sentAt = -Infinity;
      sentWrites = -1;
    },
    fresh() {
      return performance.now() - sentAt <= maxLagMs && (writes === undefined || sentWrites >= writes.current());
    },
    lagging() {
      if (sentAt !== -Infinity) return performance.now() - sentAt > maxLagMs;
      // Nothing heard back yet (a start, a reconnect): lagging only once a heartbeat sent is
      // overdue, not before the first could come back. A start logged WARN "not listening"
      // before "listening" every time on PostgreSQL (#33).
      let oldest = Infinity;
      for (const each of pending.values()) oldest = Math.min(oldest, each.at);
      return performance.now() - oldest > maxLagMs;
    },
  };
}

/** Calls `onState` once per change of what `state()` says (the listener-state metric and log); the channels call it after every event. */
export function stateReporter<S>(state: () => S, onState?: (state: S) => void): () => void {
  let reported: S | undefined;
  return () => {
    const now = state();
    if (now !== reported) {
      reported = now;
      onState?.(now);
    }
  };
}
