/**
 * get-session's answers, kept in memory by token hash so a repeated check costs a hash and a map
 * lookup instead of a database join and a fresh JSON serialisation (issue 12 item 9: the session
 * check is the hottest request an auth server answers).
 *
 * Correctness rests on the database's change counter (db/change-counter.ts): an entry is used only
 * while no write has happened anywhere in the database since it was read — a sign-out, ban, role
 * change, profile edit or anything else, by this process or another on the same SQLite file. The
 * whole cache is dropped on the first lookup after a write, so there is no per-table reasoning to
 * get wrong. Time-based rules are checked on every hit: an entry is not used at or past the
 * session's expiry, nor once the session is due a sliding refresh (those go to the database, which
 * deletes or extends the session).
 *
 * The raw token is not kept: the stored answer is split around it and the caller's own token is
 * put back in. This is SQLite's cache when the database's tables are not there yet to hang the
 * row triggers on (sqlite-answer-cache.ts, the per-user one, is used otherwise); PostgreSQL's (several servers, one database) is
 * notified-answer-cache.ts, emptied entry by entry by pushed change notices. Neither is used when
 * get-session must sign a fresh JWT for its header.
 */
import type { ChangeCounter } from "../../db/change-counter.js";

interface Entry {
  /** The JSON answer before and after the raw token. */
  before: string;
  after: string;
  /** Milliseconds: the entry is unusable from expiresAt or refreshAt on, whichever comes first. */
  usableUntil: number;
}

export interface SessionAnswerCache {
  /** The answer for this token hash at `now`, or undefined (then ask the database). */
  lookup(tokenHash: string, rawToken: string, now: number): string | undefined;
  /**
   * lookup() for a request read from its socket in the event loop's current poll phase (the
   * session fast path): where another connection's writes are found by polling (SQLite's
   * `PRAGMA data_version`), one poll serves every such lookup until the loop's next check phase.
   * Absent: lookup() is as cheap.
   */
  lookupInTurn?(tokenHash: string, rawToken: string, now: number): string | undefined;
  /** The change number to pass to remember(): read it before reading the database. */
  version(): number;
  /**
   * Keep `json` (the answer that carries `rawToken` as session.token) if nothing changed since
   * `seenVersion`. `users`: whose changes make it stale (PostgreSQL's notices name users; SQLite
   * drops everything on any write and ignores it).
   */
  remember(tokenHash: string, rawToken: string, json: string, seenVersion: number, usableUntil: number, users?: readonly string[]): void;
}

/** The answer split around the raw token (which is never kept), or undefined if it is not where expected. */
export function splitAnswer(json: string, rawToken: string): { before: string; after: string } | undefined {
  // The first `"token":"` is session.token: JSON escapes quotes inside strings, and the
  // session (id, then token) is serialised before the user.
  const marker = '"token":"';
  const tokenAt = json.indexOf(marker) + marker.length;
  if (tokenAt < marker.length || json.slice(tokenAt, tokenAt + rawToken.length + 1) !== `${rawToken}"`) return undefined;
  return { before: json.slice(0, tokenAt), after: json.slice(tokenAt + rawToken.length) };
}

/** Bounded: the oldest entries leave first. 10,000 answers are about 10 MB. */
const MAX_ENTRIES = 10_000;

export function createSessionAnswerCache(changes: Pick<ChangeCounter, "current">, maxEntries = MAX_ENTRIES): SessionAnswerCache {
  const entries = new Map<string, Entry>();
  let validFor = changes.current();

  /** Drops everything when the database moved; returns the current change number. */
  function sync(): number {
    const now = changes.current();
    if (now !== validFor) {
      entries.clear();
      validFor = now;
    }
    return now;
  }

  return {
    lookup(tokenHash, rawToken, now) {
      sync();
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now >= entry.usableUntil) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.before + rawToken + entry.after;
    },
    version: sync,
    remember(tokenHash, rawToken, json, seenVersion, usableUntil) {
      if (sync() !== seenVersion) return; // something was written while the answer was being read
      const parts = splitAnswer(json, rawToken);
      if (!parts) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { before: parts.before, after: parts.after, usableUntil });
    },
  };
}
