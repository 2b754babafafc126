/** Periodic cleanup: expired sessions, tokens, API keys and outbox mail, and audit rows past retention. */
import type { AppContext } from "../context.js";
import { deleteExpiredApiKeys } from "../features/api-key/store.js";
import { deleteExpiredSessions } from "../core/session/store.js";
import { sweepExpired } from "../core/one-time.js";
import { deleteExpiredOutboxMail } from "../mail/outbox.js";
import { pruneAuditChain } from "../audit/chain.js";

export interface SweepResult {
  sessions: number;
  tokens: number;
  auditEvents: number;
  apiKeys: number;
  outbox: number;
}

export async function sweep(app: AppContext): Promise<SweepResult> {
  const now = app.clock.now();
  const sessions = await deleteExpiredSessions(app.db, now);
  const tokens = await sweepExpired(app.db, now);
  const horizon = now - app.config.audit.retentionDays * 24 * 3600 * 1000;
  // Seals first, then prunes a stretch of the chain and keeps its last hash as the checkpoint.
  const auditEvents = await pruneAuditChain(app.db, horizon);
  const apiKeys = await deleteExpiredApiKeys(app.db, now);
  // Outbox mail whose link or code no longer works: nothing left worth keeping (issue 19).
  const outbox = await deleteExpiredOutboxMail(app.db, now);
  return { sessions, tokens, auditEvents, apiKeys, outbox };
}
