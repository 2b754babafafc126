/**
 * One request's view of the get-session answer cache (core/session/answer-cache.ts), for endpoints
 * whose contract declares `answerCache`: look the token up before any other per-request set-up,
 * and remember a plain answer afterwards.
 */
import type { AppContext } from "../context.js";
import { refreshDueAt } from "../core/session/service.js";
import { hashSecret } from "../crypto/tokens.js";
import type { SessionRow } from "../db/types.js";

export interface AnswerCacheSlot {
  lookup(): string | undefined;
  remember(json: string, session: SessionRow): void;
}

export function openAnswerCache(app: AppContext, token: string | undefined, cookieCacheFirst: boolean): AnswerCacheSlot | undefined {
  const cache = app.sessionAnswers;
  // With the signed cookie cache on, a browser's check is answered from its cookie instead.
  if (!cache || !token || (cookieCacheFirst && app.config.session.cookieCache.enabled)) return undefined;
  const tokenHash = hashSecret(token);
  let seenVersion = -1;
  return {
    lookup() {
      const hit = cache.lookup(tokenHash, token, app.clock.now());
      if (hit === undefined) seenVersion = cache.version(); // read before the database is
      app.metrics.sessionCacheLookups.inc({ result: hit === undefined ? "miss" : "hit" });
      return hit;
    },
    remember(json, session) {
      const usableUntil = Math.min(Number(session.expiresAt), refreshDueAt(app, session));
      // PostgreSQL's notices name users: the session's own, and the administrator behind an impersonation.
      const users = session.impersonatedBy ? [session.userId, session.impersonatedBy] : [session.userId];
      cache.remember(tokenHash, token, json, seenVersion, usableUntil, users);
    },
  };
}

