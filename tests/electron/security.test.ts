/** The settings every window gets, the navigation rules, the app scheme, and preload's guard. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAppProtocolHandler, resolveAppFile } from "../../electron/main/app-protocol.js";
import { CHANNELS, LOCAL_EVENT_CHANNEL, VERSION_ARG } from "../../electron/common/channels.js";
import { createDesktopApi } from "../../electron/preload/desktop-bridge.js";
import { registerIpc } from "../../electron/main/ipc.js";
import { buildMenuTemplate } from "../../electron/main/menu.js";
import { appVersionFromArgv, assertContextIsolated } from "../../electron/preload/preload-guard.js";
import {
  APP_ORIGIN,
  decideNavigation,
  decideWindowOpen,
  hardenSession,
  hardenWebContents,
  isAppUrl,
  rendererCsp,
  secureWebPreferences,
  type SessionLike,
  type WebContentsLike,
} from "../../electron/main/security.js";

const appOrigins = [APP_ORIGIN];

describe("webPreferences", () => {
  it("every window is isolated, sandboxed, without Node, with web security and no webviews", () => {
    const prefs = secureWebPreferences("/app/out/preload/preload.cjs", "1.2.3");
    expect(prefs).toMatchObject({
      preload: "/app/out/preload/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
    });
    expect(prefs.additionalArguments).toEqual([`${VERSION_ARG}1.2.3`]);
  });
});

describe("Content-Security-Policy", () => {
  it("loads scripts only from the app and connects nowhere (API calls go through main)", () => {
    const csp = rendererCsp();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'none'");
  });

  it("loads images only from the app and data: URLs, and nothing from the web (#27)", () => {
    const directives = new Map(rendererCsp().split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives.get("img-src")).toEqual(["'self'", "data:"]);
    // Nothing else may reach out: every directive names only the app, data: images, or nothing.
    expect(Object.fromEntries(directives)).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      "font-src": ["'self'"],
      "connect-src": ["'none'"],
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
      "frame-src": ["'none'"],
      "frame-ancestors": ["'none'"],
      "worker-src": ["'none'"],
    });
    expect(rendererCsp()).not.toMatch(/https?:|\*|wss?:/);
    expect(rendererCsp({ devServer: "http://localhost:5173/" })).toContain("img-src 'self' data:;");
  });

  it("relaxes only for a dev server, and only towards it", () => {
    const csp = rendererCsp({ devServer: "http://localhost:5173/" });
    expect(csp).toContain("connect-src 'self' http://localhost:5173 ws://localhost:5173");
  });
});

describe("navigation and window.open", () => {
  it("stays in the app; http(s) elsewhere goes to the system browser; other schemes nowhere", () => {
    expect(decideNavigation("app://latchkey/index.html#/server", appOrigins)).toBe("allow");
    expect(decideNavigation("app://other/index.html", appOrigins)).toBe("deny");
    expect(decideNavigation("https://auth.example.com/", appOrigins)).toBe("open-externally");
    expect(decideNavigation("file:///etc/passwd", appOrigins)).toBe("deny");
    expect(decideNavigation("javascript:alert(1)", appOrigins)).toBe("deny");
    expect(decideNavigation("not a url", appOrigins)).toBe("deny");
    expect(isAppUrl("http://localhost:5173/#/x", ["http://localhost:5173"])).toBe(true);
    expect(decideWindowOpen("https://docs.example.com")).toBe("open-externally");
    expect(decideWindowOpen("app://latchkey/index.html")).toBe("deny");
    expect(decideWindowOpen("smb://share/x")).toBe("deny");
  });

  it("hardenWebContents wires those rules into will-navigate, redirects, webviews and window.open", () => {
    const listeners = new Map<string, (event: { preventDefault(): void; url: string }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | null = null;
    const contents: WebContentsLike = {
      on: ((event: string, listener: never) => listeners.set(event, listener)) as WebContentsLike["on"],
      setWindowOpenHandler: (handler) => (openHandler = handler),
    };
    const opened: string[] = [];
    hardenWebContents(contents, { appOrigins, openExternal: (url) => opened.push(url) });

    const navigate = (event: string, url: string) => {
      let prevented = false;
      listeners.get(event)!({ preventDefault: () => (prevented = true), url }, event === "will-redirect" ? url : undefined);
      return prevented;
    };
    expect(navigate("will-navigate", "app://latchkey/index.html")).toBe(false);
    expect(navigate("will-navigate", "https://evil.example/")).toBe(true);
    expect(navigate("will-frame-navigate", "file:///etc/passwd")).toBe(true);
    expect(navigate("will-redirect", "https://evil.example/")).toBe(true);
    expect(navigate("will-attach-webview", "")).toBe(true);
    expect(opened).toEqual(["https://evil.example/"]);

    expect(openHandler!({ url: "https://github.com/latchkey" })).toEqual({ action: "deny" });
    expect(openHandler!({ url: "app://latchkey/index.html" })).toEqual({ action: "deny" });
    expect(openHandler!({ url: "file:///tmp/x" })).toEqual({ action: "deny" });
    expect(opened).toEqual(["https://evil.example/", "https://github.com/latchkey"]);
  });

  it("hardenSession denies every permission and puts the CSP on the app's responses", () => {
    let request: Parameters<SessionLike["setPermissionRequestHandler"]>[0] = null;
    let check: Parameters<SessionLike["setPermissionCheckHandler"]>[0] = null;
    let headers: Parameters<SessionLike["webRequest"]["onHeadersReceived"]>[0] | null = null;
    hardenSession(
      {
        setPermissionRequestHandler: (h) => (request = h),
        setPermissionCheckHandler: (h) => (check = h),
        webRequest: { onHeadersReceived: (l) => (headers = l) },
      },
      { appOrigins: ["http://localhost:5173"], csp: "default-src 'self'" },
    );
    for (const permission of ["media", "geolocation", "notifications", "clipboard-read", "openExternal"]) {
      let granted: boolean | null = null;
      request!(null, permission, (g) => (granted = g));
      expect(granted).toBe(false);
      expect(check!(null, permission)).toBe(false);
    }
    let out: { responseHeaders?: Record<string, string[]> } = {};
    headers!({ url: "http://localhost:5173/index.html", responseHeaders: { "content-security-policy": ["*"], "x-a": ["1"] } }, (r) => (out = r));
    expect(out.responseHeaders).toEqual({ "x-a": ["1"], "Content-Security-Policy": ["default-src 'self'"] });
    headers!({ url: "https://auth.example.com/", responseHeaders: {} }, (r) => (out = r));
    expect(out).toEqual({});
  });
});

describe("app:// scheme", () => {
  const root = mkdtempSync(join(tmpdir(), "latchkey-renderer-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>x</title>");
  writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
  writeFileSync(join(root, "..", "secret-outside.txt"), "nope");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("serves files under the renderer folder with the CSP, and nothing outside it", async () => {
    const handle = createAppProtocolHandler({ root, csp: "default-src 'self'" });
    const index = await handle({ url: "app://latchkey/" });
    expect(index.status).toBe(200);
    expect(index.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(index.headers.get("content-type")).toMatch(/text\/html/);
    const script = await handle({ url: "app://latchkey/assets/app.js" });
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toBe("console.log(1)");
    expect((await handle({ url: "app://latchkey/../secret-outside.txt" })).status).toBe(404);
    expect((await handle({ url: "app://latchkey/%2e%2e/secret-outside.txt" })).status).toBe(404);
    expect((await handle({ url: "app://latchkey/assets/..%2f..%2fsecret-outside.txt" })).status).toBe(404);
    expect((await handle({ url: "app://other/index.html" })).status).toBe(404);
    expect((await handle({ url: "app://latchkey/missing.js" })).status).toBe(404);
    expect((await handle({ url: "app://latchkey/index.html", method: "POST" })).status).toBe(405);
    expect(resolveAppFile(root, "app://latchkey/a%00b")).toBeNull();
  });
});

describe("preload", () => {
  it("refuses to run without context isolation", () => {
    expect(() => assertContextIsolated({ contextIsolated: false })).toThrow(/context isolation/);
    expect(() => assertContextIsolated({})).toThrow(/context isolation/);
    expect(() => assertContextIsolated({ contextIsolated: true })).not.toThrow();
    expect(appVersionFromArgv(["electron", `${VERSION_ARG}1.2.3`], VERSION_ARG)).toBe("1.2.3");
  });

  it("exposes exactly DesktopApi, each method one invoke, events without the IPC event object", async () => {
    const invoked: Array<[string, unknown[]]> = [];
    const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
    const api = createDesktopApi(
      {
        invoke: async (channel, ...args) => {
          invoked.push([channel, args]);
          return { ok: true, value: undefined };
        },
        on: (channel, listener) => listeners.set(channel, listener),
        removeListener: (channel) => listeners.delete(channel),
      },
      { platform: "linux", appVersion: "1.2.3" },
    );
    expect(Object.keys(api).sort()).toEqual(
      ["shell", "platform", "appVersion", "listServers", "activeServer", "addServer", "removeServer", "useServer", "request", "forgetCredential", "localServer", "openExternal", "signInWithBrowser"].sort(),
    );
    expect(Object.keys(api.localServer).sort()).toEqual(["logs", "restoreSnapshot", "setup", "start", "status", "stop", "subscribe"]);
    expect(Object.isFrozen(api)).toBe(true);
    expect(api.shell).toBe("electron");

    await api.addServer({ name: "n", url: "https://a.example" });
    await api.localServer.stop();
    await api.localServer.restoreSnapshot("seeded-qa");
    expect(invoked).toEqual([
      [CHANNELS.addServer, [{ name: "n", url: "https://a.example" }]],
      [CHANNELS.localStop, []],
      [CHANNELS.localRestoreSnapshot, ["seeded-qa"]],
    ]);

    const got: unknown[] = [];
    const unsubscribe = api.localServer.subscribe((event) => got.push(event));
    listeners.get(LOCAL_EVENT_CHANNEL)!({ sender: "ipc internals" }, { log: "line" });
    expect(got).toEqual([{ log: "line" }]);
    unsubscribe();
    expect(listeners.has(LOCAL_EVENT_CHANNEL)).toBe(false);
  });

  it("main answers IPC only from the app's own page", async () => {
    const handlers = new Map<string, (event: { senderFrame?: { url: string } | null }, ...args: unknown[]) => unknown>();
    let ran = 0;
    registerIpc(
      { handle: (channel, listener) => handlers.set(channel, listener), removeHandler: (channel) => handlers.delete(channel) },
      { listServers: () => (ran++, []) } as never,
      (url) => isAppUrl(url, appOrigins),
    );
    const list = handlers.get(CHANNELS.listServers)!;
    expect(await list({ senderFrame: { url: "app://latchkey/index.html#/welcome" } })).toEqual({ ok: true, value: [] });
    expect(() => list({ senderFrame: { url: "https://evil.example/" } })).toThrow(/Refused/);
    expect(() => list({ senderFrame: null })).toThrow(/Refused/);
    expect(ran).toBe(1);
  });
});

describe("menu", () => {
  it("has no developer tools in a packaged build", () => {
    const template = buildMenuTemplate({ isMac: false, isDev: false, appName: "Latchkey" }, { go: () => {}, openDocs: () => {} });
    expect(JSON.stringify(template)).not.toContain("toggleDevTools");
    const dev = buildMenuTemplate({ isMac: true, isDev: true, appName: "Latchkey" }, { go: () => {}, openDocs: () => {} });
    expect(JSON.stringify(dev)).toContain("toggleDevTools");
  });
});
