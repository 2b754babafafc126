/**
 * The OpenID provider's console state (shared/contract/oauth-provider.ts): the consent page's
 * pending request and answer, a person's connected apps, and the administrators' applications.
 * Components reach the API only through these hooks.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";

export type OAuthClient = Awaited<ReturnType<typeof api.adminOAuthListClients>>["clients"][number];
export type ConnectedApp = Awaited<ReturnType<typeof api.oauth2GetConsents>>[number];
export type ConsentDetails = Awaited<ReturnType<typeof api.oauth2ConsentDetails>>;
export type EndSessionDetails = Awaited<ReturnType<typeof api.oauth2EndSessionDetails>>;
export type ClientInput = Parameters<typeof api.adminOAuthCreateClient>[0];
export type ClientUpdate = Parameters<typeof api.adminOAuthUpdateClient>[0]["update"];
export type ClientChoices = Awaited<ReturnType<typeof api.adminOAuthClientChoices>>;

const keys = {
  consent: (request: string) => ["oauth-provider", "consent", request] as const,
  endSession: (request: string) => ["oauth-provider", "end-session", request] as const,
  connected: ["oauth-provider", "connected-apps"] as const,
  clients: ["oauth-provider", "clients"] as const,
  grants: (clientId: string) => ["oauth-provider", "clients", clientId, "grants"] as const,
  choices: ["oauth-provider", "client-choices"] as const,
};

// ── Consent page ─────────────────────────────────────────────────────────────────────────

export function useConsentDetails(request: string | undefined) {
  return useQuery({
    queryKey: keys.consent(request ?? ""),
    queryFn: () => api.oauth2ConsentDetails({ request: request ?? "" }),
    enabled: Boolean(request),
    // An expired or answered request stays so: asking again would only repeat the same 404.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Allow or deny; the answer names where the browser goes next (the app's redirect URI). */
export function useAnswerConsent() {
  return useMutation({ mutationFn: (input: { request: string; accept: boolean }) => api.oauth2Consent(input) });
}

// ── Sign-out confirmation page ───────────────────────────────────────────────────────────

export function useEndSessionDetails(request: string | undefined) {
  return useQuery({
    queryKey: keys.endSession(request ?? ""),
    queryFn: () => api.oauth2EndSessionDetails({ request: request ?? "" }),
    enabled: Boolean(request),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Sign out or stay; the answer names the app's address when the app proved itself with an ID token. */
export function useAnswerEndSession() {
  return useMutation({ mutationFn: (input: { request: string; accept: boolean }) => api.oauth2EndSessionConfirm(input) });
}

// ── Account → Connected apps ─────────────────────────────────────────────────────────────

export function useConnectedApps() {
  return useQuery({ queryKey: keys.connected, queryFn: () => api.oauth2GetConsents() });
}

export function useRevokeConnectedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.oauth2DeleteConsent({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.connected }),
  });
}

// ── Administration → Applications ────────────────────────────────────────────────────────

export function useOAuthClients(enabled: boolean) {
  return useQuery({ queryKey: keys.clients, queryFn: async () => (await api.adminOAuthListClients()).clients, enabled });
}

export function useClientGrants(clientId: string | undefined) {
  return useQuery({ queryKey: keys.grants(clientId ?? ""), queryFn: async () => (await api.adminOAuthListClientGrants({ client_id: clientId ?? "" })).grants, enabled: Boolean(clientId) });
}

/** The user fields, roles, organizations and teams an app's claims and access rules may name. */
export function useClientChoices() {
  return useQuery({ queryKey: keys.choices, queryFn: () => api.adminOAuthClientChoices(), refetchOnWindowFocus: false });
}

function useClientMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.clients }) });
}

export const useCreateClient = () => useClientMutation((input: ClientInput) => api.adminOAuthCreateClient(input));
export const useUpdateClient = () => useClientMutation((input: { client_id: string; update: ClientUpdate }) => api.adminOAuthUpdateClient(input));
export const useRotateSecret = () => useClientMutation((clientId: string) => api.adminOAuthRotateSecret({ client_id: clientId }));
export const useSetClientDisabled = () => useClientMutation((input: { client_id: string; disabled: boolean }) => api.adminOAuthSetClientDisabled(input));
export const useDeleteClient = () => useClientMutation((clientId: string) => api.adminOAuthDeleteClient({ client_id: clientId }));
