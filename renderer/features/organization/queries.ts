/**
 * Server state of the organization screens: the only file here that talks to the API (with
 * route-queries.ts, the queries the routes' loaders start). Keys:
 * ["organizations"] (the caller's list, shared with the command palette),
 * ["organization", id, …] (one organization's details, role, members, invitations, teams),
 * ["my-invitations"] and ["invitation", id].
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { MemberWithUser } from "../../../shared/contract/organization";
import { api } from "../../app/api";
import { toastError } from "../../ui/errors";
import { sessionKey } from "../../app/session";
import { fullOrganizationQuery, membersPageQuery, organizationKeys, roleQuery } from "./route-queries";
import { isOwner } from "./shared";

export { MEMBERS_PAGE_SIZE } from "./route-queries";

// --- organizations ---------------------------------------------------------------------------

export function useOrganizations() {
  return useQuery({ queryKey: organizationKeys.list, queryFn: () => api.listOrganizations() });
}

/** The caller's role in each listed organization (one small request each; people belong to few). */
export function useRoles(organizationIds: string[]) {
  return useQueries({
    queries: organizationIds.map((organizationId) => roleQuery(organizationId)),
  });
}

export function useRole(organizationId: string) {
  return useQuery(roleQuery(organizationId));
}

export function useFullOrganization(organizationId: string) {
  return useQuery(fullOrganizationQuery(organizationId));
}

/** Whether a slug is free: true, false (taken), or undefined while unknown. */
export function useSlugAvailable(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ["organization-slug", slug],
    queryFn: async () => {
      try {
        return (await api.checkOrganizationSlug({ slug })).status;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "ORGANIZATION_SLUG_ALREADY_TAKEN" || code === "SLUG_IS_TAKEN") return false;
        throw error;
      }
    },
    enabled: enabled && slug.length > 0,
    staleTime: 5_000,
    retry: false,
  });
}

async function refreshAfterActiveChange(queryClient: QueryClient) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: sessionKey }), queryClient.invalidateQueries({ queryKey: organizationKeys.list })]);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; slug: string; logo?: string | null }) => api.createOrganization(input),
    onSuccess: async () => {
      await refreshAfterActiveChange(queryClient);
    },
  });
}

export function useSetActiveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => api.setActiveOrganization({ organizationId }),
    onSuccess: async () => {
      await refreshAfterActiveChange(queryClient);
    },
    onError: toastError,
  });
}

export function useUpdateOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: { name: string; slug: string; logo: string | null; metadata: Record<string, unknown> }) => api.updateOrganization({ organizationId, data }),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationKeys.full(organizationId), (old: Awaited<ReturnType<typeof api.getFullOrganization>> | undefined) =>
        old ? { ...old, ...organization } : old,
      );
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list });
    },
  });
}

/**
 * Leaving or deleting: the list and session refresh; the organization's own queries are marked
 * stale without refetching (the screen is about to leave them), so a return refetches and shows the refusal.
 */
function useGone(organizationId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: organizationKeys.all(organizationId), refetchType: "none" });
    await refreshAfterActiveChange(queryClient);
  };
}

export function useLeaveOrganization(organizationId: string) {
  const gone = useGone(organizationId);
  return useMutation({ mutationFn: () => api.leaveOrganization({ organizationId }), onSuccess: gone });
}

export function useDeleteOrganization(organizationId: string) {
  const gone = useGone(organizationId);
  return useMutation({ mutationFn: () => api.deleteOrganization({ organizationId }), onSuccess: gone });
}

// --- members ---------------------------------------------------------------------------------

export type MembersPage = Awaited<ReturnType<typeof api.listOrganizationMembers>>;

export function useMembersPage(organizationId: string, search: string, page: number) {
  return useQuery({ ...membersPageQuery(organizationId, search, page), placeholderData: keepPreviousData });
}

/**
 * How many owners the organization has (up to 100 looked at): the only owner cannot leave, so the
 * console disables Leave and says why instead of letting the server refuse. Under the members key,
 * so role changes and removals refresh it.
 */
export function useOwnerCount(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...organizationKeys.members(organizationId), "owners"],
    queryFn: async ({ signal }) => {
      const page = await api.listOrganizationMembers({ organizationId, limit: 100, filterField: "role", filterOperator: "contains", filterValue: "owner" }, { signal });
      return page.members.filter((member) => isOwner(member.role)).length;
    },
    enabled,
  });
}

/** A few members matching a search, for pickers (add to team). */
export function useMemberSearch(organizationId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: organizationKeys.memberSearch(organizationId, search),
    queryFn: ({ signal }) =>
      api.listOrganizationMembers({ organizationId, limit: 10, ...(search ? { searchValue: search, searchOperator: "contains" as const } : {}) }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Names and emails for a list of user ids (team members carry only ids). */
export function useMembersByUser(organizationId: string, userIds: string[]) {
  return useQueries({
    queries: userIds.map((userId) => ({
      queryKey: organizationKeys.memberByUser(organizationId, userId),
      queryFn: async (): Promise<MemberWithUser | null> =>
        (await api.listOrganizationMembers({ organizationId, filterField: "userId", filterValue: userId, filterOperator: "eq", limit: 1 })).members[0] ?? null,
      staleTime: 60_000,
    })),
  });
}

export function useUpdateMemberRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { memberId: string; role: string }) => api.updateOrganizationMemberRole({ organizationId, memberId: input.memberId, role: input.role }),
    // Optimistic: every cached page shows the new role at once; rolled back if the server refuses.
    onMutate: async ({ memberId, role }) => {
      await queryClient.cancelQueries({ queryKey: organizationKeys.members(organizationId) });
      const previous = queryClient.getQueriesData<MembersPage>({ queryKey: organizationKeys.members(organizationId) });
      queryClient.setQueriesData<MembersPage>({ queryKey: organizationKeys.members(organizationId) }, (old) =>
        old ? { ...old, members: old.members.map((member) => (member.id === memberId ? { ...member, role } : member)) } : old,
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toastError(error);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.role(organizationId) }),
      ]);
    },
  });
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.removeOrganizationMember({ organizationId, memberIdOrEmail: memberId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all(organizationId) });
    },
  });
}

// --- invitations -----------------------------------------------------------------------------

export function useInvitations(organizationId: string, enabled: boolean) {
  return useQuery({ queryKey: organizationKeys.invitations(organizationId), queryFn: () => api.listInvitations({ organizationId }), enabled });
}

export interface InviteInput {
  email: string;
  role: string;
  teamId?: string | string[] | undefined;
  resend?: boolean;
}

export function useInvite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      api.inviteOrganizationMember({
        organizationId,
        email: input.email,
        role: input.role,
        ...(input.teamId && input.teamId.length > 0 ? { teamId: input.teamId } : {}),
        ...(input.resend ? { resend: true } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) });
    },
  });
}

export function useCancelInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.cancelInvitation({ invitationId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) });
    },
    onError: toastError,
  });
}

export function useMyInvitations() {
  return useQuery({ queryKey: organizationKeys.myInvitations, queryFn: () => api.listUserInvitations() });
}

export function useInvitation(invitationId: string) {
  return useQuery({ queryKey: organizationKeys.invitation(invitationId), queryFn: () => api.getInvitation({ id: invitationId }) });
}

/** The signed-out view of an invitation link (public; the id is the mail's capability). No retries: a dead link stays dead. */
export function useInvitationPreview(invitationId: string) {
  return useQuery({ queryKey: ["invitation-preview", invitationId], queryFn: () => api.previewInvitation({ id: invitationId }), retry: false });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.acceptInvitation({ invitationId }),
    onSuccess: async () => {
      await Promise.all([refreshAfterActiveChange(queryClient), queryClient.invalidateQueries({ queryKey: organizationKeys.myInvitations })]);
    },
  });
}

export function useRejectInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.rejectInvitation({ invitationId }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.myInvitations });
    },
  });
}

// --- teams -----------------------------------------------------------------------------------

export function useTeams(organizationId: string) {
  return useQuery({ queryKey: organizationKeys.teams(organizationId), queryFn: () => api.listTeams({ organizationId }) });
}

function useTeamsInvalidation(organizationId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: organizationKeys.teams(organizationId) });
  };
}

export function useCreateTeam(organizationId: string) {
  const invalidate = useTeamsInvalidation(organizationId);
  return useMutation({ mutationFn: (name: string) => api.createTeam({ organizationId, name }), onSuccess: invalidate });
}

export function useRenameTeam(organizationId: string) {
  const invalidate = useTeamsInvalidation(organizationId);
  return useMutation({ mutationFn: (input: { teamId: string; name: string }) => api.updateTeam({ teamId: input.teamId, data: { name: input.name, organizationId } }), onSuccess: invalidate });
}

export function useRemoveTeam(organizationId: string) {
  const invalidate = useTeamsInvalidation(organizationId);
  return useMutation({ mutationFn: (teamId: string) => api.removeTeam({ organizationId, teamId }), onSuccess: invalidate });
}

export function useTeamMembers(organizationId: string, teamId: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.teamMembers(organizationId, teamId ?? ""),
    queryFn: () => api.listTeamMembers({ teamId: teamId as string }),
    enabled: Boolean(teamId),
  });
}

export function useAddTeamMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { teamId: string; userId: string }) => api.addTeamMember({ organizationId, teamId: input.teamId, userId: input.userId }),
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.teamMembers(organizationId, input.teamId) });
    },
  });
}

export function useRemoveTeamMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { teamId: string; userId: string }) => api.removeTeamMember({ organizationId, teamId: input.teamId, userId: input.userId }),
    onSuccess: async (_result, input) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.teamMembers(organizationId, input.teamId) });
    },
    onError: toastError,
  });
}
