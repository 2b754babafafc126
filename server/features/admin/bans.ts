/**
 * Bans. Setting the flags and ending every session happen in one transaction, so no request can
 * slip through on a session that outlived the ban. The sign-in side of a ban (refusal, clearing an
 * expired ban) lives in session/service.ts `assertNotBanned`, which every sign-in path goes through.
 */
import { apiError } from "../../../shared/errors.js";
import type { AppContext } from "../../context.js";
import type { UserRow } from "../../db/types.js";
import { findUserById, updateUser } from "../../core/user/store.js";
import { requirePermission } from "../../core/admin-access.js";
import { tellApps } from "../../core/user/app-access.js";
import { banAndEndSessions, type InBan } from "./store.js";

type Actor = Pick<UserRow, "id" | "role">;

export interface BanInput {
  userId: string;
  banReason?: string;
  /** Seconds from now; absent (and no banExpiresAt) means until lifted. */
  banExpiresIn?: number;
  /** The end as an ISO instant, kept to the millisecond (what the console's date picker chose). */
  banExpiresAt?: string;
}

const MAX_BAN_MS = 100 * 365 * 24 * 3600_000;

/** When the ban ends (epoch ms), or null for a ban until lifted; bad input changes nothing. */
function banEnd(input: BanInput, now: number): number | null {
  if (input.banExpiresAt === undefined) return input.banExpiresIn ? now + Math.round(input.banExpiresIn * 1000) : null;
  const invalid = (message: string) => apiError("VALIDATION_ERROR", "Invalid body parameters", [{ path: "banExpiresAt", message }]);
  if (input.banExpiresIn !== undefined) throw invalid("give banExpiresIn or banExpiresAt, not both");
  const at = Date.parse(input.banExpiresAt);
  if (!Number.isFinite(at)) throw invalid("expected an ISO date-time");
  if (at <= now) throw invalid("must be in the future");
  if (at - now > MAX_BAN_MS) throw invalid("must be within 100 years");
  return at;
}

/** `audit` runs inside the ban's transaction (the event written there survives a crash right after it). */
export async function banUser(app: AppContext, actor: Actor, input: BanInput, audit?: InBan): Promise<{ user: UserRow; sessionsEnded: number }> {
  requirePermission(app.config, actor, { user: ["ban"] }, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
  const target = await findUserById(app.db, input.userId);
  if (!target) throw apiError("USER_NOT_FOUND");
  if (target.id === actor.id) throw apiError("YOU_CANNOT_BAN_YOURSELF");
  const now = app.clock.now();
  const banExpires = banEnd(input, now);
  const { user, sessionsEnded, appLogouts } = await banAndEndSessions(app.db, target.id, {
    banned: 1,
    banReason: input.banReason || app.config.admin.defaultBanReason,
    banExpires,
    updatedAt: now,
  }, audit);
  void tellApps(app, appLogouts);
  if (!user) throw apiError("USER_NOT_FOUND");
  return { user, sessionsEnded };
}

export async function unbanUser(app: AppContext, actor: Actor, userId: string): Promise<UserRow> {
  requirePermission(app.config, actor, { user: ["ban"] }, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS");
  const target = await findUserById(app.db, userId);
  if (!target) throw apiError("USER_NOT_FOUND");
  const user = await updateUser(app.db, userId, { banned: 0, banReason: null, banExpires: null, updatedAt: app.clock.now() });
  return user ?? target;
}
