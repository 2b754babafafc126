/** Remembered servers and credentials: what is on disk, what the renderer sees, what main sends. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { desktopHandlers } from "../../electron/main/ipc.js";
import { createRequestProxy, type FetchLike } from "../../electron/main/request-proxy.js";
import type { LocalServerHost } from "../../electron/main/server-host.js";
import { ServerStore, normalizeServerUrl } from "../../electron/main/servers.js";
import { fakeEncryptor } from "./helpers.js";

const dirs: string[] = [];
function storeFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-servers-"));
  dirs.push(dir);
  return join(dir, "nested", "servers.json");
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const TOKEN = "tok_9f8e7d6c5b4a3210";

describe("ServerStore", () => {
  it("adds, lists, uses and removes servers; the file survives a restart with mode 0600", () => {
    const file = storeFile();
    let n = 0;
    const store = new ServerStore({ file, encryptor: fakeEncryptor(), randomId: () => `id${++n}`, now: () => 1000 });
    expect(store.list()).toEqual([]);
    expect(store.active()).toBeNull();

    const a = store.add({ name: "Prod", url: "https://auth.example.com/some/path?x=1" });
    expect(a).toEqual({ id: "id1", name: "Prod", url: "https://auth.example.com", kind: "remote", signedIn: false });
    expect(store.add({ name: "Again", url: "https://auth.example.com" }).id).toBe("id1");
    const b = store.add({ name: "", url: "http://10.0.0.5:3000" });
    expect(b.name).toBe("10.0.0.5:3000");
    expect(store.use(b.id)).toMatchObject({ id: "id2" });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const reopened = new ServerStore({ file, encryptor: fakeEncryptor() });
    expect(reopened.list().map((s) => s.url)).toEqual(["https://auth.example.com", "http://10.0.0.5:3000"]);
    expect(reopened.active()?.id).toBe("id2");
    reopened.remove("id2");
    expect(reopened.active()).toBeNull();
    expect(() => reopened.remove("id2")).toThrow(/No such server/);
    expect(() => reopened.use("missing")).toThrow(/No such server/);
    expect(new ServerStore({ file, encryptor: fakeEncryptor() }).list()).toHaveLength(1);
  });

  it("refuses addresses that are not http(s) origins", () => {
    expect(() => normalizeServerUrl("ftp://x")).toThrow(/https:\/\//);
    expect(() => normalizeServerUrl("auth.example.com")).toThrow(/full address/);
    expect(() => normalizeServerUrl("https://user:pw@auth.example.com")).toThrow(/user name/);
    expect(() => normalizeServerUrl("javascript:alert(1)")).toThrow();
  });

  it("keeps one local entry whose URL follows the port", () => {
    const store = new ServerStore({ file: storeFile(), encryptor: fakeEncryptor() });
    const first = store.upsertLocal("http://127.0.0.1:40001");
    const second = store.upsertLocal("http://127.0.0.1:40002");
    expect(second.id).toBe(first.id);
    expect(store.list()).toEqual([expect.objectContaining({ kind: "local", url: "http://127.0.0.1:40002" })]);
  });

  it("encrypts the credential at rest and never writes it in the clear", async () => {
    const file = storeFile();
    const encryptor = fakeEncryptor(true);
    const store = new ServerStore({ file, encryptor });
    const server = store.add({ name: "Prod", url: "https://auth.example.com" });
    await store.setCredential(server.id, TOKEN);
    expect(encryptor.calls).toBe(1);
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text).servers[0].credential).toEqual(expect.any(String));
    expect(store.list()[0]?.signedIn).toBe(true);
    // Nothing the renderer receives carries it.
    expect(JSON.stringify([store.list(), store.active(), store.get(server.id)])).not.toContain(TOKEN);
    expect(JSON.stringify(store.list())).not.toContain("credential");

    const restarted = new ServerStore({ file, encryptor: fakeEncryptor(true) });
    expect(await restarted.credential(server.id)).toBe(TOKEN);
    restarted.forgetCredential(server.id);
    expect(await restarted.credential(server.id)).toBeNull();
    expect(JSON.parse(readFileSync(file, "utf8")).servers[0].credential).toBeUndefined();
  });

  it("without real encryption the credential lives in memory only, for this session", async () => {
    const file = storeFile();
    const store = new ServerStore({ file, encryptor: fakeEncryptor(false) });
    const server = store.add({ name: "Prod", url: "https://auth.example.com" });
    await store.setCredential(server.id, TOKEN);
    expect(await store.credential(server.id)).toBe(TOKEN);
    expect(store.get(server.id)?.signedIn).toBe(true);
    expect(readFileSync(file, "utf8")).not.toContain(TOKEN);
    expect(await store.encryptsAtRest()).toBe(false);
    const restarted = new ServerStore({ file, encryptor: fakeEncryptor(false) });
    expect(await restarted.credential(server.id)).toBeNull();
    expect(restarted.get(server.id)?.signedIn).toBe(false);
  });

  it("a credential the keychain can no longer decrypt is dropped, not fatal", async () => {
    const file = storeFile();
    const store = new ServerStore({ file, encryptor: fakeEncryptor() });
    const server = store.add({ name: "Prod", url: "https://auth.example.com" });
    await store.setCredential(server.id, TOKEN);
    const other = { available: async () => true, encrypt: async (s: string) => Buffer.from(s), decrypt: async () => Promise.reject(new Error("bad key")) };
    const restarted = new ServerStore({ file, encryptor: other });
    expect(await restarted.credential(server.id)).toBeNull();
    expect(restarted.get(server.id)?.signedIn).toBe(false);
  });

  it("a damaged file starts an empty list", () => {
    const file = storeFile();
    new ServerStore({ file, encryptor: fakeEncryptor() }).add({ name: "x", url: "https://a.example" });
    writeFileSync(file, "{not json");
    expect(new ServerStore({ file, encryptor: fakeEncryptor() }).list()).toEqual([]);
  });
});

describe("request proxy (DesktopApi.request)", () => {
  function setup() {
    const store = new ServerStore({ file: storeFile(), encryptor: fakeEncryptor() });
    const server = store.use(store.add({ name: "Prod", url: "https://auth.example.com" }).id);
    const sent: Array<{ url: string; init: Parameters<FetchLike>[1] }> = [];
    let answer: { status: number; headers: Record<string, string>; body: string } = { status: 200, headers: {}, body: "{}" };
    const fetch: FetchLike = async (url, init) => {
      sent.push({ url, init });
      const headers = new Headers(answer.headers);
      return { status: answer.status, headers, text: async () => answer.body };
    };
    const request = createRequestProxy({ store, fetch, appOrigins: ["app://latchkey"] });
    return { store, server, sent, request, answer: (a: typeof answer) => (answer = a) };
  }

  it("keeps the token the server issues, sends it as a bearer, and hides it from the renderer", async () => {
    const { store, server, sent, request, answer } = setup();
    answer({ status: 200, headers: { "set-auth-token": TOKEN, "set-cookie": "latchkey.session_token=x", "content-type": "application/json" }, body: '{"user":{"id":"user-1"}}' });
    const signIn = await request({ method: "POST", url: "https://auth.example.com/api/auth/sign-in/email", headers: { "content-type": "application/json" }, body: "{}" });
    expect(signIn.status).toBe(200);
    expect(signIn.headers["content-type"]).toBe("application/json");
    expect(JSON.stringify(signIn)).not.toContain(TOKEN);
    expect(signIn.headers["set-cookie"]).toBeUndefined();
    expect(sent[0]?.init.headers.authorization).toBeUndefined();
    expect(await store.credential(server.id)).toBe(TOKEN);

    answer({ status: 200, headers: {}, body: "{}" });
    await request({ method: "GET", url: "https://auth.example.com/api/auth/get-session", headers: { Authorization: "Bearer forged", Cookie: "a=b", Origin: "https://evil.example" } });
    expect(sent[1]?.init.headers).toEqual({ authorization: `Bearer ${TOKEN}` });
    expect(sent[1]?.init.redirect).toBe("manual");

    await request({ method: "POST", url: "https://auth.example.com/api/auth/sign-out", headers: {}, body: "{}" });
    expect(await store.credential(server.id)).toBeNull();
  });

  it("sends calls addressed to the app's own origin to the active server", async () => {
    const { store, sent, request } = setup();
    await store.setCredential(store.active()!.id, TOKEN);
    await request({ method: "GET", url: "app://latchkey/api/auth/get-session?disableCookieCache=true", headers: {} });
    expect(sent[0]?.url).toBe("https://auth.example.com/api/auth/get-session?disableCookieCache=true");
    expect(sent[0]?.init.headers.authorization).toBe(`Bearer ${TOKEN}`);
    await expect(request({ method: "GET", url: "app://elsewhere/api/auth/get-session", headers: {} })).rejects.toThrow(/Invalid request URL/);
  });

  it("sends nothing to any origin but the active server's", async () => {
    const { store, sent, request } = setup();
    await store.setCredential(store.active()!.id, TOKEN);
    await expect(request({ method: "GET", url: "https://evil.example/steal", headers: {} })).rejects.toThrow(/only to the active server/);
    await expect(request({ method: "GET", url: "https://auth.example.com.evil.example/", headers: {} })).rejects.toThrow(/only to the active server/);
    await expect(request({ method: "DELETE", url: "https://auth.example.com/", headers: {} })).rejects.toThrow(/GET and POST/);
    await expect(request({ method: "GET", url: "file:///etc/passwd", headers: {} })).rejects.toThrow(/Invalid request URL/);
    await expect(request("nonsense")).rejects.toThrow();
    expect(sent).toHaveLength(0);
  });
});

describe("IPC handlers", () => {
  it("make the local server active after setup, and refuse in words what they cannot do", async () => {
    const store = new ServerStore({ file: storeFile(), encryptor: fakeEncryptor() });
    const status = { state: "running", url: "http://127.0.0.1:41000", databasePath: "/x/latchkey.db", version: "0.1.0", error: null, pid: 1, initialized: true } as const;
    const host = { setup: async () => status, start: async () => status, stop: async () => status, status: () => status, logs: () => [] } as unknown as LocalServerHost;
    const opened: string[] = [];
    const handlers = desktopHandlers({ store, host, request: async () => ({ status: 200, headers: {}, body: "" }), openExternal: async (url) => void opened.push(url), signInWithBrowser: async () => ({ email: "", name: "" }) });

    await handlers.localSetup({ admin: { email: "ops@example.com", password: "long-enough-1", name: "Ops" } });
    expect(store.active()).toMatchObject({ kind: "local", url: "http://127.0.0.1:41000", signedIn: false });
    expect(() => handlers.useServer("no-such-id")).toThrow();
    await expect(handlers.openExternal("file:///etc/passwd")).rejects.toThrow(/http/);
    await handlers.openExternal("https://example.com/docs");
    expect(opened).toEqual(["https://example.com/docs"]);
  });
});
