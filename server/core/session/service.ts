/**
 * Session rules: creation (with the ban check every sign-in path shares), lookup, sliding
 * refresh, freshness and revocation.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { AuditEvent } from "../../audit/recorder.js";
import { hashSecret, newId, randomString } from "../../crypto/tokens.js";
import type { SessionRow, UserRow } from "../../db/types.js";
import { appsToTell, tellApps } from "../user/app-access.js";
import { updateUser } from "../user/store.js";
import { claimEpoch } from "./epoch.js";
import { impersonationStillAllowed } from "./impersonator.js";
import { bannedMessage } from "../../../shared/errors/admin.js";
import * as store from "./store.js";

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The request's Accept-Language header, for mail sent to someone who chose no language. */
  acceptLanguage?: string | null;
  /**
   * True when the connection itself comes from this machine (its TCP peer is a loopback address)
   * and no proxy header says it was relayed from elsewhere. `ip` may come from X-Forwarded-For
   * (trustProxy), which a caller can write; this cannot. Only the HTTP layer sets it.
   */
  fromThisMachine?: () => boolean;
}

/** A session just created: the raw token goes to the client once and is never stored. */
export interface IssuedSession {
  token: string;
  session: SessionRow;
  user: UserRow;
  /** The user's last sign-in before this one (set when signInMethod recorded a new one), so a
   * sign-in held for a second factor can put it back. */
  previousSignIn?: { at: number | null; method: string | null };
}

export interface StartOptions {
  rememberMe?: boolean;
  /** The sign-in's audit event: written in the session's transaction when a webhook endpoint wants it (issue 38). */
  audit?: AuditEvent;
  impersonatedBy?: string;
  /** Seconds; overrides the configured lifetime (impersonation). */
  expiresIn?: number;
  activeOrganizationId?: string | null;
  /**
   * How the user proved who they are ("email", "username", …). When set, the session is a
   * sign-in and the user's lastSignInAt/lastSignInMethod are written in the same transaction;
   * sessions made for other reasons (impersonation, a new session after a password change) leave
   * them alone.
   */
  signInMethod?: string;
  /**
   * The credential epoch the proof was checked under (core/session/epoch.ts); default: the one on
   * `user`, which callers read before the proof. The session is issued only while it is current.
   */
  epoch?: number;
}

/** Session tokens: 32 characters from 62 (≈190 bits). */
export const SESSION_TOKEN_LENGTH = 32;

/**
 * Throws BANNED_USER while a ban is in force; clears an expired ban. Every way of signing in
 * goes through startSession, so the check cannot be forgotten by a new sign-in method.
 */
export async function assertNotBanned(app: AppContext, user: UserRow): Promise<UserRow> {
  // The directory's switch (core/user/deactivate.ts): no method signs a deactivated person in.
  if (user.deactivated) throw apiError("USER_DEACTIVATED");
  if (!user.banned) return user;
  const now = app.clock.now();
  if (user.banExpires !== null && Number(user.banExpires) <= now) {
    // The clearing and its event commit together (issue 38, audit/durability.ts): a subscriber
    // learns of every ban that ended, even if the process dies right after.
    const cleared = await app.db.transaction().execute(async (trx) => {
      const row = await updateUser(trx, user.id, { banned: 0, banReason: null, banExpires: null, updatedAt: now });
      await app.audit.recordIn(trx, { action: "user.ban-expired", targetId: user.id, targetType: "user" });
      return row;
    });
    app.audit.committed();
    return cleared ?? user;
  }
  const reason = user.banReason ?? app.config.admin.defaultBanReason;
  throw apiError("BANNED_USER", bannedMessage(reason, user.banExpires === null ? null : new Date(Number(user.banExpires))));
}

export async function startSession(app: AppContext, user: UserRow, meta: RequestMeta, options: StartOptions = {}): Promise<IssuedSession> {
  const current = options.impersonatedBy ? user : await assertNotBanned(app, user);
  const now = app.clock.now();
  const lifetime = options.expiresIn ?? (options.rememberMe === false ? app.config.session.shortExpiresIn : app.config.session.expiresIn);
  const token = randomString(SESSION_TOKEN_LENGTH);
  const session: SessionRow = {
    id: newId(),
    token: hashSecret(token),
    userId: current.id,
    expiresAt: now + lifetime * 1000,
    ipAddress: meta.ip || null,
    userAgent: meta.userAgent,
    createdAt: now,
    updatedAt: now,
    activeOrganizationId: options.activeOrganizationId ?? null,
    activeTeamId: null,
    impersonatedBy: options.impersonatedBy ?? null,
  };
  const method = options.impersonatedBy ? undefined : options.signInMethod;
  const epoch = options.epoch ?? current.credentialEpoch;
  if (epoch === undefined || epoch === null) throw new Error("startSession: the user row carries no credentialEpoch");
  await app.db.transaction().execute(async (trx) => {
    // Conditional on the epoch read before the proof: a ban, password change or revoke-all that
    // committed since makes this sign-in lose instead of outliving the change (issue 43).
    await claimEpoch(app, trx, current.id, Number(epoch), { allowBanned: options.impersonatedBy !== undefined });
    await store.insertSession(trx, session);
    if (method !== undefined) await store.recordSignIn(trx, current.id, now, method);
    if (options.audit) await app.audit.recordIn(trx, options.audit);
  });
  if (options.audit) app.audit.committed();
  if (method === undefined) return { token, session, user: current };
  const previousSignIn = { at: current.lastSignInAt == null ? null : Number(current.lastSignInAt), method: current.lastSignInMethod ?? null };
  return { token, session, user: { ...current, lastSignInAt: now, lastSignInMethod: method }, previousSignIn };
}

export interface ResolvedSession extends IssuedSession {
  /** True when this lookup extended the expiry (the cookie must be re-sent). */
  refreshed: boolean;
  /** For an impersonation session: the administrator behind it (audit events name them). */
  impersonator?: { id: string; email: string };
}

/**
 * The session a token hash names, if it may still act: unexpired, and for an impersonation session
 * an impersonator who still may impersonate (session/impersonator.ts). A session that fails either
 * is deleted on sight and answers undefined.
 */
export async function findLiveSession(app: AppContext, tokenHash: string): Promise<store.SessionAndUser | undefined> {
  const found = await store.findSessionByTokenHash(app.db, tokenHash);
  if (!found) return undefined;
  const now = app.clock.now();
  const expired = Number(found.session.expiresAt) <= now;
  if (expired || (found.session.impersonatedBy !== null && !impersonationStillAllowed(app.config, found.impersonator, found.user, now))) {
    await store.deleteSessionById(app.db, found.session.id);
    return undefined;
  }
  return found;
}

/**
 * Finds the live session for a raw token (findLiveSession: an expired session, or an
 * impersonation whose administrator lost the right, is deleted on sight). A session is
 * slid forward once it is older than `updateAge`, unless refresh is disabled.
 */
export async function resolveSession(
  app: AppContext,
  rawToken: string,
  options: { disableRefresh?: boolean } = {},
): Promise<ResolvedSession | null> {
  if (!rawToken || rawToken.length > 256) return null;
  const found = await findLiveSession(app, hashSecret(rawToken));
  if (!found) return null;
  const now = app.clock.now();
  const impersonator = found.impersonator ? { impersonator: { id: found.impersonator.id, email: found.impersonator.email } } : {};
  if (!options.disableRefresh && now > refreshDueAt(app, found.session)) {
    const next = now + app.config.session.expiresIn * 1000;
    await store.extendSession(app.db, found.session.id, next, now);
    return { token: rawToken, user: found.user, session: { ...found.session, expiresAt: next, updatedAt: now }, refreshed: true, ...impersonator };
  }
  return { token: rawToken, user: found.user, session: found.session, refreshed: false, ...impersonator };
}

/**
 * From when (ms) a lookup slides the session forward: once it is older than `updateAge`. A session
 * that never lived longer than the short lifetime is a "don't remember me" (or an impersonation)
 * session: it ends on schedule and is never slid forward (Infinity).
 */
export function refreshDueAt(app: AppContext, session: SessionRow): number {
  const { expiresIn, updateAge, shortExpiresIn } = app.config.session;
  const expiresAt = Number(session.expiresAt);
  const short = expiresAt - Number(session.createdAt) <= shortExpiresIn * 1000 || session.impersonatedBy !== null;
  return short ? Infinity : expiresAt - (expiresIn - updateAge) * 1000;
}


/** Sign-out: the session ends, and apps holding tokens from it are told (back-channel logout, issue 23). */
export async function revokeByRawToken(app: AppContext, rawToken: string): Promise<number> {
  const ended = await store.deleteSessionReturningId(app.db, hashSecret(rawToken));
  if (ended) void tellApps(app, await appsToTell(app.db, { sessionId: ended.id }));
  return ended ? 1 : 0;
}
