/**
 * Electron main: windows, menu, lifecycle, IPC registration. The work is done by small modules
 * that take their dependencies as parameters (servers.ts, server-host.ts, request-proxy.ts,
 * security.ts, app-protocol.ts, ipc.ts, browser-sign-in.ts, hand-off-receivers.ts); this file
 * only wires Electron's objects into them.
 */
import { app, BrowserWindow, ipcMain, Menu, net, protocol, safeStorage, session, shell, utilityProcess } from "electron";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { VERSION } from "../../server/version.js";
import { createAppProtocolHandler } from "./app-protocol.js";
import { LOCAL_EVENT_CHANNEL } from "../common/channels.js";
import { desktopHandlers, registerIpc } from "./ipc.js";
import { adaptUtilityProcess } from "../common/local-server-protocol.js";
import { buildMenuTemplate } from "./menu.js";
import { menuLanguage } from "./menu-texts.js";
import { BrowserSignIn } from "./browser-sign-in.js";
import { AppLinkReceivers, APP_LINK_SCHEME, appLinkInArgv, startLoopbackReceiver } from "./hand-off-receivers.js";
import { createRequestProxy, type FetchLike } from "./request-proxy.js";
import { APP_ORIGIN, APP_SCHEME, hardenSession, hardenWebContents, isAppUrl, rendererCsp, secureWebPreferences } from "./security.js";
import { LocalServerHost } from "./server-host.js";
import { ServerStore, type Encryptor } from "./servers.js";

const here = fileURLToPath(new URL(".", import.meta.url));
/** Set by electron-vite in development (`npm run desktop:dev`): the renderer's dev server. */
const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const appOrigins = [APP_ORIGIN, ...(devServer ? [new URL(devServer).origin] : [])];
const DOCS_URL = "https://github.com/latchkey/latchkey/blob/main/docs/desktop.md";

// Must happen before `ready`: app:// is a standard, secure origin with fetch support.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } }]);

if (!app.requestSingleInstanceLock()) app.quit();

/**
 * The browser brings the sign-in code back on the latchkey: scheme in packaged builds (the system
 * knows the installed app); a checkout run has no registered scheme, so it listens on a loopback
 * port instead (hand-off-receivers.ts).
 */
const appLinks = new AppLinkReceivers();
if (app.isPackaged) app.setAsDefaultProtocolClient(APP_LINK_SCHEME);
// macOS hands the link to the running app (or the one it starts) as an event.
app.on("open-url", (event, url) => {
  event.preventDefault();
  appLinks.deliver(url);
});

/** safeStorage, counted as available only with a real keychain (not Linux's fixed-key "basic_text"). */
const encryptor: Encryptor = {
  async available() {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return false;
    return process.platform !== "linux" || safeStorage.getSelectedStorageBackend() !== "basic_text";
  },
  encrypt: (plain) => safeStorage.encryptStringAsync(plain),
  decrypt: async (cipher) => (await safeStorage.decryptStringAsync(cipher)).result,
};

const store = new ServerStore({ file: join(app.getPath("userData"), "servers.json"), encryptor });
const host = new LocalServerHost({
  fork: (entry) => adaptUtilityProcess(utilityProcess.fork(entry, [], { stdio: "pipe", serviceName: "Latchkey server" })),
  entry: join(here, "local-server-entry.js"),
  dataDir: join(app.getPath("userData"), "local-server"),
  version: VERSION,
});

let mainWindow: BrowserWindow | null = null;

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1240,
    height: 820,
    minWidth: 760,
    minHeight: 520,
    show: false,
    title: "Latchkey",
    webPreferences: secureWebPreferences(join(here, "../preload/preload.cjs"), app.getVersion()),
  });
  window.once("ready-to-show", () => window.show());
  window.on("closed", () => {
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(`${devServer ?? `${APP_ORIGIN}/index.html`}${startHash()}`);
  return window;
}

/**
 * Where a new window starts: the console when a remote server is active; Welcome when none is, or
 * when the active one is the local server (never running at launch: Welcome offers Start and open).
 */
function startHash(): string {
  const active = store.active();
  return !active || active.kind === "local" ? "#/welcome" : "";
}

function go(hash: string): void {
  const window = mainWindow ?? (mainWindow = createWindow());
  void window.webContents.executeJavaScript(`location.hash = ${JSON.stringify("#" + hash)}`);
  window.show();
}

// Windows and Linux start a second instance with the link in its argv; the lock sends it here.
app.on("second-instance", (_event, argv) => {
  const link = appLinkInArgv(argv);
  if (link) appLinks.deliver(link);
  if (!mainWindow) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
});

// Every web contents, now and later (windows, devtools excluded by Electron), gets the same locks.
app.on("web-contents-created", (_event, contents) => {
  hardenWebContents(contents, { appOrigins, openExternal: (url) => shell.openExternal(url) });
});

app.whenReady().then(() => {
  const csp = rendererCsp({ devServer });
  hardenSession(session.defaultSession, { appOrigins, csp });
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ root: join(here, "../renderer"), csp }));

  const fetchThroughNet: FetchLike = (url, init) => net.fetch(url, { ...init, credentials: "omit", cache: "no-store" } as RequestInit);
  const browserSignIn = new BrowserSignIn({
    store,
    fetch: fetchThroughNet,
    openExternal: (url) => shell.openExternal(url),
    receive: async (state) => (app.isPackaged ? appLinks.start(state) : startLoopbackReceiver(state)),
  });
  registerIpc(
    ipcMain,
    desktopHandlers({
      store,
      host,
      request: createRequestProxy({ store, fetch: fetchThroughNet, appOrigins }),
      openExternal: (url) => shell.openExternal(url),
      signInWithBrowser: () => browserSignIn.start(),
    }),
    (url) => isAppUrl(url, appOrigins),
  );
  host.subscribe((event) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(LOCAL_EVENT_CHANNEL, event);
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({ isMac: process.platform === "darwin", isDev: !app.isPackaged, appName: app.name, language: menuLanguage(app.getLocale()) }, { go, openDocs: () => void shell.openExternal(DOCS_URL) }),
    ),
  );
  mainWindow = createWindow();
  app.on("activate", () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow();
  });
});

app.on("window-all-closed", () => {
  if (process.platform !== "darwin") app.quit();
});

// Quit stops the local server cleanly first (it finishes requests and closes the database).
let quitting = false;
app.on("before-quit", (event) => {
  if (quitting) return;
  const state = host.status().state;
  if (state !== "running" && state !== "starting" && state !== "stopping") return;
  event.preventDefault();
  quitting = true;
  void host.stop().finally(() => app.quit());
});

