/**
 * The app's half of the desktop hand-off in main (issue 21), in plain Node: the loopback
 * listener and the latchkey: link receiver take only their own state, once; the browser sign-in
 * trades a real server's code for an account, one session per person, and refuses a forged code
 * without keeping anything. The "system browser" is the test calling the server's sign-in route
 * with the hand-off parameters and following `redirect_uri`, as the console's page does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Accounts } from "../../electron/main/accounts.js";
import { BrowserSignIn, handOffAddress, newPkcePair } from "../../electron/main/browser-sign-in.js";
import { AppLinkReceivers, appLinkInArgv, HandOffCancelled, startLoopbackReceiver } from "../../electron/main/hand-off-receivers.js";
import type { FetchLike } from "../../electron/main/request-proxy.js";
import { ServerStore } from "../../electron/main/servers.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { fakeEncryptor } from "./helpers.js";

const CODE = "Abcd0123Efgh4567Ijkl8901Mnop2345";

describe("the loopback listener", () => {
  it("answers 204 only to its own state and a code, once, then closes", async () => {
    const receiver = await startLoopbackReceiver("TheAppsOwnState1");
    const callback = new URL(receiver.redirectUri);
    expect(callback.hostname).toBe("127.0.0.1");
    expect(callback.port).not.toBe("");
    expect((await fetch(`${callback.origin}/other?code=${CODE}&state=TheAppsOwnState1`)).status).toBe(404);
    expect((await fetch(`${receiver.redirectUri}?code=${CODE}&state=SomeoneElsesState`)).status).toBe(400);
    expect((await fetch(`${receiver.redirectUri}?code=${CODE}`)).status).toBe(400);
    expect((await fetch(`${receiver.redirectUri}?code=not%20a%20code&state=TheAppsOwnState1`)).status).toBe(400);
    expect((await fetch(`${receiver.redirectUri}?code=${CODE}&state=TheAppsOwnState1`, { method: "POST" })).status).toBe(404);
    const answer = await fetch(`${receiver.redirectUri}?code=${CODE}&state=TheAppsOwnState1`);
    expect(answer.status).toBe(204);
    await expect(receiver.code).resolves.toBe(CODE);
    await expect(fetch(`${receiver.redirectUri}?code=${CODE}&state=TheAppsOwnState1`)).rejects.toThrow();
  });

  it("gives up when cancelled or when the browser never comes back, and closes", async () => {
    const cancelled = await startLoopbackReceiver("StateOne");
    cancelled.cancel();
    await expect(cancelled.code).rejects.toBeInstanceOf(HandOffCancelled);
    await expect(fetch(`${cancelled.redirectUri}?code=${CODE}&state=StateOne`)).rejects.toThrow();
    const forgotten = await startLoopbackReceiver("StateTwo", { timeoutMs: 20 });
    await expect(forgotten.code).rejects.toThrow(/did not come back/);
    await expect(fetch(`${forgotten.redirectUri}?code=${CODE}&state=StateTwo`)).rejects.toThrow();
  });
});

describe("the latchkey: link receiver", () => {
  it("completes the waiting sign-in only with its callback, state and a code", async () => {
    const links = new AppLinkReceivers();
    const receiver = links.start("LinkState0000001");
    expect(receiver.redirectUri).toBe("latchkey://auth/callback");
    expect(links.deliver(`latchkey://auth/callback?code=${CODE}&state=WrongState000001`)).toBe(false);
    expect(links.deliver(`latchkey://elsewhere/callback?code=${CODE}&state=LinkState0000001`)).toBe(false);
    expect(links.deliver("not a url")).toBe(false);
    expect(links.deliver(`latchkey://auth/callback?code=${CODE}&state=LinkState0000001`)).toBe(true);
    await expect(receiver.code).resolves.toBe(CODE);
    // Used: nothing waits any more.
    expect(links.deliver(`latchkey://auth/callback?code=${CODE}&state=LinkState0000001`)).toBe(false);
    // A new sign-in cancels the one before it.
    const first = links.start("First00000000001");
    links.start("Second0000000001");
    await expect(first.code).rejects.toBeInstanceOf(HandOffCancelled);
    expect(appLinkInArgv(["/opt/Latchkey/latchkey", "--flag", `latchkey://auth/callback?code=${CODE}&state=x`])).toBe(`latchkey://auth/callback?code=${CODE}&state=x`);
    expect(appLinkInArgv(["/opt/Latchkey/latchkey"])).toBeNull();
  });
});

describe("accounts", () => {
  it("keep one session per person, park the administrator's while impersonating, and read an older app's single token", () => {
    const accounts = new Accounts();
    expect(accounts.put({ userId: "a", token: "token-a-1" })).toBeNull();
    expect(accounts.put({ userId: "b", token: "token-b-1" })).toBeNull();
    expect(accounts.put({ userId: "a", token: "token-a-2" })).toBe("token-a-1");
    expect(accounts.active()?.token).toBe("token-a-2");
    accounts.impersonate("token-a-2", { userId: "t", token: "token-t" });
    expect(accounts.active()).toEqual({ userId: "t", token: "token-t", parked: { userId: "a", token: "token-a-2" } });
    expect(accounts.tokens().sort()).toEqual(["token-a-2", "token-b-1", "token-t"]);
    expect(accounts.stopImpersonating("token-t")).toEqual({ userId: "a", token: "token-a-2" });
    const copy = Accounts.parse(accounts.serialize());
    expect(copy.all()).toEqual(accounts.all());
    expect(copy.active()?.userId).toBe("a");
    copy.remove("token-a-2");
    expect(copy.active()?.userId).toBe("b");
    const older = Accounts.parse("a-token-from-before-accounts-0001");
    expect(older.active()).toEqual({ userId: "", token: "a-token-from-before-accounts-0001" });
  });
});

describe("signing in through the browser (main)", () => {
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), "latchkey-hand-off-"));
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const realFetch: FetchLike = (url, init) => fetch(url, init);
  let stores = 0;

  function app(browser: (address: URL) => Promise<void>) {
    const store = new ServerStore({ file: join(dir, `servers-${++stores}.json`), encryptor: fakeEncryptor() });
    const serverId = store.use(store.add({ name: "Test", url: server.url }).id).id;
    const opened: string[] = [];
    const signIn = new BrowserSignIn({
      store,
      fetch: realFetch,
      openExternal: async (url) => {
        opened.push(url);
        void browser(new URL(url));
      },
      receive: (state) => startLoopbackReceiver(state),
    });
    return { store, serverId, opened, signIn };
  }

  /** The browser signs in with the hand-off parameters and sends the code to the app, as the page does. */
  const signsIn = (email: string, password: string) => async (address: URL) => {
    const query = new URLSearchParams({ client_id: address.searchParams.get("client_id")!, state: address.searchParams.get("state")!, code_challenge: address.searchParams.get("code_challenge")! });
    const answer = await server.request("POST", `/sign-in/email?${query.toString()}`, { body: { email, password } });
    const code = (answer.body as { electron_authorization_code: string }).electron_authorization_code;
    await fetch(`${address.searchParams.get("redirect_uri")}?code=${code}&state=${address.searchParams.get("state")}`);
  };

  it("trades the code for an account, and a second sign-in of the same person replaces (and ends) the first session", async () => {
    const person = await server.signUp({ email: "main-hand-off@example.com", password: "main hand off 1", name: "Main Hand-off" });
    const desktop = app(signsIn(person.email, person.password));
    await expect(desktop.signIn.start()).resolves.toEqual({ userId: person.userId, email: person.email, name: "Main Hand-off" });
    const address = new URL(desktop.opened[0]!);
    expect(address.href).toBe(
      handOffAddress(server.url, { clientId: "electron", state: address.searchParams.get("state")!, challenge: address.searchParams.get("code_challenge")!, redirectUri: address.searchParams.get("redirect_uri")! }),
    );
    const first = (await desktop.store.accounts(desktop.serverId)).active()!;
    expect(first.userId).toBe(person.userId);
    expect((await server.request("GET", "/get-session", { token: first.token })).status).toBe(200);

    await desktop.signIn.start();
    const accounts = await desktop.store.accounts(desktop.serverId);
    expect(accounts.all()).toHaveLength(1);
    expect(accounts.active()!.token).not.toBe(first.token);
    expect((await server.request("GET", "/get-session", { token: first.token })).body).toBeNull();
  });

  it("refuses a forged code and keeps nothing", async () => {
    const desktop = app(async (address) => {
      await fetch(`${address.searchParams.get("redirect_uri")}?code=Forged0000Code0000Forged0000Code&state=${address.searchParams.get("state")}`);
    });
    await expect(desktop.signIn.start()).rejects.toThrow("Invalid or expired token.");
    expect((await desktop.store.accounts(desktop.serverId)).isEmpty()).toBe(true);
    expect(desktop.store.active()?.signedIn).toBe(false);
  });

  it("makes a fresh state and verifier each time, the challenge their S256", () => {
    const one = newPkcePair();
    const two = newPkcePair();
    expect(one.state).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(one.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(two.state).not.toBe(one.state);
    expect(two.verifier).not.toBe(one.verifier);
  });
});
