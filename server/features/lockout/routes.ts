/** Administrator's unlock: permission, clear, audit, answer with the admin view of the user. */
import { apiError } from "../../../shared/errors.js";
import { defineHandlers } from "../../http/handler.js";
import { requirePermission } from "../../core/admin-access.js";
import { findUserById } from "../../core/user/store.js";
import { toAdminUser } from "../../core/user/wire.js";
import { isLocked, unlockAccount } from "../../core/lockout/service.js";

export const lockoutHandlers = defineHandlers({
  adminUnlockUser: async (ctx) =>
    ctx.change(async () => {
      const actor = ctx.auth.user;
      requirePermission(ctx.app.config, actor, { user: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS");
      const target = await findUserById(ctx.app.db, ctx.body.userId);
      if (!target) throw apiError("USER_NOT_FOUND");
      const wasLocked = isLocked(target, ctx.app.clock.now());
      const hadFailures = await unlockAccount(ctx.app, target);
      if (hadFailures) ctx.audit({ action: "user.unlock", targetId: target.id, targetType: "user", metadata: { wasLocked, failedSignInCount: Number(target.failedSignInCount ?? 0) } });
      const user = (await findUserById(ctx.app.db, target.id)) ?? target;
      return { user: toAdminUser(user), wasLocked };
    }),
});
