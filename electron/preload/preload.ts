/**
 * Preload: runs sandboxed, before the page, in an isolated world. It exposes exactly DesktopApi
 * as `window.latchkey` and nothing else — no ipcRenderer, no Node — and refuses to run at all
 * without context isolation.
 */
import { contextBridge, ipcRenderer } from "electron";
import { createDesktopApi } from "./desktop-bridge.js";
import { appVersionFromArgv, assertContextIsolated } from "./preload-guard.js";
import { VERSION_ARG } from "../common/channels.js";

assertContextIsolated(process);

contextBridge.exposeInMainWorld(
  "latchkey",
  createDesktopApi(ipcRenderer, { platform: process.platform, appVersion: appVersionFromArgv(process.argv, VERSION_ARG) }),
);
