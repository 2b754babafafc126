/**
 * The API-key section's server calls (kept beside its components so the section is one unit;
 * they use the shared client exactly as queries.ts does).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyPermissions } from "../../../../shared/contract/api-key";
import { api } from "../../../app/api";

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
