/**
 * The administration screens' server state: the users table (infinite, limit/offset pages), one
 * user's panel (profile, sessions, accounts, organizations, audit trail) and every action on
 * users. The only file in this feature that talks to the server, with users-query.ts (the
 * table's query, kept apart for the route's loader).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";
import type { UsersSearch } from "./users-search";
import { adminKeys, usersQueryOptions } from "./users-query";

export type AdminUser = Awaited<ReturnType<typeof api.adminListUsers>>["users"][number];
/** get-user's answer: an AdminUser plus the SCIM connection that provisioned them (or null). */
export type AdminUserDetail = Awaited<ReturnType<typeof api.adminGetUser>>;
export type AdminSession = Awaited<ReturnType<typeof api.adminListUserSessions>>["sessions"][number];

export function useUsers(search: UsersSearch) {
  return useInfiniteQuery({
    ...usersQueryOptions(search),
    // A new search keeps the old rows on screen until its answer arrives: no flash of empty table.
    placeholderData: keepPreviousData,
  });
}

/** One user; refetched on focus and every 10 s so ban state never goes stale in an open panel. */
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: adminKeys.user(userId),
    queryFn: () => api.adminGetUser({ id: userId }),
    refetchInterval: 10_000,
    refetchOnWindowFocus: "always",
    staleTime: 0,
  });
}

export function useUserSessions(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.sessions(userId),
    queryFn: () => api.adminListUserSessions({ userId }),
    enabled,
    refetchInterval: 15_000,
  });
}

export function useUserAccounts(userId: string, enabled: boolean) {
  return useQuery({ queryKey: adminKeys.accounts(userId), queryFn: () => api.adminListUserAccounts({ userId }), enabled });
}

export function useUserOrganizations(userId: string, enabled: boolean) {
  return useQuery({ queryKey: adminKeys.organizations(userId), queryFn: () => api.adminListUserOrganizations({ userId, limit: 50 }), enabled });
}

export function useUserAudit(userId: string, enabled: boolean) {
  return useQuery({ queryKey: adminKeys.audit(userId), queryFn: () => api.adminListAuditEvents({ targetId: userId, limit: 10 }), enabled });
}

/** After any action on a user: their panel and every users list are refetched. */
function refreshUser(queryClient: QueryClient, userId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.usersAll }),
  ]);
}

export interface BanInput {
  userId: string;
  banReason?: string | undefined;
  banExpiresIn?: number | undefined;
  banExpiresAt?: string | undefined;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; name: string; password?: string; role?: string }) => api.adminCreateUser(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.usersAll }),
  });
}

export function useSetRole(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: string) => api.adminSetRole({ userId, role }),
    // Optimistic: the panel shows the new role at once and rolls back if the server refuses.
    onMutate: async (role) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.user(userId), exact: true });
      const previous = queryClient.getQueryData<AdminUser>(adminKeys.user(userId));
      if (previous) queryClient.setQueryData<AdminUser>(adminKeys.user(userId), { ...previous, role });
      return { previous };
    },
    onError: (_error, _role, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.user(userId), context.previous);
    },
    onSettled: () => refreshUser(queryClient, userId),
  });
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BanInput) => api.adminBanUser(input),
    onSettled: (_data, _error, input) =>
      Promise.all([refreshUser(queryClient, input.userId), queryClient.invalidateQueries({ queryKey: adminKeys.sessions(input.userId) })]),
  });
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.adminUnbanUser({ userId }),
    onSettled: (_data, _error, userId) => refreshUser(queryClient, userId),
  });
}

/** Clears a user's failed sign-in count and lock (Latchkey's /admin/unlock-user). */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.adminUnlockUser({ userId }),
    onSettled: (_data, _error, userId) => refreshUser(queryClient, userId),
  });
}

export function useRevokeSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionToken: string) => api.adminRevokeUserSession({ sessionToken }),
    // Optimistic: the row leaves the list at once and comes back if the server refuses.
    onMutate: async (sessionToken) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.sessions(userId) });
      const previous = queryClient.getQueryData<{ sessions: AdminSession[] }>(adminKeys.sessions(userId));
      if (previous) queryClient.setQueryData(adminKeys.sessions(userId), { sessions: previous.sessions.filter((s) => s.token !== sessionToken) });
      return { previous };
    },
    onError: (_error, _token, context) => {
      if (context?.previous) queryClient.setQueryData(adminKeys.sessions(userId), context.previous);
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.sessions(userId) }), refreshUser(queryClient, userId)]),
  });
}

export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.adminRevokeUserSessions({ userId }),
    onSettled: (_data, _error, userId) => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.sessions(userId) }), refreshUser(queryClient, userId)]),
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.adminRemoveUser({ userId }),
    onSuccess: (_data, userId) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(userId) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.usersAll });
    },
  });
}

export function useSetUserPassword(userId: string) {
  return useMutation({
    mutationFn: (newPassword: string) => api.adminSetUserPassword({ userId, newPassword }),
  });
}

export function useImpersonateUser() {
  return useMutation({
    mutationFn: (userId: string) => api.adminImpersonateUser({ userId }),
  });
}

/** The raw calls for bulk actions, which run many at a time and report per row. */
export const bulkCalls = {
  ban: (userId: string, ban: Omit<BanInput, "userId">) => api.adminBanUser({ userId, ...ban }),
  unban: (userId: string) => api.adminUnbanUser({ userId }),
  revoke: (userId: string) => api.adminRevokeUserSessions({ userId }),
  remove: (userId: string) => api.adminRemoveUser({ userId }),
};

export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** Reset a user's two-factor (a lost phone): secret, backup codes and trusted devices go. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.adminResetTwoFactor({ userId }),
    onSettled: (_data, _error, userId) => queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) }),
  });
}

const userApiKeysKey = (userId: string) => ["admin", "user", userId, "api-keys"] as const;

/** A user's API keys, for administrators who may list sessions. */
export function useUserApiKeys(userId: string, enabled: boolean) {
  return useQuery({ queryKey: userApiKeysKey(userId), queryFn: () => api.adminListUserApiKeys({ userId }), enabled });
}

export function useRevokeUserApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.adminRevokeUserApiKey({ keyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userApiKeysKey(userId) }),
  });
}
