/**
 * get-session's answers kept in memory on PostgreSQL (issue 24), where other servers write to the
 * same database: an entry lives until a change notice names its user (db/change-notices.ts; the
 * database's triggers send one for every committed change to a session or user row), and the
 * cache is used only while the listener is `usable()` — listening, not lagging, and past this
 * process's own latest write. Otherwise every check goes to the database.
 *
 * Races: `version()` is read before the database is; every notice, and every reset, moves it and
 * records which users it named, so an answer read before a change to its user (or before a flush)
 * whose notice arrived meanwhile is never remembered — while notices about other users, which a
 * busy cluster sends all the time, do not stop answers being kept. The same time rules as on
 * SQLite (answer-cache.ts) apply on every hit.
 */
import { splitAnswer, type SessionAnswerCache } from "./answer-cache.js";

interface Entry {
  before: string;
  after: string;
  usableUntil: number;
  /** The session's user and, for an impersonation session, the administrator behind it. */
  users: readonly string[];
}

export interface NotifiedAnswerCache extends SessionAnswerCache {
  /** A notice: these users' answers may have changed (undefined: anyone's). */
  invalidate(userIds?: readonly string[]): void;
  size(): number;
}

const MAX_ENTRIES = 10_000;

export function createNotifiedAnswerCache(usable: () => boolean, maxEntries = MAX_ENTRIES): NotifiedAnswerCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  let epoch = 0;
  /** The epoch of the last flush, and of the last notice naming each user since then (bounded). */
  let flushedAt = 0;
  const namedAt = new Map<string, number>();

  function drop(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    for (const user of entry.users) {
      const hashes = byUser.get(user);
      hashes?.delete(tokenHash);
      if (hashes?.size === 0) byUser.delete(user);
    }
  }

  function clear(): void {
    entries.clear();
    byUser.clear();
  }

  return {
    lookup(tokenHash, rawToken, now) {
      if (!usable()) {
        if (entries.size) clear();
        return undefined;
      }
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now >= entry.usableUntil) {
        drop(tokenHash);
        return undefined;
      }
      return entry.before + rawToken + entry.after;
    },
    version() {
      return usable() ? epoch : -1;
    },
    remember(tokenHash, rawToken, json, seenVersion, usableUntil, users = []) {
      // A notice for these users (or a flush) came while the answer was read: it may be stale.
      if (seenVersion < 0 || seenVersion < flushedAt || !usable()) return;
      if (seenVersion !== epoch) for (const user of users) if ((namedAt.get(user) ?? 0) > seenVersion) return;
      const parts = splitAnswer(json, rawToken);
      if (!parts) return;
      drop(tokenHash);
      if (entries.size >= maxEntries) drop(entries.keys().next().value as string);
      entries.set(tokenHash, { ...parts, usableUntil, users });
      for (const user of users) {
        let hashes = byUser.get(user);
        if (!hashes) byUser.set(user, (hashes = new Set()));
        hashes.add(tokenHash);
      }
    },
    invalidate(userIds) {
      epoch++;
      // Beyond 10,000 named users, forget the names and count it as a flush for reads in flight.
      if (!userIds || namedAt.size >= 10_000) {
        flushedAt = epoch;
        namedAt.clear();
      }
      if (!userIds) return clear();
      for (const user of userIds) {
        namedAt.set(user, epoch);
        const hashes = byUser.get(user);
        if (hashes) for (const tokenHash of [...hashes]) drop(tokenHash);
      }
    },
    size: () => entries.size,
  };
}
