/**
 * What main and preload call each other by name: the IPC channels (one per DesktopApi call),
 * the event channel main pushes on, and the argument main hands the preload. No zod here: the
 * sandboxed preload bundles this file. What each channel takes and answers is ipc-contract.ts.
 */
export const CHANNELS = {
  listServers: "latchkey:servers:list",
  activeServer: "latchkey:servers:active",
  addServer: "latchkey:servers:add",
  removeServer: "latchkey:servers:remove",
  useServer: "latchkey:servers:use",
  request: "latchkey:request",
  forgetCredential: "latchkey:credential:forget",
  localStatus: "latchkey:local:status",
  localSetup: "latchkey:local:setup",
  localStart: "latchkey:local:start",
  localStop: "latchkey:local:stop",
  localLogs: "latchkey:local:logs",
  localRestoreSnapshot: "latchkey:local:snapshot:restore",
  openExternal: "latchkey:open-external",
  signInWithBrowser: "latchkey:sign-in:browser",
} as const;

/** A call's name in the contract (listServers, addServer, …). */
export type IpcName = keyof typeof CHANNELS;

/** Main → renderer: local server status changes, log lines and a restore's steps. */
export const LOCAL_EVENT_CHANNEL = "latchkey:local:event";

/** Passed to the sandboxed preload through additionalArguments (it cannot ask `app`). */
export const VERSION_ARG = "--latchkey-app-version=";
