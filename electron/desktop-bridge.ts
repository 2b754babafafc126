/**
 * The object preload exposes as `window.latchkey`: exactly DesktopApi, each method one IPC
 * invoke. Built from an injected ipcRenderer so tests check its shape without Electron.
 */
import type { DesktopApi, LocalServerStatus } from "../shared/desktop-api.js";
import { CHANNELS, LOCAL_EVENT_CHANNEL } from "./channels.js";

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createDesktopApi(ipc: IpcRendererLike, info: { platform: string; appVersion: string }): DesktopApi {
  const call =
    <T>(channel: string) =>
    (...args: unknown[]) =>
      ipc.invoke(channel, ...args) as Promise<T>;
  return Object.freeze({
    shell: "electron" as const,
    platform: info.platform,
    appVersion: info.appVersion,
    listServers: call(CHANNELS.listServers),
    activeServer: call(CHANNELS.activeServer),
    addServer: call(CHANNELS.addServer),
    removeServer: call(CHANNELS.removeServer),
    useServer: call(CHANNELS.useServer),
    request: call(CHANNELS.request),
    forgetCredential: call(CHANNELS.forgetCredential),
    localServer: Object.freeze({
      status: call<LocalServerStatus>(CHANNELS.localStatus),
      setup: call<LocalServerStatus>(CHANNELS.localSetup),
      start: call<LocalServerStatus>(CHANNELS.localStart),
      stop: call<LocalServerStatus>(CHANNELS.localStop),
      logs: call<string[]>(CHANNELS.localLogs),
      subscribe(listener: (event: { status?: LocalServerStatus; log?: string }) => void) {
        // Only the payload crosses into the page, never the IpcRendererEvent (it carries `sender`).
        const handler = (_event: unknown, payload: unknown) => listener(payload as { status?: LocalServerStatus; log?: string });
        ipc.on(LOCAL_EVENT_CHANNEL, handler);
        return () => void ipc.removeListener(LOCAL_EVENT_CHANNEL, handler);
      },
    }),
    openExternal: call<void>(CHANNELS.openExternal),
  }) as DesktopApi;
}
