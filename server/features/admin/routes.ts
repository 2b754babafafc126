/** Administration handlers: input → service → wire answer, and the audit event of each action. */
import { toSessionInList } from "../../core/session/device.js";
import { apiError } from "../../../shared/errors.js";
import { forgetTrustedDevices } from "../../core/sign-in/second-factor.js";
import { checkAdminPermission } from "../../../shared/permissions.js";
import { defineHandlers } from "../../http/handler.js";
import { findUserById } from "../../core/user/store.js";
import { iso, toAdminUser, toSession, toUser } from "../../core/user/wire.js";
import { provisionedBy } from "../../core/user/provisioned-by.js";
import { parseScopes } from "../../core/user/account-scopes.js";
import { can, policyOf } from "../../core/admin-access.js";
import { banUser, unbanUser } from "./bans.js";
import { impersonate, stopImpersonating } from "./impersonation.js";
import { myPermissions } from "./my-permissions.js";
import { exportUsers, importUsers } from "./import-export.js";
import { listUserSessions, revokeUserSession, revokeUserSessions } from "./sessions.js";
import { listUserAccounts, listUserOrganizations } from "./user-panel.js";
import { createUser, getUser, listUsers, removeUserAsAdmin, setRole, setUserPassword, updateUserAsAdmin } from "./users.js";

export const adminHandlers = defineHandlers({
  adminHasPermission: async (ctx) => {
    const { user } = ctx.auth;
    const { userId, role } = ctx.body;
    const request = (ctx.body.permissions ?? ctx.body.permission) as Record<string, string[]>;
    let subject: { id: string; role: string | null } = user;
    if (role !== undefined || (userId !== undefined && userId !== user.id)) {
      // Asking about someone else is an administrator's question.
      if (!can(ctx.app.config, user, { user: ["get"] })) throw apiError("YOU_ARE_NOT_ALLOWED_TO_GET_USER");
      if (role !== undefined) subject = { id: userId ?? "", role };
      else {
        const other = await findUserById(ctx.app.db, userId as string);
        if (!other) throw apiError("USER_NOT_FOUND");
        subject = other;
      }
    }
    const result = checkAdminPermission(policyOf(ctx.app.config), subject, request);
    if (!result.success && result.code === "ONE_RESOURCE_AT_A_TIME") throw apiError("ONE_RESOURCE_AT_A_TIME");
    return { error: null, success: result.success };
  },
  adminMyPermissions: async (ctx) => myPermissions(ctx.app.config, ctx.auth.user, ctx.auth.kind),
  adminCreateUser: async (ctx) =>
    ctx.change(async () => {
      const actor = ctx.auth.user;
      const user = await createUser(ctx.app, actor, ctx.body);
      ctx.audit({ action: "user.create", targetId: user.id, targetType: "user", metadata: { email: user.email, role: user.role, withPassword: ctx.body.password !== undefined } });
      return { user: toUser(user) };
    }),
  adminListUsers: async (ctx) => {
    const result = await listUsers(ctx.app, ctx.auth.user, ctx.query);
    return { users: result.users.map(toAdminUser), total: result.total, limit: result.limit, offset: result.offset };
  },
  adminGetUser: async (ctx) => {
    const row = await getUser(ctx.app, ctx.auth.user, ctx.query.id);
    return { ...toAdminUser(row), provisionedBy: await provisionedBy(ctx.app.db, row.id) };
  },
  adminListUserAccounts: async (ctx) => {
    const rows = await listUserAccounts(ctx.app, ctx.auth.user, ctx.query.userId);
    return {
      accounts: rows.map((row) => {
        const scopes = parseScopes(row.scope);
        return { id: row.id, providerId: row.providerId, accountId: row.accountId, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt), ...(scopes.length > 0 ? { scopes } : {}) };
      }),
    };
  },
  adminListUserOrganizations: async (ctx) => {
    const { rows, total } = await listUserOrganizations(ctx.app, ctx.auth.user, ctx.query.userId, ctx.query);
    return { organizations: rows.map((row) => ({ id: row.id, name: row.name, slug: row.slug, logo: row.logo, role: row.role, memberId: row.memberId, joinedAt: iso(row.joinedAt) })), total };
  },
  adminUpdateUser: async (ctx) =>
    ctx.change(async () => {
      const actor = ctx.auth.user;
      const { user, before, fields, sessionsEnded } = await updateUserAsAdmin(ctx.app, actor, ctx.body.userId, ctx.body.data);
      ctx.audit({ action: "user.update", targetId: user.id, targetType: "user", metadata: { fields } });
      if (before.role !== user.role) ctx.audit({ action: "user.role-change", targetId: user.id, targetType: "user", metadata: { from: before.role, to: user.role, ...(sessionsEnded > 0 && user.banned === before.banned ? { sessionsEnded } : {}) } });
      if (!before.banned && user.banned) ctx.audit({ action: "user.ban", targetId: user.id, targetType: "user", reason: user.banReason, metadata: { sessionsEnded, via: "update-user" } });
      if (before.banned && !user.banned) ctx.audit({ action: "user.unban", targetId: user.id, targetType: "user", metadata: { via: "update-user" } });
      return toUser(user);
    }),
  adminSetRole: async (ctx) =>
    ctx.change(async () => {
      const { user, previous, sessionsEnded } = await setRole(ctx.app, ctx.auth.user, ctx.body.userId, ctx.body.role);
      ctx.audit({ action: "user.role-change", targetId: user.id, targetType: "user", metadata: { from: previous, to: user.role, ...(sessionsEnded > 0 ? { sessionsEnded } : {}) } });
      return { user: toUser(user) };
    }),
  adminSetUserPassword: async (ctx) =>
    ctx.change(async () => {
      const { created } = await setUserPassword(ctx.app, ctx.auth.user, ctx.body.userId, ctx.body.newPassword);
      ctx.audit({ action: "user.password-set", targetId: ctx.body.userId, targetType: "user", metadata: { accountCreated: created } });
      return { status: true };
    }),
  adminRemoveUser: async (ctx) =>
    ctx.change(async () => {
      const removed = await removeUserAsAdmin(ctx.app, ctx.auth.user, ctx.body.userId);
      ctx.audit({ action: "user.remove", targetId: removed.id, targetType: "user", metadata: { email: removed.email } });
      return { success: true };
    }),
  adminBanUser: async (ctx) => {
    // The event is written in the ban's own transaction: a webhook for it survives a crash right after the commit.
    const { user } = await banUser(ctx.app, ctx.auth.user, ctx.body, async (trx, done) => {
      if (done.user) await ctx.auditIn(trx, { action: "user.ban", targetId: done.user.id, targetType: "user", reason: done.user.banReason, metadata: { banExpires: done.user.banExpires, sessionsEnded: done.sessionsEnded } });
    });
    return { user: toUser(user) };
  },
  adminUnbanUser: async (ctx) =>
    ctx.change(async () => {
      const user = await unbanUser(ctx.app, ctx.auth.user, ctx.body.userId);
      ctx.audit({ action: "user.unban", targetId: user.id, targetType: "user" });
      return { user: toUser(user) };
    }),
  adminImpersonateUser: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      const issued = await impersonate(ctx.app, auth, ctx.body.userId, ctx.meta);
      const rememberMe = !ctx.browser.dontRemember();
      ctx.browser.stashAdmin(auth.token);
      ctx.browser.issue(issued, { rememberMe });
      ctx.audit({
        action: "user.impersonate-start",
        targetId: issued.user.id,
        targetType: "user",
        // By email too: the audit still names who it was after the administrator is deleted.
        metadata: { sessionId: issued.session.id, expiresAt: new Date(Number(issued.session.expiresAt)).toISOString(), impersonatorEmail: auth.user.email, targetEmail: issued.user.email },
      });
      return { session: toSession(issued.session, issued.token), user: toUser(issued.user) };
    }),
  adminStopImpersonating: async (ctx) =>
    ctx.change(async () => {
      const auth = ctx.auth;
      if (!auth.session.impersonatedBy) throw apiError("NOT_IMPERSONATING");
      const { admin, restored } = await stopImpersonating(ctx.app, auth, ctx.browser.takeAdmin());
      ctx.browser.forgetDevice(auth.token);
      if (restored) ctx.browser.issue(restored, { rememberMe: !ctx.browser.dontRemember() });
      else ctx.browser.clear();
      ctx.audit({ action: "user.impersonate-stop", actorId: admin.id, targetId: auth.user.id, targetType: "user", metadata: { sessionId: auth.session.id, restored: Boolean(restored), impersonatorEmail: admin.email } });
      return { session: restored ? toSession(restored.session, restored.token) : null, user: toUser(admin) };
    }),
  adminListUserSessions: async (ctx) => {
    const sessions = await listUserSessions(ctx.app, ctx.auth.user, ctx.body.userId);
    return { sessions: sessions.map(toSessionInList) };
  },
  adminRevokeUserSession: async (ctx) =>
    ctx.change(async () => {
      const ended = await revokeUserSession(ctx.app, ctx.auth.user, ctx.body.sessionToken);
      if (ended) ctx.audit({ action: "session.revoke", targetId: ended.id, targetType: "session", metadata: { userId: ended.userId } });
      // better-auth answers success for an unknown handle too; `revoked` tells the two apart.
      return { success: true, revoked: Boolean(ended) };
    }),
  adminRevokeUserSessions: async (ctx) =>
    ctx.change(async () => {
      const count = await revokeUserSessions(ctx.app, ctx.auth.user, ctx.body.userId);
      await forgetTrustedDevices(ctx.app, ctx.body.userId); // two-factor: trusted devices end with the sessions
      ctx.audit({ action: "session.revoke-all", targetId: ctx.body.userId, targetType: "user", metadata: { count } });
      return { success: true };
    }),
  adminImportUsers: async (ctx) => {
    // Each user is its own change: the user and its user.import event commit together, one by one
    // (a bulk import is not all or nothing, and no transaction is held across the whole list).
    const results = await importUsers(ctx.app, ctx.auth.user, ctx.body.users, {
      dryRun: ctx.body.dryRun,
      each: (work) =>
        ctx.change(async (app) => {
          const user = await work(app);
          if (user.id !== undefined) ctx.audit({ action: "user.import", targetId: user.id, targetType: "user", metadata: { email: user.email } });
          return user;
        }),
    });
    return { results };
  },
  adminExportUsers: async (ctx) => {
    const { rows, nextCursor } = await exportUsers(ctx.app, ctx.auth.user, ctx.query.cursor, ctx.query.limit);
    ctx.audit({ action: "user.export", metadata: { count: rows.length, cursor: ctx.query.cursor ?? null } });
    return { users: rows.map((row) => ({ ...toUser(row), passwordHash: row.passwordHash })), nextCursor };
  },
});
