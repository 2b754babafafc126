import { parseScopes } from "../../core/user/account-scopes.js";
import { apiError } from "../../../shared/errors.js";
import { forgetTrustedDevices } from "../../core/sign-in/second-factor.js";
import { defineHandlers, Redirect } from "../../http/handler.js";
import { withNewEpoch } from "../../core/session/epoch.js";
import { deleteOwnSessions, listSessionsOfUser } from "../../core/session/store.js";
import { toSessionInList } from "../../core/session/device.js";
import { iso } from "../../core/user/wire.js";
import { withQuery } from "../../core/verification/links.js";
import { refreshCookieCache } from "../../core/browser-cache.js";
import {
  changeEmail,
  checkDeleteToken,
  deleteWithToken,
  endingSessions,
  findOwnSession,
  listAccounts,
  requestDeletion,
  revokeOwnSession,
  unlinkAccount,
  updateProfile,
} from "./service.js";

const DELETE_LINK_ERRORS = { unauthorized: "UNAUTHORIZED", invalid_token: "INVALID_TOKEN", token_expired: "TOKEN_EXPIRED" } as const;

export const accountHandlers = defineHandlers({
  changeEmail: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      const outcome = await changeEmail(ctx.app, user, ctx.body, ctx.meta.acceptLanguage);
      if (outcome.immediate) {
        refreshCookieCache(ctx, outcome.user);
        ctx.audit({ action: "user.email-change", targetId: user.id, targetType: "user", metadata: { from: user.email, to: outcome.user.email, confirmed: false } });
      }
      return { status: true };
    }),
  updateUser: async (ctx) => {
    const { user } = ctx.auth;
    const updated = await updateProfile(ctx.app, user, ctx.body);
    refreshCookieCache(ctx, updated);
    return { status: true };
  },
  deleteUser: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      const outcome = await requestDeletion(ctx.app, auth.user, auth.session, ctx.body, ctx.meta.acceptLanguage);
      if (outcome === "mailed") return { success: true, message: "Verification email sent" as const };
      ctx.browser.forgetDevice(auth.token);
      ctx.browser.clear();
      ctx.audit({ action: "user.delete", targetId: auth.user.id, targetType: "user", metadata: { email: auth.user.email, confirmedByMail: ctx.body.token !== undefined } });
      return { success: true, message: "User deleted" as const };
    }),
  deleteUserCallback: async (ctx) =>
    ctx.change(async () => {
      const { token, callbackURL } = ctx.query;
      if (!ctx.app.config.user.deleteUserEnabled) throw apiError("DELETE_USER_DISABLED");
      // The link works only in a browser signed in as its user, so a mail scanner cannot use it.
      const auth = ctx.auth;
      const problem = auth ? await checkDeleteToken(ctx.app, auth.user.id, token) : "unauthorized";
      if (problem || !auth) {
        const code = problem ?? "unauthorized";
        if (callbackURL) return new Redirect(withQuery(callbackURL, { error: code }));
        throw apiError(DELETE_LINK_ERRORS[code]);
      }
      await deleteWithToken(ctx.app, auth.user.id, token);
      ctx.browser.forgetDevice(auth.token);
      ctx.browser.clear();
      ctx.audit({ action: "user.delete", targetId: auth.user.id, targetType: "user", metadata: { email: auth.user.email, confirmedByMail: true } });
      if (callbackURL) return new Redirect(callbackURL);
      return { success: true, message: "User deleted" as const };
    }),
  listSessions: async (ctx) => {
    const { user } = ctx.auth;
    const rows = await listSessionsOfUser(ctx.app.db, user.id, ctx.app.clock.now());
    // Sessions an administrator opened by impersonating this user are listed too, marked by
    // `impersonatedBy` (issue 27: the user sees that an administrator is signed in as them;
    // better-auth's admin plugin hides them). Only the administrator can end them.
    return rows.map(toSessionInList);
  },
  revokeSession: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      const session = await findOwnSession(ctx.app, auth.user.id, ctx.body.token);
      // An administrator's session as this user is read-only to the user; the administrator's own
      // request (from that very session) may still end it.
      if (session?.impersonatedBy && session.id !== auth.session.id) throw apiError("IMPERSONATION_SESSION_NOT_REVOCABLE");
      if (session) {
        await revokeOwnSession(ctx.app, session);
        ctx.audit({ action: "session.revoke", targetId: session.id, targetType: "session", metadata: { userId: auth.user.id } });
        if (session.id === auth.session.id) {
          ctx.browser.forgetDevice(auth.token);
          ctx.browser.clear();
        }
      }
      return { status: true };
    }),
  revokeSessions: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      // Not an administrator's session as this user; but an administrator signing out everywhere
      // ends the impersonations they started too.
      const ending = await endingSessions(ctx.app, auth.user.id);
      // Under a new credential epoch: a sign-in in flight cannot add a session after this (issue 43).
      const count = await withNewEpoch(ctx.app.db, auth.user.id, (trx) => deleteOwnSessions(trx, auth.user.id, { currentId: auth.session.id, keepCurrent: false, endImpersonations: !auth.session.impersonatedBy }));
      await ending.notifyApps();
      await forgetTrustedDevices(ctx.app, auth.user.id); // two-factor: trusted devices end with the sessions
      ctx.browser.forgetDevice(auth.token);
      ctx.browser.clear();
      ctx.audit({ action: "session.revoke-all", targetId: auth.user.id, targetType: "user", metadata: { count } });
      return { status: true };
    }),
  revokeOtherSessions: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      const ending = await endingSessions(ctx.app, auth.user.id);
      const count = await withNewEpoch(ctx.app.db, auth.user.id, (trx) => deleteOwnSessions(trx, auth.user.id, { currentId: auth.session.id, keepCurrent: true, endImpersonations: !auth.session.impersonatedBy }));
      await ending.notifyApps();
      await forgetTrustedDevices(ctx.app, auth.user.id); // two-factor: other devices must pass the second step again
      ctx.audit({ action: "session.revoke-others", targetId: auth.user.id, targetType: "user", metadata: { count } });
      return { status: true };
    }),
  listAccounts: async (ctx) => {
    const { user } = ctx.auth;
    const accounts = await listAccounts(ctx.app, user.id);
    return accounts.map((a) => ({
      id: a.id,
      providerId: a.providerId,
      accountId: a.accountId,
      userId: a.userId,
      scopes: parseScopes(a.scope),
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    }));
  },
  unlinkAccount: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      const removed = await unlinkAccount(ctx.app, user.id, ctx.body);
      ctx.audit({ action: "account.unlink", targetId: user.id, targetType: "user", metadata: { providerId: removed.providerId, accountId: removed.id } });
      return { status: true };
    }),
});
