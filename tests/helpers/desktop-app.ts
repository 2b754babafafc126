/**
 * The desktop app without an Electron binary (issue 21): the real main-process modules in Node
 * (ServerStore, the request proxy, the IPC handlers and their contract check, the browser
 * sign-in and its loopback listener), and the real preload bridge (electron/preload/
 * desktop-bridge.ts, bundled for the page) as `window.latchkey` in a Chromium page, its
 * ipcRenderer.invoke carried to main's ipcMain handlers by `page.exposeBinding`.
 *
 * Only Electron's own objects are stood in for, at the seams main.ts fills: `shell.openExternal`
 * records the address (the test opens it in a second browser context, the "system browser"),
 * safeStorage is the test encryptor, and `app.isPackaged` is false (so the code comes back on a
 * loopback port, as in `npm run desktop`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { BrowserSignIn } from "../../electron/main/browser-sign-in.js";
import { startLoopbackReceiver } from "../../electron/main/hand-off-receivers.js";
import { desktopHandlers, registerIpc, type IpcMainLike } from "../../electron/main/ipc.js";
import { createRequestProxy, type FetchLike } from "../../electron/main/request-proxy.js";
import { LocalServerHost } from "../../electron/main/server-host.js";
import { ServerStore } from "../../electron/main/servers.js";
import { fakeEncryptor, nodeFork, REPO_ROOT } from "../electron/helpers.js";

const BINDING = "__latchkeyIpcInvoke";
let bridgeSource: Promise<string> | null = null;

/** desktop-bridge.ts as the page can run it: one IIFE exposing `LatchkeyBridge.createDesktopApi`. */
function bridgeBundle(): Promise<string> {
  return (bridgeSource ??= (async () => {
    const { build } = await import("vite");
    const output = await build({
      configFile: false,
      root: REPO_ROOT,
      logLevel: "silent",
      build: {
        write: false,
        minify: false,
        lib: { entry: join(REPO_ROOT, "electron/preload/desktop-bridge.ts"), formats: ["iife"], name: "LatchkeyBridge", fileName: () => "bridge.js" },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ("output" in result ? result.output : []));
    const chunk = chunks.find((item) => item.type === "chunk");
    if (!chunk || chunk.type !== "chunk") throw new Error("the preload bridge did not bundle");
    return chunk.code;
  })());
}

export interface DesktopMain {
  store: ServerStore;
  /** The server entry the app uses. */
  serverId: string;
  /** What the app asked the system browser to open, oldest first. */
  opened: string[];
  /** Wire a page: `window.latchkey` talks to this main. Call before the page loads the console. */
  attach(page: Page): Promise<void>;
  close(): void;
}

/**
 * Main as main.ts wires it, on a fresh data folder, with `serverUrl` added and active. `host`: the
 * local server main runs (a test that starts the real one passes it; otherwise one never started);
 * `local`: `serverUrl` is that local server (the Demo data section's Restore is offered).
 */
export function desktopMain(serverUrl: string, options: { host?: LocalServerHost; local?: boolean } = {}): DesktopMain {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-desktop-app-"));
  const store = new ServerStore({ file: join(dir, "servers.json"), encryptor: fakeEncryptor() });
  // local: the server is the app's own, remembered as main.ts remembers it after first-run setup.
  const serverId = store.use((options.local ? store.upsertLocal(serverUrl) : store.add({ name: "Test server", url: serverUrl })).id).id;
  const opened: string[] = [];
  const fetchLike: FetchLike = (url, init) => fetch(url, init);
  const openExternal = async (url: string) => void opened.push(url);
  const signIn = new BrowserSignIn({ store, fetch: fetchLike, openExternal, receive: (state) => startLoopbackReceiver(state) });
  const handlers = desktopHandlers({
    store,
    host: options.host ?? new LocalServerHost({ fork: nodeFork, entry: join(dir, "unused-entry.mjs"), dataDir: join(dir, "local-server"), version: "0.0.0-test" }),
    request: createRequestProxy({ store, fetch: fetchLike, appOrigins: [new URL(serverUrl).origin] }),
    openExternal,
    signInWithBrowser: () => signIn.start(),
  });
  type Listener = Parameters<IpcMainLike["handle"]>[1];
  const listeners = new Map<string, Listener>();
  registerIpc({ handle: (channel, listener) => void listeners.set(channel, listener), removeHandler: (channel) => void listeners.delete(channel) }, handlers, (url) => url.startsWith(`${serverUrl}/console`));
  return {
    store,
    serverId,
    opened,
    async attach(page) {
      const bridge = await bridgeBundle();
      await page.exposeBinding(BINDING, async (source, channel: string, args: unknown[]) => {
        const listener = listeners.get(channel);
        if (!listener) throw new Error(`no handler for ${channel}`);
        return listener({ senderFrame: { url: source.frame.url() } }, ...args);
      });
      await page.addInitScript(`${bridge}
        (() => {
          const invoke = window[${JSON.stringify(BINDING)}];
          const ipc = { invoke: (channel, ...args) => invoke(channel, args), on() {}, removeListener() {} };
          window.latchkey = LatchkeyBridge.createDesktopApi(ipc, { platform: "linux", appVersion: "0.0.0-test" });
        })();`);
    },
    close() {
      signIn.cancel();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
