/**
 * The object preload exposes as `window.latchkey`: exactly DesktopApi, each method one IPC
 * invoke whose arguments and result are typed by the IPC contract (common/ipc-contract.ts, types
 * only: zod stays out of the sandboxed preload). A failure main answers becomes a
 * DesktopCallError with its code. Built from an injected ipcRenderer so tests check its shape
 * without Electron.
 */
import type { DesktopApi, LocalServerEvent } from "../../shared/desktop-api.js";
import { CHANNELS, LOCAL_EVENT_CHANNEL, type IpcName } from "../common/channels.js";
import { DesktopCallError, isIpcAnswer } from "../common/ipc-answer.js";
import type { IpcArgs, IpcResult } from "../common/ipc-contract.js";

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type LocalEvent = LocalServerEvent;

export function createDesktopApi(ipc: IpcRendererLike, info: { platform: string; appVersion: string }): DesktopApi {
  const call =
    <N extends IpcName>(name: N) =>
    async (...args: IpcArgs<N>): Promise<IpcResult<N>> => {
      const answer = await ipc.invoke(CHANNELS[name], ...args);
      if (!isIpcAnswer(answer)) throw new DesktopCallError("DESKTOP_CALL_FAILED", "The desktop app answered in an unknown form");
      if (!answer.ok) throw new DesktopCallError(answer.error.code, answer.error.message);
      return answer.value as IpcResult<N>;
    };
  const api: DesktopApi = {
    shell: "electron",
    platform: info.platform,
    appVersion: info.appVersion,
    listServers: call("listServers"),
    activeServer: call("activeServer"),
    addServer: call("addServer"),
    removeServer: call("removeServer"),
    useServer: call("useServer"),
    request: call("request"),
    forgetCredential: call("forgetCredential"),
    localServer: Object.freeze({
      status: call("localStatus"),
      setup: call("localSetup"),
      start: call("localStart"),
      stop: call("localStop"),
      logs: call("localLogs"),
      restoreSnapshot: call("localRestoreSnapshot"),
      subscribe(listener: (event: LocalEvent) => void) {
        // Only the payload crosses into the page, never the IpcRendererEvent (it carries `sender`).
        const handler = (_event: unknown, payload: unknown) => listener(payload as LocalEvent);
        ipc.on(LOCAL_EVENT_CHANNEL, handler);
        return () => void ipc.removeListener(LOCAL_EVENT_CHANNEL, handler);
      },
    }),
    openExternal: call("openExternal"),
    signInWithBrowser: call("signInWithBrowser"),
  };
  return Object.freeze(api);
}
