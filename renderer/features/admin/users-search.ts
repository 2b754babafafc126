/**
 * The users table's view as URL search parameters, so a view can be bookmarked and shared.
 * Anything unknown or malformed is dropped rather than failing the page.
 */
export const USER_SORT_FIELDS = ["createdAt", "email", "name", "role", "banned", "emailVerified", "username", "updatedAt", "lastSignInAt"] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export interface UsersSearch {
  q?: string | undefined;
  field?: "email" | "name" | undefined;
  op?: "contains" | "starts_with" | "ends_with" | undefined;
  sort?: UserSortField | undefined;
  dir?: "asc" | "desc" | undefined;
  role?: string | undefined;
  banned?: boolean | undefined;
  verified?: boolean | undefined;
  /** Only users whose sign-in is locked now (account lockout). */
  locked?: boolean | undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

export function parseUsersSearch(search: Record<string, unknown>): UsersSearch {
  return {
    q: typeof search.q === "string" && search.q.trim() !== "" ? search.q.slice(0, 256) : undefined,
    field: oneOf(search.field, ["email", "name"] as const),
    op: oneOf(search.op, ["contains", "starts_with", "ends_with"] as const),
    sort: oneOf(search.sort, USER_SORT_FIELDS),
    dir: oneOf(search.dir, ["asc", "desc"] as const),
    role: typeof search.role === "string" && search.role !== "" ? search.role.slice(0, 64) : undefined,
    banned: flag(search.banned),
    verified: flag(search.verified),
    locked: flag(search.locked) === true ? true : undefined,
  };
}
