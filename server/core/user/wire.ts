/** Row → wire conversions for users, sessions and accounts: the one place that knows both shapes. */
import type { AdminUser } from "../../../shared/contract/admin.js";
import type { Session, User } from "../../../shared/contract/schemas.js";
import type { SessionRow, UserRow } from "../../db/types.js";
import { isLanguageTag } from "../../../shared/languages.js";
import { userFieldsOutput } from "./additional-fields.js";

export const iso = (ms: number | string | bigint): string => new Date(Number(ms)).toISOString();
export const isoOrNull = (ms: number | string | bigint | null): string | null => (ms === null ? null : iso(ms));

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: Boolean(row.emailVerified),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    role: row.role,
    banned: Boolean(row.banned),
    banReason: row.banReason,
    banExpires: isoOrNull(row.banExpires),
    username: row.username,
    displayUsername: row.displayUsername,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    language: isLanguageTag(row.language) ? row.language : null,
    // Configured user.additionalFields, top-level as better-auth returns them (none by default).
    ...userFieldsOutput(row.additionalFields),
  };
}

/** The administrator's view of a user: the user plus the last sign-in (admin list-users, get-user). */
export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), lastSignInAt: isoOrNull(row.lastSignInAt ?? null), lastSignInMethod: row.lastSignInMethod ?? null, failedSignInCount: Number(row.failedSignInCount ?? 0), lockedUntil: isoOrNull(row.lockedUntil ?? null) };
}

/** `token` is what the caller may see: the credential itself on get-session, else the handle. */
export function toSession(row: SessionRow, token: string = row.token): Session {
  return {
    id: row.id,
    token,
    userId: row.userId,
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    activeOrganizationId: row.activeOrganizationId,
    activeTeamId: row.activeTeamId,
    impersonatedBy: row.impersonatedBy,
  };
}
