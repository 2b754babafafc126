/**
 * The users table's query, on its own so the route's loader can start the first page without
 * waiting for the admin code to download (it is small and shares only modules the shell already
 * loads). queries.ts re-exports everything here; components import from there.
 */
import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { checkAdminPermission } from "../../../shared/permissions";
import { api } from "../../app/api";
import { sessionKey, type SessionData } from "../../app/session";
import type { UsersSearch } from "./users-search";
import { serverNow } from "../../ui/server-clock";

export const USERS_PAGE_SIZE = 100;

export const adminKeys = {
  all: ["admin"] as const,
  users: (search: UsersSearch) => ["admin", "users", search] as const,
  usersAll: ["admin", "users"] as const,
  user: (id: string) => ["admin", "user", id] as const,
  sessions: (id: string) => ["admin", "user", id, "sessions"] as const,
  accounts: (id: string) => ["admin", "user", id, "accounts"] as const,
  organizations: (id: string) => ["admin", "user", id, "organizations"] as const,
  audit: (id: string) => ["admin", "user", id, "audit"] as const,
};

type ListUsersQuery = Parameters<typeof api.adminListUsers>[0];

/** The table's URL view → list-users parameters. The server takes one filter per call. */
export function listParams(search: UsersSearch): NonNullable<ListUsersQuery> {
  const params: NonNullable<ListUsersQuery> = {};
  if (search.q) {
    params.searchValue = search.q;
    params.searchField = search.field ?? "email";
    params.searchOperator = search.op ?? "contains";
  }
  params.sortBy = search.sort ?? "createdAt";
  params.sortDirection = search.dir ?? (search.sort ? "asc" : "desc");
  if (search.banned !== undefined) {
    params.filterField = "banned";
    params.filterValue = search.banned;
    params.filterOperator = "eq";
  } else if (search.verified !== undefined) {
    params.filterField = "emailVerified";
    params.filterValue = search.verified;
    params.filterOperator = "eq";
  } else if (search.locked) {
    // Locked now: the lock ends in the future (read when the page is fetched).
    params.filterField = "lockedUntil";
    params.filterValue = serverNow();
    params.filterOperator = "gt";
  } else if (search.role) {
    params.filterField = "role";
    params.filterValue = search.role;
    params.filterOperator = "eq";
  }
  return params;
}

/** The users table's query: the same key and options for the page's hook and the route's loader. */
export function usersQueryOptions(search: UsersSearch) {
  return infiniteQueryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ pageParam, signal }) => api.adminListUsers({ ...listParams(search), limit: USERS_PAGE_SIZE, offset: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.users.length, 0);
      return last.users.length === USERS_PAGE_SIZE && loaded < last.total ? loaded : undefined;
    },
    staleTime: 10_000,
  });
}

/**
 * Called by the route's loader: the first page of the table is asked for while the page's code
 * is still loading (only for someone allowed to list users; the page shows "not allowed" otherwise).
 */
export function prefetchUsers(queryClient: QueryClient, search: UsersSearch): void {
  const session = queryClient.getQueryData<SessionData | null>(sessionKey);
  if (!session || !checkAdminPermission({}, { id: session.user.id, role: session.user.role }, { user: ["list"] }).success) return;
  void queryClient.prefetchInfiniteQuery(usersQueryOptions(search));
}
