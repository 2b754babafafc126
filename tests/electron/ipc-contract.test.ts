/**
 * The typed IPC contract (electron/common/ipc-contract.ts): main parses every call's arguments
 * with its zod schema before a handler runs. Whatever a page sends — wrong types, missing or
 * extra arguments, unknown keys, oversized values — main answers INVALID_IPC_ARGUMENT with the
 * channel named, runs nothing and changes nothing; it never throws. Through the preload's bridge
 * the page gets a DesktopCallError carrying the code.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHANNELS, type IpcName } from "../../electron/common/channels.js";
import { DesktopCallError } from "../../electron/common/ipc-answer.js";
import { IPC_CONTRACT } from "../../electron/common/ipc-contract.js";
import { desktopHandlers, registerIpc, type IpcMainLike } from "../../electron/main/ipc.js";
import type { LocalServerHost } from "../../electron/main/server-host.js";
import { ServerStore } from "../../electron/main/servers.js";
import { createDesktopApi } from "../../electron/preload/desktop-bridge.js";
import type { LocalServerStatus } from "../../shared/desktop-api.js";
import { fakeEncryptor } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const APP_PAGE = { senderFrame: { url: "app://latchkey/index.html#/welcome" } };
type Listener = (event: { senderFrame?: { url: string } | null }, ...args: unknown[]) => unknown;

/** Main as the app wires it: a real store on disk, a host that records what it was asked. */
function wiredMain() {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-ipc-"));
  dirs.push(dir);
  const file = join(dir, "servers.json");
  const store = new ServerStore({ file, encryptor: fakeEncryptor() });
  store.add({ name: "Prod", url: "https://auth.example.com" });
  const status: LocalServerStatus = { state: "stopped", url: null, databasePath: join(dir, "latchkey.db"), version: "0.1.0", error: null, pid: null, initialized: false };
  const ran: string[] = [];
  const host = {
    status: () => (ran.push("status"), status),
    setup: async () => (ran.push("setup"), status),
    start: async () => (ran.push("start"), status),
    stop: async () => (ran.push("stop"), status),
    logs: () => (ran.push("logs"), []),
    restoreSnapshot: async (name: string) => (ran.push(`restoreSnapshot ${name}`), { name, total: 0, status }),
  } as unknown as LocalServerHost;
  const opened: string[] = [];
  const requests: unknown[] = [];
  const handlers = desktopHandlers({
    store,
    host,
    request: async (input) => (requests.push(input), { status: 200, headers: {}, body: "{}" }),
    openExternal: async (url) => void opened.push(url),
    signInWithBrowser: async () => (ran.push("signInWithBrowser"), { email: "", name: "" }),
  });
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void listeners.set(channel, listener), removeHandler: (channel) => void listeners.delete(channel) };
  const unregister = registerIpc(ipcMain, handlers, (url) => url.startsWith("app://latchkey/"));
  const call = (name: IpcName, ...args: unknown[]) => listeners.get(CHANNELS[name])!(APP_PAGE, ...args);
  const onDisk = () => readFileSync(file, "utf8");
  return { store, call, listeners, unregister, ran, opened, requests, onDisk };
}

/** For each call, arguments a page could send that the contract must refuse. */
const BAD_ARGUMENTS: Record<IpcName, unknown[][]> = {
  listServers: [["extra"]],
  activeServer: [[1]],
  addServer: [[], ["https://a.example"], [{ url: 42 }], [{ name: "x" }], [{ url: "https://a.example", admin: true }], [{ url: "h".repeat(2049) }]],
  removeServer: [[], [""], [{}], ["x".repeat(101)], ["id", "extra"]],
  useServer: [[null], [7]],
  request: [
    [{ method: "PUT", url: "https://auth.example.com/api/auth/ok", headers: {} }],
    [{ method: "GET" }],
    [{ method: "GET", url: "https://auth.example.com/", headers: { "x-n": 1 } }],
    [{ method: "POST", url: "https://auth.example.com/", headers: {}, body: "b".repeat(1024 * 1024 + 1) }],
    [{ method: "GET", url: "https://auth.example.com/", headers: {}, cookie: "a=b" }],
  ],
  forgetCredential: [[true]],
  localStatus: [[{}]],
  localSetup: [[], [{}], [{ admin: {} }], [{ admin: { email: "ops@example.com", password: 12345678, name: "Ops" } }], [{ admin: { email: "ops@example.com", password: "long-enough-1", name: "Ops", role: "x" } }]],
  localStart: [["now"]],
  localStop: [[{ force: true }]],
  localLogs: [[100]],
  // Only a snapshot's name crosses: never a path, a dot, a separator, an object or a second argument.
  localRestoreSnapshot: [[], [""], ["../latchkey"], ["/etc/passwd"], ["a/b"], ["a\\b"], ["seeded.db"], [".hidden"], ["-x"], ["x".repeat(65)], ["seed ed"], [{ name: "seeded" }], [42], ["seeded", "extra"]],
  openExternal: [[], [42], [{ url: "https://example.com" }]],
  signInWithBrowser: [["https://evil.example/console/sign-in"], [{ redirectUri: "https://evil.example" }]],
};

describe("the IPC contract", () => {
  it("covers every channel, and main registers exactly those", () => {
    expect(Object.keys(IPC_CONTRACT).sort()).toEqual(Object.keys(CHANNELS).sort());
    const main = wiredMain();
    expect([...main.listeners.keys()].sort()).toEqual(Object.values(CHANNELS).sort());
    main.unregister();
    expect(main.listeners.size).toBe(0);
  });

  it.each(Object.entries(BAD_ARGUMENTS))("%s: refused arguments get INVALID_IPC_ARGUMENT, run nothing, change nothing", async (name, cases) => {
    const main = wiredMain();
    const before = main.onDisk();
    for (const args of cases) {
      const answer = (await main.call(name as IpcName, ...args)) as { ok: boolean; error?: { code: string; message: string } };
      expect(answer.ok, JSON.stringify(args).slice(0, 80)).toBe(false);
      expect(answer.error?.code).toBe("INVALID_IPC_ARGUMENT");
      expect(answer.error?.message).toContain(CHANNELS[name as IpcName]);
    }
    expect(main.ran).toEqual([]);
    expect(main.opened).toEqual([]);
    expect(main.requests).toEqual([]);
    expect(main.onDisk()).toBe(before);
    expect(main.store.list()).toHaveLength(1);
  });

  it("a snapshot's name as the CLI takes it reaches the local server's restore, and nothing else does", async () => {
    const main = wiredMain();
    expect(await main.call("localRestoreSnapshot", "demo-seeded_2")).toMatchObject({ ok: true, value: { name: "demo-seeded_2", total: 0 } });
    expect(main.ran).toEqual(["restoreSnapshot demo-seeded_2"]);
  });

  it("passes parsed arguments on: defaults filled in, the handler's answer as value", async () => {
    const main = wiredMain();
    const answer = await main.call("request", { method: "GET", url: "https://auth.example.com/api/auth/ok" });
    expect(answer).toEqual({ ok: true, value: { status: 200, headers: {}, body: "{}" } });
    expect(main.requests).toEqual([{ method: "GET", url: "https://auth.example.com/api/auth/ok", headers: {} }]);
  });

  it("a handler's refusal is an answer with DESKTOP_CALL_FAILED and its words, not a thrown error", async () => {
    const main = wiredMain();
    expect(await main.call("addServer", { name: "Files", url: "ftp://files.example.com" })).toEqual({
      ok: false,
      error: { code: "DESKTOP_CALL_FAILED", message: "The address must start with https:// or http://" },
    });
    expect(await main.call("useServer", "no-such-id")).toEqual({ ok: false, error: { code: "DESKTOP_CALL_FAILED", message: "No such server" } });
    expect(main.store.list()).toHaveLength(1);
  });
});

describe("the preload's bridge over the contract", () => {
  /** The page's window.latchkey wired straight to main's registered handlers. */
  function page() {
    const main = wiredMain();
    const api = createDesktopApi(
      {
        invoke: async (channel, ...args) => main.listeners.get(channel)!(APP_PAGE, ...args),
        on: () => undefined,
        removeListener: () => undefined,
      },
      { platform: "linux", appVersion: "1.2.3" },
    );
    return { main, api };
  }

  it("answers typed values", async () => {
    const { api } = page();
    const added = await api.addServer({ name: "Staging", url: "https://staging.example.com/x" });
    expect(added).toMatchObject({ name: "Staging", url: "https://staging.example.com", kind: "remote" });
    expect(await api.useServer(added.id)).toMatchObject({ id: added.id });
    expect((await api.listServers()).map((s) => s.name).sort()).toEqual(["Prod", "Staging"]);
    expect((await api.localServer.status()).state).toBe("stopped");
  });

  it("turns a failure into a DesktopCallError with the code", async () => {
    const { api, main } = page();
    const invalid = await api.removeServer(42 as unknown as string).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(DesktopCallError);
    expect((invalid as DesktopCallError).code).toBe("INVALID_IPC_ARGUMENT");
    const refused = await api.openExternal("file:///etc/passwd").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DesktopCallError);
    expect((refused as DesktopCallError).code).toBe("DESKTOP_CALL_FAILED");
    expect((refused as Error).message).toBe("Only http(s) addresses open in the browser");
    expect(main.opened).toEqual([]);
  });

  it("refuses an answer that is not in the contract's form", async () => {
    const api = createDesktopApi({ invoke: async () => ["not", "an", "answer"], on: () => undefined, removeListener: () => undefined }, { platform: "linux", appVersion: "1" });
    await expect(api.listServers()).rejects.toThrow(/unknown form/);
  });
});
