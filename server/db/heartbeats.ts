/**
 * The heartbeat half of a change channel (db/change-notices.ts over PostgreSQL's LISTEN,
 * db/redis-change-channel.ts over Redis): a notice `h:<id>:<sent>:<own writes>` that this process
 * sends through the database every second (and at once after each own write) and expects back on
 * its channel. Notices arrive in commit order, so one that came back proves that every change
 * committed before it was sent has been heard; `fresh()` says whether the last one back is recent
 * enough (`maxLagMs`) and came after this process's latest own write.
 *
 * Times are performance.now(): monotonic, and only this process reads them.
 */
import { newId } from "../crypto/tokens.js";
import type { LocalWrites } from "./local-writes.js";

export interface Heartbeats {
  /** Sends one now, unless one is on its way (then one more once it is sent). */
  beat(): void;
  /** Handles a heartbeat payload (anyone's); false when `payload` is not a heartbeat. */
  heard(payload: string): boolean;
  /** The channel was lost or reset: nothing heard so far counts, and a send in flight is forgotten. */
  forget(): void;
  /** The last heartbeat back was sent at most `maxLagMs` ago and after the latest own write. */
  fresh(): boolean;
  lagging(): boolean;
}

export interface HeartbeatOptions {
  maxLagMs: number;
  writes?: LocalWrites;
  /** Sends the payload as a notice through the database; false when it cannot now. */
  send(payload: string): Promise<unknown> | false;
}

export function createHeartbeats(options: HeartbeatOptions): Heartbeats {
  const me = newId();
  const { writes, maxLagMs } = options;
  let sentAt = -Infinity;
  let sentWrites = -1;
  let inFlight = false;
  let again = false;
  /** Moves on forget(): a send started before it must not clear the flags of a later one. */
  let generation = 0;

  function beat(): void {
    if (inFlight) {
      again = true;
      return;
    }
    const sending = options.send(`h:${me}:${performance.now()}:${writes?.current() ?? 0}`);
    if (!sending) return;
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
      const [, from, at, ownWrites] = payload.split(":");
      if (from === me) {
        sentAt = Number(at);
        sentWrites = Number(ownWrites);
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
    lagging: () => performance.now() - sentAt > maxLagMs,
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
