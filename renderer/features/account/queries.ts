/**
 * The account page's server calls: profile, email, password, sessions, linked accounts, API keys,
 * passkeys, two-factor and
 * deletion. The session query (app/session.ts) holds the user; writes refresh it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyPermissions } from "../../../shared/contract/api-key";
import { api } from "../../app/api";
import { sessionKey, type SessionData } from "../../app/session";

export const ACCOUNT_EMAIL_CALLBACK = "/console/account";
export const VERIFY_EMAIL_CALLBACK = "/console/verify-email";
export const GOODBYE_CALLBACK = "/console/goodbye";

export const sessionsKey = ["account", "sessions"] as const;
export const accountsKey = ["account", "linked-accounts"] as const;

export interface ProfileInput {
  name?: string;
  image?: string | null;
  username?: string;
  displayUsername?: string;
}

/** Profile changes show at once (the header's name too) and roll back if the server refuses. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.updateUser(input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: sessionKey });
      const previous = queryClient.getQueryData<SessionData | null>(sessionKey);
      if (previous) {
        const optimistic: Partial<SessionData["user"]> = {};
        if (input.name !== undefined) optimistic.name = input.name;
        if (input.image !== undefined) optimistic.image = input.image;
        queryClient.setQueryData<SessionData>(sessionKey, { ...previous, user: { ...previous.user, ...optimistic } });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(sessionKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: (email: string) => api.sendVerificationEmail({ email, callbackURL: VERIFY_EMAIL_CALLBACK }) });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newEmail: string) => api.changeEmail({ newEmail: newEmail.trim(), callbackURL: ACCOUNT_EMAIL_CALLBACK }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) => api.changePassword(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api.listSessions() });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `token` is the list's revocation handle. */
    mutationFn: (token: string) => api.revokeSession({ token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.revokeOtherSessions({}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useLinkedAccounts() {
  return useQuery({ queryKey: accountsKey, queryFn: () => api.listAccounts() });
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { providerId: string; accountId: string }) => api.unlinkAccount(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string | undefined) => api.deleteUser({ callbackURL: GOODBYE_CALLBACK, ...(password ? { password } : {}) }),
  });
}

// API keys (the API-key section).

export const apiKeysKey = ["account", "api-keys"] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: () => api.apiKeyList({}) });
}

export interface NewApiKey {
  name: string;
  expiresIn?: number;
  permissions?: ApiKeyPermissions;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKey) => api.apiKeyCreate(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.apiKeyDelete({ keyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

// Passkeys; the WebAuthn ceremony runs in the browser (@simplewebauthn/browser).

export const passkeysKey = ["account", "passkeys"] as const;

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: () => api.passkeyListUserPasskeys({}) });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const options = await api.passkeyGenerateRegisterOptions({});
      const response = await startRegistration({ optionsJSON: options as never });
      return api.passkeyVerifyRegistration({ response: response as never, name: name.trim() || undefined });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => api.passkeyUpdatePasskey(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.passkeyDeletePasskey({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

// Two-factor: every write refreshes the session, whose user carries `twoFactorEnabled`.

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: (password: string) => api.twoFactorEnable({ password }) });
}

/** The first correct code turns two-factor on. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.twoFactorVerifyTotp({ code: code.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.twoFactorDisable({ password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useNewBackupCodes() {
  return useMutation({ mutationFn: (password: string) => api.twoFactorGenerateBackupCodes({ password }) });
}
