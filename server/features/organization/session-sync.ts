/** After the caller's active organization or team changes, keep the browser's cached session in step. */
import type { AuthState, BrowserSessions } from "../../http/handler.js";
import type { AppContext } from "../../context.js";
import type { SessionRow } from "../../db/types.js";
import type { Actor } from "./access.js";

interface Ctx {
  app: AppContext;
  auth: AuthState | null;
  browser: BrowserSessions;
}

/** The caller, for organization endpoints (all "session" endpoints: the session is there). */
export function actorOf(ctx: { auth: AuthState | null }): Actor {
  const auth = ctx.auth;
  if (!auth) throw new Error("organization endpoints are declared \"session\": a caller is always there");
  return { user: auth.user, session: auth.session };
}

/**
 * The session-data cookie (cookie cache) carries activeOrganizationId and activeTeamId; re-send
 * it when they change, but only to a browser that presented this session as its cookie.
 */
export function syncSession(ctx: Ctx, session: SessionRow | null): void {
  if (!session || !ctx.auth || !ctx.app.config.session.cookieCache.enabled) return;
  if (!ctx.browser.deviceTokens().includes(ctx.auth.token)) return;
  ctx.browser.refresh({ token: ctx.auth.token, session, user: ctx.auth.user });
}
