/**
 * The queries the organization routes' loaders start (the layout's organization and role, a page
 * of members), on their own so a loader need not wait for the organization screens' code to
 * download. queries.ts re-exports what the screens use.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";

export const MEMBERS_PAGE_SIZE = 50;

export const organizationKeys = {
  list: ["organizations"] as const,
  all: (organizationId: string) => ["organization", organizationId] as const,
  full: (organizationId: string) => ["organization", organizationId, "full"] as const,
  role: (organizationId: string) => ["organization", organizationId, "role"] as const,
  members: (organizationId: string) => ["organization", organizationId, "members"] as const,
  membersPage: (organizationId: string, search: string, page: number) => ["organization", organizationId, "members", { search, page }] as const,
  memberSearch: (organizationId: string, search: string) => ["organization", organizationId, "member-search", search] as const,
  memberByUser: (organizationId: string, userId: string) => ["organization", organizationId, "member-by-user", userId] as const,
  invitations: (organizationId: string) => ["organization", organizationId, "invitations"] as const,
  teams: (organizationId: string) => ["organization", organizationId, "teams"] as const,
  teamMembers: (organizationId: string, teamId: string) => ["organization", organizationId, "team-members", teamId] as const,
  myInvitations: ["my-invitations"] as const,
  invitation: (invitationId: string) => ["invitation", invitationId] as const,
};

export function roleQuery(organizationId: string) {
  return queryOptions({
    queryKey: organizationKeys.role(organizationId),
    queryFn: async () => (await api.getActiveMemberRole({ organizationId })).role,
    staleTime: 30_000,
  });
}

export function fullOrganizationQuery(organizationId: string) {
  return queryOptions({
    queryKey: organizationKeys.full(organizationId),
    // The layout only needs the organization itself; members are paged on their own screen.
    queryFn: () => api.getFullOrganization({ organizationId, membersLimit: 1 }),
  });
}

/** Called by the organization route's loader: the layout's queries leave while the code loads. */
export function prefetchOrganization(queryClient: QueryClient, organizationId: string): void {
  void queryClient.prefetchQuery(fullOrganizationQuery(organizationId));
  void queryClient.prefetchQuery(roleQuery(organizationId));
}

export function membersPageQuery(organizationId: string, search: string, page: number) {
  return queryOptions({
    queryKey: organizationKeys.membersPage(organizationId, search, page),
    queryFn: ({ signal }) =>
      api.listOrganizationMembers(
        {
          organizationId,
          limit: MEMBERS_PAGE_SIZE,
          offset: (page - 1) * MEMBERS_PAGE_SIZE,
          ...(search ? { searchValue: search, searchOperator: "contains" as const } : {}),
        },
        { signal },
      ),
  });
}

/**
 * Called by the members route's loader, beside the layout's: the page of members leaves at once
 * instead of after the layout has its organization and role. Same key as the page's own query.
 */
export function prefetchMembersPage(queryClient: QueryClient, organizationId: string, search: string, page: number): void {
  void queryClient.prefetchQuery(membersPageQuery(organizationId, search, page));
}
