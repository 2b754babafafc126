/**
 * The server page's calls. Most are desktop-only — remembered servers and the local server, over
 * `window.latchkey` (DesktopApi), disabled in a browser —; the last better-auth import comes from
 * the server itself through the typed client, in the browser and on the desktop alike.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LocalRestorePhase, LocalServerSetup, LocalServerStatus, SavedServer } from "../../../shared/desktop-api";
import { api } from "../../app/api";
import { desktop } from "../../app/desktop";
import { sessionKey } from "../../app/session";

export const serversKey = ["desktop", "servers"] as const;
/** Shared with the sign-in screen's server notice (features/auth/queries.ts). */
export const activeServerKey = ["desktop", "active-server"] as const;
export const localStatusKey = ["desktop", "local-server", "status"] as const;
export const localLogsKey = ["desktop", "local-server", "logs"] as const;

function shell() {
  if (!desktop) throw new Error("Only available in the Latchkey desktop app");
  return desktop;
}

/**
 * Electron wraps errors thrown in main as "Error invoking remote method 'channel': Error: text".
 * People should read only the text.
 */
export function cleanError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, ""));
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw cleanError(error);
  }
}

export function useServers() {
  return useQuery({ queryKey: serversKey, queryFn: () => call(() => shell().listServers()), enabled: Boolean(desktop) });
}

export function useActiveServerQuery() {
  return useQuery({ queryKey: activeServerKey, queryFn: () => call(() => shell().activeServer()), enabled: Boolean(desktop), staleTime: Infinity });
}

/** After the active server changes, everything cached belonged to the previous one. */
function useServerChanged() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "desktop" });
    await queryClient.invalidateQueries({ queryKey: ["desktop"] });
  };
}

export function useAddServer() {
  const changed = useServerChanged();
  return useMutation({
    /** Remember the server and make it the active one: the next screen is its sign-in. */
    mutationFn: (input: { name: string; url: string }) =>
      call(async () => {
        const server = await shell().addServer(input);
        return shell().useServer(server.id);
      }),
    onSuccess: changed,
  });
}

export function useUseServer() {
  const changed = useServerChanged();
  return useMutation({ mutationFn: (id: string) => call(() => shell().useServer(id)), onSuccess: changed });
}

export function useRemoveServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(() => shell().removeServer(id)),
    // Optimistic: the row leaves the list at once and comes back if main refuses.
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: serversKey });
      const previous = queryClient.getQueryData<SavedServer[]>(serversKey);
      queryClient.setQueryData<SavedServer[]>(serversKey, (list) => list?.filter((server) => server.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(serversKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["desktop"] }),
  });
}

/** The local server's status, kept live by main's events (no polling). */
export function useLocalServerStatus() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!desktop) return;
    return desktop.localServer.subscribe((event) => {
      if (event.status) queryClient.setQueryData(localStatusKey, event.status);
      if (event.log !== undefined) queryClient.setQueryData<string[]>(localLogsKey, (lines) => [...(lines ?? []), event.log as string].slice(-500));
    });
  }, [queryClient]);
  return useQuery({ queryKey: localStatusKey, queryFn: () => call(() => shell().localServer.status()), enabled: Boolean(desktop) });
}

/** The last lines the local server wrote; new ones arrive through useLocalServerStatus's subscription. */
export function useLocalServerLogs() {
  return useQuery({ queryKey: localLogsKey, queryFn: () => call(() => shell().localServer.logs()), enabled: Boolean(desktop), staleTime: Infinity });
}

function useLocalAction<TInput>(action: (input: TInput) => Promise<LocalServerStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => call(() => action(input)),
    onSuccess: async (status) => {
      queryClient.setQueryData(localStatusKey, status);
      await queryClient.invalidateQueries({ queryKey: serversKey });
      await queryClient.invalidateQueries({ queryKey: activeServerKey });
    },
  });
}

export function useSetupLocalServer() {
  const changed = useServerChanged();
  const mutation = useLocalAction((input: LocalServerSetup) => shell().localServer.setup(input));
  return { ...mutation, mutateAsync: async (input: LocalServerSetup) => {
    const status = await mutation.mutateAsync(input);
    if (status.state === "running") await changed();
    return status;
  } };
}

export function useStartLocalServer() {
  return useLocalAction((_: void) => shell().localServer.start());
}

export function useStopLocalServer() {
  return useLocalAction((_: void) => shell().localServer.stop());
}

export function useOpenExternal() {
  return useMutation({ mutationFn: (url: string) => call(() => shell().openExternal(url)) });
}

/** Not under "desktop": a change of active server drops it with everything else that server said. */
const lastImportKey = ["server", "last-better-auth-import"] as const;

/** The last `auth server import-better-auth` (null: none ran); only for those who may read the audit log. */
/** Whether new passwords are checked against breach corpora (passwordBreach in the configuration). */
export function usePasswordBreachCheck(enabled: boolean) {
  return useQuery({ queryKey: ["server", "password-breach-check"], queryFn: () => api.adminPasswordBreachCheck(), enabled });
}

export function useLastBetterAuthImport(enabled: boolean) {
  return useQuery({ queryKey: lastImportKey, queryFn: () => api.adminGetLastBetterAuthImport(), enabled });
}

/**
 * Demo data (issue 39): answered only by a local development server; elsewhere 404
 * DEMO_DATA_LOCAL_ONLY, and the section stays hidden (no retries: the answer will not change).
 */
const demoKey = ["server", "demo-data"] as const;
export function useDemoData(enabled: boolean) {
  return useQuery({ queryKey: demoKey, queryFn: () => api.adminDemoData(), enabled, retry: false });
}

export function useSeedDemo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (scenario: "demo" | "qa") => api.adminDemoSeed({ scenario }), onSuccess: () => queryClient.invalidateQueries({ queryKey: demoKey }) });
}

export function useSaveDemoSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: { name: string; replace: boolean }) => api.adminDemoSaveSnapshot(input), onSuccess: () => queryClient.invalidateQueries({ queryKey: demoKey }) });
}

/**
 * The desktop's Restore (issue 39): main stops the app's own local server, restores the snapshot
 * with the CLI's code and starts it again; `onPhase` hears each step. Afterwards everything cached
 * describes the data before, so all of it is fetched again — the session first: when the
 * person's session is not in the snapshot, main's credential for it is forgotten and `signedIn`
 * is false (the route guard then shows the sign-in screen).
 */
export function useRestoreLocalSnapshot(onPhase: (phase: LocalRestorePhase | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const api = shell();
      const unsubscribe = api.localServer.subscribe((event) => {
        if (event.restore?.name === name) onPhase(event.restore.phase);
      });
      try {
        const result = await call(() => api.localServer.restoreSnapshot(name));
        queryClient.setQueryData(localStatusKey, result.status);
        await queryClient.invalidateQueries({ queryKey: sessionKey });
        const signedIn = Boolean(queryClient.getQueryData(sessionKey));
        if (!signedIn) await call(() => api.forgetCredential());
        return { ...result, signedIn };
      } finally {
        unsubscribe();
        onPhase(null);
      }
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
