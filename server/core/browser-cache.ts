/**
 * After a change to the signed-in user (profile, email, verification), the signed session-data
 * cookie (cookie cache) would keep answering the old user until it expires: re-issue it. Only
 * browsers that hold the cache get a new one; bearer clients have nothing to refresh.
 */
import type { UserRow } from "../db/types.js";
import type { AuthState, BrowserSessions } from "../http/handler.js";

export function refreshCookieCache(ctx: { auth: AuthState | null; browser: BrowserSessions }, user: UserRow): void {
  if (!ctx.auth || ctx.auth.user.id !== user.id) return;
  if (!ctx.browser.readCache()) return;
  ctx.browser.refresh({ token: ctx.auth.token, session: ctx.auth.session, user });
}
