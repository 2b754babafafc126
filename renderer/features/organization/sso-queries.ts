/**
 * Server state of the organization's "Single sign-on" tab: its identity providers (issue 35) and
 * its SCIM connections (issue 36). Keys: ["organization", id, "sso"] and ["organization", id, "scim"].
 * The provider list is the caller's (`/sso/providers`), narrowed to this organization.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { contract } from "../../../shared/contract/index";
import { api } from "../../app/api";

export type RegisterProviderBody = z.infer<(typeof contract)["registerSSOProvider"]["body"]>;
export type UpdateProviderBody = z.infer<(typeof contract)["updateSSOProvider"]["body"]>;

const ssoKey = (organizationId: string) => ["organization", organizationId, "sso"] as const;
const scimKey = (organizationId: string) => ["organization", organizationId, "scim"] as const;

export function useSsoProviders(organizationId: string) {
  return useQuery({
    queryKey: ssoKey(organizationId),
    queryFn: async () => (await api.listSSOProviders()).providers.filter((provider) => provider.organizationId === organizationId),
    retry: false,
  });
}

function useSsoMutation<Input, Output>(organizationId: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKey(organizationId) }) });
}

export const useRegisterProvider = (organizationId: string) => useSsoMutation(organizationId, (body: RegisterProviderBody) => api.registerSSOProvider(body));
export const useUpdateProvider = (organizationId: string) => useSsoMutation(organizationId, (body: UpdateProviderBody) => api.updateSSOProvider(body));
export const useDeleteProvider = (organizationId: string) => useSsoMutation(organizationId, (providerId: string) => api.deleteSSOProvider({ providerId }));
export const useVerifyDomain = (organizationId: string) => useSsoMutation(organizationId, (providerId: string) => api.verifyDomain({ providerId }));
export const useMarkDomainVerified = (organizationId: string) => useSsoMutation(organizationId, (providerId: string) => api.markSSODomainVerified({ providerId }));

/** The TXT record(s) to publish; asking again answers the same token until it expires. */
export function useVerificationRecords(providerId: string | null) {
  return useQuery({
    queryKey: ["sso-verification", providerId],
    queryFn: () => api.requestDomainVerification({ providerId: providerId! }),
    enabled: providerId !== null,
    retry: false,
  });
}

export function useScimConnections(organizationId: string) {
  return useQuery({ queryKey: scimKey(organizationId), queryFn: () => api.scimListConnections({ organizationId }), retry: false });
}

function useScimMutation<Input, Output>(organizationId: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: scimKey(organizationId) }) });
}

export const useCreateScimToken = (organizationId: string) => useScimMutation(organizationId, (name: string) => api.scimCreateToken({ organizationId, name }));
export const useRevokeScimToken = (organizationId: string) => useScimMutation(organizationId, (tokenId: string) => api.scimRevokeToken({ tokenId }));
