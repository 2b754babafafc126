/** IPC channel names shared by main (ipc.ts) and preload (desktop-bridge.ts). */

/** Passed by main to the sandboxed preload through additionalArguments (it cannot ask `app`). */
export const VERSION_ARG = "--latchkey-app-version=";

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
  openExternal: "latchkey:open-external",
} as const;

export type InvokeChannel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** Main → renderer: local server status changes and log lines. */
export const LOCAL_EVENT_CHANNEL = "latchkey:local:event";
