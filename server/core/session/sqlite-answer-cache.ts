/**
 * get-session's answers on SQLite when this process is told which users its own writes touch
 * (db/sqlite-row-changes.ts, issue 41): PostgreSQL's per-user cache (notified-answer-cache.ts),
 * fed by the connection's TEMP triggers instead of change notices. A write by another connection
 * to the file (the offline CLI, a second process) is seen by `PRAGMA data_version` only, which
 * names no user: then everything goes, as before.
 *
 * Why not the whole-cache drop of answer-cache.ts: during a sign-in storm every sign-in's session
 * insert and audit row dropped every answer, and each check after it went to the database, where
 * it queued behind the sign-ins' commits (measured: get-session fell to a fraction of its rate
 * alone). Inserts cannot change a cached answer; updates and deletes of session and user rows,
 * the only rows an answer is built from, name their users.
 *
 * Races are PostgreSQL's, handled the same way: an answer read before a change to its user (or a
 * drop of everything) is never remembered; `foreign()` runs before each step so a write by
 * another connection between `version()` and `remember()` is a drop everything newer than it.
 *
 * The poll is one `PRAGMA data_version`, about a sixth of what a cached check costs in JavaScript
 * (issue 41). `lookupInTurn` (the fast path's, for requests its socket read in this poll phase)
 * shares one poll among all the checks of one event-loop turn: the first takes it, the loop's
 * next check phase (`setImmediate`) ends the turn. Why that keeps "a write is seen by the next
 * check after it commits": every request a poll phase answers arrived before the phase's
 * `epoll_wait` returned, so before its first poll; a request sent after a commit that landed
 * later in the phase is read in a later phase, which polls again. The exceptions are a request
 * pipelined behind an unanswered one on the same connection (its bytes can come in the same read
 * as the first's; the fast path polls afresh for those) and a phase with more than 1,024 sockets
 * ready at once (libuv polls again without leaving the phase): there the bound is the turn.
 * lookup() (the route, which may run in a timer or after awaiting) always polls.
 */
import type { SessionAnswerCache } from "./answer-cache.js";
import { createNotifiedAnswerCache } from "./notified-answer-cache.js";

export interface RowAnswerCache extends SessionAnswerCache {
  /** This connection changed rows of these users (a trigger, while the statement runs). */
  invalidate(userIds: readonly string[]): void;
}

/** `foreignVersion`: `PRAGMA data_version`, which moves when another connection commits. */
export function createRowAnswerCache(foreignVersion: () => number, maxEntries?: number): RowAnswerCache {
  const cache = createNotifiedAnswerCache(() => true, maxEntries);
  let seen = foreignVersion();
  const foreign = () => {
    const now = foreignVersion();
    if (now !== seen) {
      seen = now;
      cache.invalidate();
    }
  };
  let polledThisTurn = false;
  const endTurn = () => {
    polledThisTurn = false;
  };
  return {
    lookup(tokenHash, rawToken, now) {
      foreign();
      return cache.lookup(tokenHash, rawToken, now);
    },
    lookupInTurn(tokenHash, rawToken, now) {
      if (!polledThisTurn) {
        foreign();
        polledThisTurn = true;
        setImmediate(endTurn);
      }
      return cache.lookup(tokenHash, rawToken, now);
    },
    version() {
      foreign();
      return cache.version();
    },
    remember(tokenHash, rawToken, json, seenVersion, usableUntil, users) {
      foreign();
      cache.remember(tokenHash, rawToken, json, seenVersion, usableUntil, users);
    },
    invalidate: (userIds) => cache.invalidate(userIds),
  };
}
