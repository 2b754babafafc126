/** The passkey section's server calls; the WebAuthn ceremony runs in the browser (@simplewebauthn/browser). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../app/api";

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
