/**
 * Latchkey extension: clear an account's brute-force lockout (docs/lockout.md). Administrators
 * see the state itself in list-users / get-user (failedSignInCount, lockedUntil). Unlocking is a
 * change to the user's state, so it needs user:update like update-user.
 */
import { z } from "zod";
import { adminUserSchema } from "./admin.js";
import { endpoint } from "./endpoint.js";

export const lockoutEndpoints = {
  adminUnlockUser: endpoint({
    method: "POST",
    path: "/admin/unlock-user",
    summary: "Latchkey extension: clear a user's failed sign-in count and lock",
    tags: ["admin"],
    access: "session",
    requires: "user:update",
    body: z.object({ userId: z.string().min(1).max(256) }).strict(),
    response: z.object({ user: adminUserSchema, wasLocked: z.boolean() }),
  }),
};
