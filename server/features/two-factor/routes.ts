import { defineHandlers } from "../../http/handler.js";
import { refreshCookieCache } from "../../core/browser-cache.js";
import { requirePermission } from "../../core/admin-access.js";
import { toUser } from "../../core/user/wire.js";
import { TRUST_DEVICE_COOKIE } from "../../core/sign-in/second-factor.js";
import * as service from "./service.js";

export const twoFactorHandlers = defineHandlers({
  twoFactorEnable: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      const result = await service.enableTwoFactor(ctx.app, user, ctx.body);
      if (result.method === "otp") {
        ctx.audit({ action: "user.two-factor-enable", targetId: user.id, targetType: "user", metadata: { method: "otp" } });
        refreshCookieCache(ctx, { ...user, twoFactorEnabled: 1 });
      }
      return result;
    }),
  twoFactorDisable: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      await service.disableTwoFactor(ctx.app, user, ctx.body.password);
      ctx.browser.forgetSigned(TRUST_DEVICE_COOKIE);
      ctx.audit({ action: "user.two-factor-disable", targetId: user.id, targetType: "user" });
      refreshCookieCache(ctx, { ...user, twoFactorEnabled: 0 });
      return { status: true };
    }),
  twoFactorGetTotpUri: async (ctx) => ({ totpURI: await service.getTotpURI(ctx.app, ctx.auth.user, ctx.body.password) }),
  twoFactorVerifyTotp: async (ctx) => {
    const { token, user } = await service.verifyTotp(ctx, ctx.body);
    refreshCookieCache(ctx, user);
    return { token, user: toUser(user) };
  },
  twoFactorSendOtp: async (ctx) => {
    await service.sendOtp(ctx);
    return { status: true };
  },
  twoFactorVerifyOtp: async (ctx) => {
    const { token, user } = await service.verifyOtp(ctx, ctx.body);
    refreshCookieCache(ctx, user);
    return { token, user: toUser(user) };
  },
  twoFactorGenerateBackupCodes: async (ctx) =>
    ctx.change(async () => {
      const { user } = ctx.auth;
      const backupCodes = await service.generateBackupCodes(ctx.app, user, ctx.body.password);
      ctx.audit({ action: "user.two-factor-backup-codes", targetId: user.id, targetType: "user" });
      return { status: true as const, backupCodes };
    }),
  twoFactorVerifyBackupCode: async (ctx) => {
    const { token, user } = await service.verifyBackupCode(ctx, ctx.body);
    return { token, user: toUser(user) };
  },
  adminResetTwoFactor: async (ctx) =>
    ctx.change(async () => {
      const { user: actor } = ctx.auth;
      requirePermission(ctx.app.config, actor, { user: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS");
      const target = await service.resetTwoFactor(ctx.app, ctx.body.userId);
      ctx.audit({ action: "admin.reset-two-factor", targetId: target.id, targetType: "user", metadata: { hadTwoFactor: Boolean(target.twoFactorEnabled) } });
      return { success: true };
    }),
});
