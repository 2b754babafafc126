/**
 * What every window and every web contents gets, in one place: the webPreferences, the renderer's
 * Content-Security-Policy, navigation and window.open locked to the app, external links handed
 * to the system browser, webviews refused, permission requests denied.
 *
 * Pure functions plus installers that take Electron objects structurally, so tests check the
 * exact settings without the Electron binary.
 */
import type { WebPreferences } from "electron";
import { VERSION_ARG } from "../common/channels.js";

/** The renderer is served from this privileged scheme (app-protocol.ts), not file://. */
export const APP_SCHEME = "app";
export const APP_HOST = "latchkey";
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;


export function secureWebPreferences(preload: string, appVersion: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    additionalArguments: [`${VERSION_ARG}${appVersion}`],
  };
}

/**
 * The renderer's policy: stricter than the web console's (server/http/console.ts). It connects
 * nowhere — every API call goes through main (DesktopApi.request) — and loads images only from
 * the app and `data:` (the two-factor QR code): no remote image can report that the app is open,
 * from where, or when (an organization's https logo shows its initial instead). No workers, no
 * <base>, no forms posting anywhere. Inline styles stay allowed: React's style attributes and the
 * toasts' injected stylesheet need them, and styles cannot run code. A dev server (Vite,
 * `npm run desktop:dev`) needs its own origin, inline preamble and websocket; only then.
 */
export function rendererCsp(options: { devServer?: string } = {}): string {
  const dev = options.devServer ? new URL(options.devServer).origin : null;
  const self = dev ? `'self' ${dev}` : "'self'";
  return [
    `default-src ${self}`,
    dev ? `script-src ${self} 'unsafe-inline'` : "script-src 'self'",
    `style-src ${self} 'unsafe-inline'`,
    "img-src 'self' data:",
    `font-src ${self}`,
    dev ? `connect-src ${self} ${dev.replace(/^http/, "ws")}` : "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "worker-src 'none'",
  ].join("; ");
}

/** Whether a URL belongs to the app itself (the app scheme, or the dev server in development). */
export function isAppUrl(url: string, appOrigins: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    const origin = parsed.protocol === `${APP_SCHEME}:` ? `${APP_SCHEME}://${parsed.host}` : parsed.origin;
    return appOrigins.includes(origin);
  } catch {
    return false;
  }
}

export function isExternalHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

export type NavigationDecision = "allow" | "open-externally" | "deny";

/** A page may move only within the app; http(s) elsewhere opens in the system browser. */
export function decideNavigation(url: string, appOrigins: readonly string[]): NavigationDecision {
  if (isAppUrl(url, appOrigins)) return "allow";
  return isExternalHttpUrl(url) ? "open-externally" : "deny";
}

/** window.open never makes a window: external http(s) goes to the system browser, all else nowhere. */
export function decideWindowOpen(url: string): "open-externally" | "deny" {
  return isExternalHttpUrl(url) ? "open-externally" : "deny";
}

/** Structural view of the WebContents parts we lock down. */
export interface WebContentsLike {
  on(event: "will-navigate" | "will-redirect" | "will-frame-navigate", listener: (event: { preventDefault(): void; url: string; isMainFrame?: boolean }, url?: string) => void): unknown;
  on(event: "will-attach-webview", listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" } | { action: "allow" }): void;
}

export interface HardenOptions {
  appOrigins: readonly string[];
  openExternal(url: string): unknown;
}

export function hardenWebContents(contents: WebContentsLike, options: HardenOptions): void {
  const guard = (event: { preventDefault(): void; url: string }, url?: string) => {
    const target = url ?? event.url;
    const decision = decideNavigation(target, options.appOrigins);
    if (decision === "allow") return;
    event.preventDefault();
    if (decision === "open-externally") void options.openExternal(target);
  };
  contents.on("will-navigate", guard);
  contents.on("will-frame-navigate", guard);
  // A redirect the server answers must not take the window off the app either.
  contents.on("will-redirect", (event, url) => {
    const target = url ?? event.url;
    if (!isAppUrl(target, options.appOrigins)) event.preventDefault();
  });
  contents.on("will-attach-webview", (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url) === "open-externally") void options.openExternal(url);
    return { action: "deny" };
  });
}

/** Structural view of a Session's permission and header hooks. */
export interface SessionLike {
  setPermissionRequestHandler(handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string) => boolean) | null): void;
  setDevicePermissionHandler?(handler: (details: unknown) => boolean): void;
  webRequest: {
    onHeadersReceived(
      listener: (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void,
    ): void;
  };
}

/**
 * No camera, microphone, notifications, geolocation, clipboard-read, USB… for anyone. The CSP is
 * also put on responses from the app's own origins (the dev server; the app scheme sets it itself).
 */
export function hardenSession(session: SessionLike, options: { appOrigins: readonly string[]; csp: string }): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler?.(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url, options.appOrigins)) return callback({});
    const headers = { ...(details.responseHeaders ?? {}) };
    for (const key of Object.keys(headers)) if (key.toLowerCase() === "content-security-policy") delete headers[key];
    headers["Content-Security-Policy"] = [options.csp];
    callback({ responseHeaders: headers });
  });
}
