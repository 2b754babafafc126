/**
 * Administration → Settings (shared/contract/settings.ts): the settings that change while the
 * server runs. Components reach the API only through these hooks.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../app/api";

export type Setting = Awaited<ReturnType<typeof api.adminListSettings>>["settings"][number];
export type SettingValue = Setting["value"];

const keys = { settings: ["settings"] as const };

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: () => api.adminListSettings({}) });
}

/** Puts the server's answer for one setting into the list, so the page shows what is in force now. */
function useReplaceSetting() {
  const queryClient = useQueryClient();
  return (setting: Setting) =>
    queryClient.setQueryData<{ settings: Setting[] }>(keys.settings, (old) => (old ? { settings: old.settings.map((entry) => (entry.key === setting.key ? setting : entry)) } : old));
}

export function useSetSetting() {
  const replace = useReplaceSetting();
  return useMutation({
    mutationFn: (input: { key: string; value: SettingValue }) => api.adminSetSetting(input),
    onSuccess: (answer) => replace(answer.setting),
  });
}

export function useResetSetting() {
  const replace = useReplaceSetting();
  return useMutation({
    mutationFn: (key: string) => api.adminResetSetting({ key }),
    onSuccess: (answer) => replace(answer.setting),
  });
}
