/** Periodic cleanup: expired sessions and tokens, and audit rows past retention. */
import type { AppContext } from "../context.js";
import { deleteExpiredSessions } from "../features/session/store.js";
import { deleteExpiredTokens } from "../features/verification/store.js";

export interface SweepResult {
  sessions: number;
  tokens: number;
  auditEvents: number;
}

export async function sweep(app: AppContext): Promise<SweepResult> {
  const now = app.clock.now();
  const sessions = await deleteExpiredSessions(app.db, now);
  const tokens = await deleteExpiredTokens(app.db, now);
  const horizon = now - app.config.audit.retentionDays * 24 * 3600 * 1000;
  const audit = await app.db.deleteFrom("auditEvent").where("createdAt", "<", horizon).executeTakeFirst();
  return { sessions, tokens, auditEvents: Number(audit.numDeletedRows) };
}
