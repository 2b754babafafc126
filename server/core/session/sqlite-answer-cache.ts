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
  return {
    lookup(tokenHash, rawToken, now) {
      foreign();
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
