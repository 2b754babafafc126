/**
 * Main's side of DesktopApi: one handler per channel, registered on ipcMain. Every call checks
 * that it comes from the app's own page (not a frame or page that got navigated elsewhere) and
 * treats its arguments as untrusted input.
 */
import type { DesktopResponse, LocalServerStatus, SavedServer } from "../shared/desktop-api.js";
import { CHANNELS, type InvokeChannel } from "./channels.js";
import type { LocalServerHost } from "./server-host.js";
import { isExternalHttpUrl } from "./security.js";
import type { ServerStore } from "./servers.js";

export interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame?: { url: string } | null }, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface DesktopServices {
  store: ServerStore;
  host: LocalServerHost;
  request(input: unknown): Promise<DesktopResponse>;
  openExternal(url: string): Promise<void>;
}

export type Handlers = Record<InvokeChannel, (...args: unknown[]) => unknown>;

export function desktopHandlers(services: DesktopServices): Handlers {
  const { store, host } = services;
  const id = (value: unknown): string => {
    if (typeof value !== "string" || value.length === 0 || value.length > 100) throw new Error("Invalid server id");
    return value;
  };
  return {
    [CHANNELS.listServers]: (): SavedServer[] => store.list(),
    [CHANNELS.activeServer]: (): SavedServer | null => store.active(),
    [CHANNELS.addServer]: (input: unknown): SavedServer => {
      const { name, url } = (input ?? {}) as { name?: unknown; url?: unknown };
      if (typeof url !== "string") throw new Error("Enter the server's address");
      return store.add({ name: typeof name === "string" ? name : "", url });
    },
    [CHANNELS.removeServer]: (value: unknown): void => store.remove(id(value)),
    [CHANNELS.useServer]: (value: unknown): SavedServer => store.use(id(value)),
    [CHANNELS.request]: (input: unknown) => services.request(input),
    [CHANNELS.forgetCredential]: (): void => {
      const active = store.active();
      if (active) store.forgetCredential(active.id);
    },
    [CHANNELS.localStatus]: (): LocalServerStatus => host.status(),
    // Once running, the local server is remembered under its current URL; after first-run setup
    // it also becomes the active server, so the next screen is its sign-in.
    [CHANNELS.localSetup]: async (input: unknown) => {
      const status = await host.setup(input);
      if (status.state === "running" && status.url) store.use(store.upsertLocal(status.url).id);
      return status;
    },
    [CHANNELS.localStart]: async () => {
      const status = await host.start();
      if (status.state === "running" && status.url) store.upsertLocal(status.url);
      return status;
    },
    [CHANNELS.localStop]: () => host.stop(),
    [CHANNELS.localLogs]: (): string[] => host.logs(),
    [CHANNELS.openExternal]: async (url: unknown): Promise<void> => {
      if (typeof url !== "string" || !isExternalHttpUrl(url)) throw new Error("Only http(s) addresses open in the browser");
      await services.openExternal(url);
    },
  };
}

export function registerIpc(ipcMain: IpcMainLike, handlers: Handlers, isTrustedSender: (url: string) => boolean): () => void {
  for (const [channel, handler] of Object.entries(handlers)) {
    ipcMain.handle(channel, (event, ...args) => {
      const url = event.senderFrame?.url ?? "";
      if (!isTrustedSender(url)) throw new Error("Refused: the call does not come from the Latchkey app");
      return handler(...args);
    });
  }
  return () => {
    for (const channel of Object.keys(handlers)) ipcMain.removeHandler(channel);
  };
}
