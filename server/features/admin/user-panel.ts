/**
 * What an administrator's user panel shows besides the user: linked accounts and organization
 * memberships. Both need `user:get`, like get-user; an unknown user is USER_NOT_FOUND.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { findUserById } from "../../core/user/store.js";
import { requirePermission } from "../../core/admin-access.js";
import { countMembershipsOfUser, listAccountsOfUser, listMembershipsOfUser } from "./store.js";

type Actor = Pick<UserRow, "id" | "role">;

export const USER_ORGANIZATIONS_DEFAULT_LIMIT = 100;

async function requireUser(app: AppContext, actor: Actor, userId: string): Promise<void> {
  requirePermission(app.config, actor, { user: ["get"] }, "YOU_ARE_NOT_ALLOWED_TO_GET_USER");
  if (!(await findUserById(app.db, userId))) throw apiError("USER_NOT_FOUND");
}

export async function listUserAccounts(app: AppContext, actor: Actor, userId: string) {
  await requireUser(app, actor, userId);
  return listAccountsOfUser(app.db, userId);
}

export async function listUserOrganizations(app: AppContext, actor: Actor, userId: string, page: { limit?: number; offset?: number }) {
  await requireUser(app, actor, userId);
  const limit = page.limit ?? USER_ORGANIZATIONS_DEFAULT_LIMIT;
  const offset = page.offset ?? 0;
  const rows = await listMembershipsOfUser(app.db, userId, limit, offset);
  // A short first page is the whole answer; otherwise count (member_userId_idx).
  const total = offset === 0 && rows.length < limit ? rows.length : await countMembershipsOfUser(app.db, userId);
  return { rows, total };
}
