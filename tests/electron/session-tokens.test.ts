/**
 * The desktop app's pages never receive a session token (#27, item 4): main's request proxy,
 * driven against a real Latchkey server, answers every call with the tokens replaced by opaque
 * handles — in headers and bodies — while keeping the real token for itself, and the handles
 * still revoke sessions where the console uses them.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DesktopResponse } from "../../shared/desktop-api.js";
import { createRequestProxy, type FetchLike } from "../../electron/main/request-proxy.js";
import { HANDLE_PREFIX, SessionHandles, resolveHandleInRequest, scrubAnswerBody } from "../../electron/main/session-tokens.js";
import { ServerStore } from "../../electron/main/servers.js";
import { startTestServer, type TestServer } from "../helpers/test-server.js";
import { secretOf, totpAt } from "../server/two-factor/support.js";
import { fakeEncryptor } from "./helpers.js";

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), "latchkey-desktop-tokens-"));
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const realFetch: FetchLike = (url, init) => fetch(url, init);
let stores = 0;

/** Main's side as main.ts wires it: a store whose active server is the test server, and the proxy. */
function desktop() {
  const store = new ServerStore({ file: join(dir, `servers-${++stores}.json`), encryptor: fakeEncryptor() });
  const entry = store.use(store.add({ name: "Test", url: server.url }).id);
  const request = createRequestProxy({ store, fetch: realFetch, appOrigins: ["app://latchkey"] });
  /** Every answer the renderer got, to search for tokens at the end of a test. */
  const seen: DesktopResponse[] = [];
  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const answer = await request({
      method,
      url: `app://latchkey/api/auth${path}`,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    seen.push(answer);
    return { status: answer.status, text: answer.body, json: answer.body ? JSON.parse(answer.body) : null, headers: answer.headers };
  };
  const credential = async () => (await store.credential(entry.id))!;
  /** No answer the renderer received holds any of these strings, in any header or body. */
  const expectNoneContains = (tokens: string[]) => {
    expect(tokens.every((token) => token.length >= 16)).toBe(true);
    const raw = JSON.stringify(seen);
    for (const token of tokens) expect(raw).not.toContain(token);
  };
  return { store, call, credential, expectNoneContains };
}

const PASSWORD = "correct horse battery";

describe("the desktop app's request proxy against a real server (#27)", () => {
  it("hides the session token of sign-in, sign-up and get-session, and keeps it for itself (#27)", async () => {
    const app = desktop();
    const signUp = await app.call("POST", "/sign-up/email", { email: "desktop-signup@example.com", password: PASSWORD, name: "Desk Top" });
    expect(signUp.status).toBe(200);
    const signUpToken = await app.credential();
    expect(signUpToken).toMatch(/^[A-Za-z0-9]{32}$/);
    // The sign-up page tests `token` to tell "signed in" from "check your mail": a handle is truthy.
    expect(signUp.json.token).toMatch(new RegExp(`^${HANDLE_PREFIX}`));

    const signIn = await app.call("POST", "/sign-in/email", { email: "desktop-signup@example.com", password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user.email).toBe("desktop-signup@example.com");
    const token = await app.credential();
    expect(token).not.toBe(signUpToken);
    expect(signIn.headers["set-auth-token"]).toBeUndefined();
    expect(signIn.headers["set-cookie"]).toBeUndefined();

    const session = await app.call("GET", "/get-session");
    expect(session.status).toBe(200);
    expect(session.json.user.email).toBe("desktop-signup@example.com");
    // One token, one handle: the sign-in's and get-session's are the same.
    expect(session.json.session.token).toBe(signIn.json.token);
    expect(session.json.session.token.startsWith(HANDLE_PREFIX)).toBe(true);
    // The stored credential is the real one: the server answers it directly.
    expect((await server.request("GET", "/get-session", { token })).body.user.email).toBe("desktop-signup@example.com");
    app.expectNoneContains([signUpToken, token]);
  });

  it("hides it in sign-in by username and in change-password's new token (#27)", async () => {
    await server.signUp({ email: "desktop-username@example.com", password: PASSWORD, username: "desktopper" });
    const app = desktop();
    const signIn = await app.call("POST", "/sign-in/username", { username: "desktopper", password: PASSWORD });
    expect(signIn.status).toBe(200);
    const first = await app.credential();
    const changed = await app.call("POST", "/change-password", { currentPassword: PASSWORD, newPassword: "battery staple horse", revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect(changed.json.token.startsWith(HANDLE_PREFIX)).toBe(true);
    const second = await app.credential();
    expect(second).not.toBe(first);
    expect((await app.call("GET", "/get-session")).json.user.username).toBe("desktopper");
    app.expectNoneContains([first, second]);
  });

  it("lists sessions with handles that still revoke them, and no token (#27)", async () => {
    const other = await server.signUp({ email: "desktop-lists@example.com", password: PASSWORD });
    const app = desktop();
    await app.call("POST", "/sign-in/email", { email: "desktop-lists@example.com", password: PASSWORD });
    const token = await app.credential();

    const listed = await app.call("GET", "/list-sessions");
    expect(listed.status).toBe(200);
    expect(listed.json).toHaveLength(2);
    for (const row of listed.json) expect(row.token.startsWith(HANDLE_PREFIX)).toBe(true);
    const current = (await app.call("GET", "/get-session")).json.session.id;
    const otherRow = listed.json.find((row: { id: string }) => row.id !== current);

    const devices = await app.call("GET", "/multi-session/list-device-sessions");
    expect(devices.status).toBe(200);

    // The console's sessions list revokes by the listed `token`: main swaps the handle back.
    const revoked = await app.call("POST", "/revoke-session", { token: otherRow.token });
    expect(revoked.json).toEqual({ status: true });
    expect((await server.request("GET", "/get-session", { token: other.token })).body).toBeNull();
    expect((await app.call("GET", "/list-sessions")).json.map((row: { id: string }) => row.id)).toEqual([current]);
    app.expectNoneContains([token, other.token]);
  });

  it("hides the token two-factor verify answers (#27)", async () => {
    const app = desktop();
    await app.call("POST", "/sign-up/email", { email: "desktop-2fa@example.com", password: PASSWORD, name: "Two Factor" });
    const token = await app.credential();
    const enabled = await app.call("POST", "/two-factor/enable", { password: PASSWORD });
    expect(enabled.status).toBe(200);
    const verified = await app.call("POST", "/two-factor/verify-totp", { code: totpAt(secretOf(enabled.json.totpURI), server.clock.now()) });
    expect(verified.status).toBe(200);
    expect(verified.json.user.twoFactorEnabled).toBe(true);
    expect(verified.json.token.startsWith(HANDLE_PREFIX)).toBe(true);
    app.expectNoneContains([token]);
  });

  it("hides other users' tokens in the admin's session list and impersonation, and revokes by handle (#27)", async () => {
    const admin = await server.signUp({ email: "desktop-admin@example.com", password: PASSWORD });
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const target = await server.signUp({ email: "desktop-target@example.com", password: PASSWORD });
    const second = await server.request("POST", "/sign-in/email", { body: { email: "desktop-target@example.com", password: PASSWORD } });
    const targetTokens = [target.token, second.headers.get("set-auth-token")!];

    const app = desktop();
    await app.call("POST", "/sign-in/email", { email: "desktop-admin@example.com", password: PASSWORD });
    const adminToken = await app.credential();
    const listed = await app.call("POST", "/admin/list-user-sessions", { userId: target.userId });
    expect(listed.json.sessions).toHaveLength(2);
    for (const row of listed.json.sessions) expect(row.token.startsWith(HANDLE_PREFIX)).toBe(true);
    const revoked = await app.call("POST", "/admin/revoke-user-session", { sessionToken: listed.json.sessions[0].token });
    expect(revoked.json).toEqual({ success: true, revoked: true });
    expect((await app.call("POST", "/admin/list-user-sessions", { userId: target.userId })).json.sessions).toHaveLength(1);

    const impersonated = await app.call("POST", "/admin/impersonate-user", { userId: target.userId });
    expect(impersonated.status).toBe(200);
    expect(impersonated.json.session.token.startsWith(HANDLE_PREFIX)).toBe(true);
    const impersonation = await app.credential();
    expect(impersonation).not.toBe(adminToken);
    app.expectNoneContains([adminToken, impersonation, ...targetTokens]);
  });

  it("never swaps a handle back where the server could echo it (#27)", async () => {
    const app = desktop();
    const signUp = await app.call("POST", "/sign-up/email", { email: "desktop-echo@example.com", password: PASSWORD, name: "Echo" });
    const handle: string = signUp.json.token;
    const token = await app.credential();
    // A compromised page saves the handle as its name and reads it back: it stays the handle.
    expect((await app.call("POST", "/update-user", { name: handle })).status).toBe(200);
    const session = await app.call("GET", "/get-session");
    expect(session.json.user.name).toBe(handle);
    const [row] = await server.database.db.selectFrom("user").select("name").where("email", "=", "desktop-echo@example.com").execute();
    expect(row!.name).toBe(handle);
    app.expectNoneContains([token]);
  });
});

describe("session handles (#27)", () => {
  const token = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

  it("are stable per server and token, and map back only for the server they were made for (#27)", () => {
    const handles = new SessionHandles({ key: Buffer.alloc(32, 7) });
    const a = handles.handleFor("server-a", token);
    expect(handles.handleFor("server-a", token)).toBe(a);
    expect(handles.handleFor("server-b", token)).not.toBe(a);
    expect(a).not.toContain(token);
    expect(handles.tokenFor("server-a", a)).toBe(token);
    expect(handles.tokenFor("server-b", a)).toBeNull();
    expect(handles.tokenFor("server-a", `${HANDLE_PREFIX}unknown`)).toBeNull();
    expect(new SessionHandles({ key: Buffer.alloc(32, 8) }).handleFor("server-a", token)).not.toBe(a);
  });

  it("forget the oldest beyond their limit (#27)", () => {
    const handles = new SessionHandles({ limit: 2 });
    const first = handles.handleFor("s", `${token}1`);
    handles.handleFor("s", `${token}2`);
    handles.handleFor("s", `${token}3`);
    expect(handles.tokenFor("s", first)).toBeNull();
  });

  it("replace tokens in every session position and known tokens anywhere, JSON or not (#27)", () => {
    const handles = new SessionHandles({ key: Buffer.alloc(32, 1) });
    const options = { handles, serverId: "s", known: [token, null, "short"] };
    const handle = handles.handleFor("s", token);
    // Passkey sign-in and set-active answer {session: {token}, user}; better-auth's lists carry raw tokens.
    const passkey = JSON.parse(scrubAnswerBody(JSON.stringify({ session: { id: "1", token: "raw-passkey-session-token" }, user: { id: "u" } }), "application/json", options));
    expect(passkey.session.token).toBe(handles.handleFor("s", "raw-passkey-session-token"));
    const devices = JSON.parse(scrubAnswerBody(JSON.stringify([{ session: { token: "raw-device-token-0001" }, user: {} }]), "application/json; charset=utf-8", options));
    expect(devices[0].session.token.startsWith(HANDLE_PREFIX)).toBe(true);
    // A known token in a field the rule does not name, and in a "__proto__" key's value.
    const odd = scrubAnswerBody(`{"nested":{"deep":["x ${token} y"]},"__proto__":{"a":"${token}"}}`, "application/json", options);
    expect(odd).not.toContain(token);
    expect(JSON.parse(odd)).toEqual(JSON.parse(`{"nested":{"deep":["x ${handle} y"]},"__proto__":{"a":"${handle}"}}`));
    expect(scrubAnswerBody(`<p>${token}</p>`, "text/html", options)).toBe(`<p>${handle}</p>`);
    expect(scrubAnswerBody(`{broken ${token}`, "application/json", options)).toBe(`{broken ${handle}`);
    // Untouched answers keep their exact bytes; an outbox mail's own `token` is not a session's.
    const outbox = '{ "enabled": true, "mails": [{"token": "mail-verification-token"}] }';
    expect(scrubAnswerBody(outbox, "application/json", options)).toBe(outbox);
  });

  it("swap a handle back only in the fields that name a session to revoke or activate (#27)", () => {
    const handles = new SessionHandles();
    const handle = handles.handleFor("s", token);
    const swap = (path: string, body: unknown) => resolveHandleInRequest(path, JSON.stringify(body), { handles, serverId: "s" });
    expect(JSON.parse(swap("/api/auth/revoke-session", { token: handle })!)).toEqual({ token });
    expect(JSON.parse(swap("/api/auth/admin/revoke-user-session", { sessionToken: handle })!)).toEqual({ sessionToken: token });
    expect(JSON.parse(swap("/api/auth/multi-session/set-active", { sessionToken: handle })!)).toEqual({ sessionToken: token });
    expect(JSON.parse(swap("/api/auth/multi-session/revoke", { sessionToken: handle })!)).toEqual({ sessionToken: token });
    expect(swap("/api/auth/update-user", { name: handle })).not.toContain(token);
    expect(swap("/api/auth/revoke-session", { name: handle })).not.toContain(token);
    expect(resolveHandleInRequest("/api/auth/revoke-session", JSON.stringify({ token: handle }), { handles, serverId: "other" })).not.toContain(token);
  });
});
