/**
 * Main's side of DesktopApi: one handler per call of the IPC contract (common/ipc-contract.ts),
 * registered on ipcMain. Every call checks that it comes from the app's own page (not a frame or
 * page that got navigated elsewhere), then parses its arguments with the contract's schema: a
 * call the schema refuses is answered INVALID_IPC_ARGUMENT and no handler runs. Handlers receive
 * typed, parsed arguments and answer through `{ ok, value | error }` (common/ipc-answer.ts).
 */
import type { DesktopRequest, DesktopResponse } from "../../shared/desktop-api.js";
import { CHANNELS, type IpcName } from "../common/channels.js";
import type { IpcAnswer, IpcFailure } from "../common/ipc-answer.js";
import { IPC_CONTRACT, type IpcHandlers } from "../common/ipc-contract.js";
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
  request(input: DesktopRequest): Promise<DesktopResponse>;
  openExternal(url: string): Promise<void>;
  /** "Sign in with your browser" (browser-sign-in.ts). */
  signInWithBrowser(): Promise<{ email: string; name: string }>;
}

export function desktopHandlers(services: DesktopServices): IpcHandlers {
  const { store, host } = services;
  return {
    listServers: () => store.list(),
    activeServer: () => store.active(),
    addServer: (input) => store.add({ name: input.name ?? "", url: input.url }),
    removeServer: (id) => store.remove(id),
    useServer: (id) => store.use(id),
    request: (input) => services.request(input),
    forgetCredential: () => {
      const active = store.active();
      if (active) store.forgetCredential(active.id);
    },
    localStatus: () => host.status(),
    // Once running, the local server is remembered under its current URL; after first-run setup
    // it also becomes the active server, so the next screen is its sign-in.
    localSetup: async (input) => {
      const status = await host.setup(input);
      if (status.state === "running" && status.url) store.use(store.upsertLocal(status.url).id);
      return status;
    },
    localStart: async () => {
      const status = await host.start();
      if (status.state === "running" && status.url) store.upsertLocal(status.url);
      return status;
    },
    localStop: () => host.stop(),
    localLogs: () => host.logs(),
    // Only the app's own local server: the host knows one database, its own; the name is all that crosses.
    localRestoreSnapshot: async (name) => {
      const result = await host.restoreSnapshot(name);
      if (result.status.url) store.upsertLocal(result.status.url);
      return result;
    },
    openExternal: async (url) => {
      if (!isExternalHttpUrl(url)) throw new Error("Only http(s) addresses open in the browser");
      await services.openExternal(url);
    },
    signInWithBrowser: async () => {
      const { email, name } = await services.signInWithBrowser();
      return { email, name };
    },
  };
}

/** Parse a call's raw arguments with its schema and run its handler; never throws. */
export async function answerCall<N extends IpcName>(name: N, handlers: IpcHandlers, raw: unknown[]): Promise<IpcAnswer<unknown>> {
  const parsed = IPC_CONTRACT[name].args.safeParse(raw);
  if (!parsed.success) {
    const where = (path: PropertyKey[]) => (path.length ? `argument ${path.map(String).join(".")}` : "arguments");
    return failure("INVALID_IPC_ARGUMENT", `${CHANNELS[name]}: ${parsed.error.issues.map((issue) => `${where(issue.path)}: ${issue.message}`).join("; ")}`);
  }
  try {
    const handler = handlers[name] as (...args: unknown[]) => unknown;
    return { ok: true, value: await handler(...(parsed.data as unknown[])) };
  } catch (error) {
    return failure("DESKTOP_CALL_FAILED", error instanceof Error ? error.message : String(error));
  }
}

function failure(code: IpcFailure["error"]["code"], message: string): IpcFailure {
  return { ok: false, error: { code, message } };
}

export function registerIpc(ipcMain: IpcMainLike, handlers: IpcHandlers, isTrustedSender: (url: string) => boolean): () => void {
  const names = Object.keys(CHANNELS) as IpcName[];
  for (const name of names) {
    ipcMain.handle(CHANNELS[name], (event, ...args) => {
      const url = event.senderFrame?.url ?? "";
      // Not an answer: a page that is not ours learns nothing, not even which calls exist.
      if (!isTrustedSender(url)) throw new Error("Refused: the call does not come from the Latchkey app");
      return answerCall(name, handlers, args);
    });
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(CHANNELS[name]);
  };
}
