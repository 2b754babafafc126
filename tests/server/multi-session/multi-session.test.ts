import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../../server/crypto/tokens.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows, openBrowser, type Browser } from "../account/support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let n = 0;
async function signUpIn(browser: Browser, target = server) {
  const email = `device-${n++}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const response = await browser.post(`${target.api}/sign-up/email`, { email, password: "password123", name: `Device ${n}` });
  expect(response.status).toBe(200);
  return { email, token: response.body.token as string, userId: response.body.user.id as string };
}

const alive = async (token: string, target = server) => (await target.request("GET", "/get-session", { token })).body !== null;

describe("multi-session", () => {
  it("lists every user signed in in this browser, with handles instead of tokens", async () => {
    const browser = openBrowser(server);
    const a = await signUpIn(browser);
    const b = await signUpIn(browser);
    const c = await signUpIn(browser);
    expect(browser.multiCookies()).toHaveLength(3);
    const response = await browser.get("/multi-session/list-device-sessions");
    expect(response.status).toBe(200);
    const users = response.body.map((s: { user: { id: string } }) => s.user.id).sort();
    expect(users).toEqual([a.userId, b.userId, c.userId].sort());
    const handles = response.body.map((s: { session: { token: string } }) => s.session.token).sort();
    expect(handles).toEqual([a.token, b.token, c.token].map(hashSecret).sort());
    const text = JSON.stringify(response.body);
    for (const raw of [a.token, b.token, c.token]) expect(text).not.toContain(raw);
    // The active session is the last one signed in.
    expect((await browser.get("/get-session")).body.user.id).toBe(c.userId);
  });

  it("answers an empty list to a browser without sessions", async () => {
    const response = await openBrowser(server).get("/multi-session/list-device-sessions");
    expect(response.body).toEqual([]);
  });

  it("set-active switches the active user (by handle or raw token)", async () => {
    const browser = openBrowser(server);
    const a = await signUpIn(browser);
    const b = await signUpIn(browser);
    const byHandle = await browser.post("/multi-session/set-active", { sessionToken: hashSecret(a.token) });
    expect(byHandle.status).toBe(200);
    expect(byHandle.body.user.id).toBe(a.userId);
    expect(byHandle.body.session.token).toBe(a.token);
    expect((await browser.get("/get-session")).body.user.id).toBe(a.userId);
    await browser.post("/multi-session/set-active", { sessionToken: b.token });
    expect((await browser.get("/get-session")).body.user.id).toBe(b.userId);
    expect(browser.multiCookies()).toHaveLength(2);
  });

  it("set-active refuses a session this browser does not hold, or a dead one", async () => {
    const browser = openBrowser(server);
    const a = await signUpIn(browser);
    const stranger = await server.signUp();
    const foreign = await browser.post("/multi-session/set-active", { sessionToken: stranger.token });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toEqual({ code: "INVALID_SESSION_TOKEN", message: "Invalid session token" });
    const b = await signUpIn(browser);
    await server.request("POST", "/revoke-sessions", { token: a.token, body: {} });
    const dead = await browser.post("/multi-session/set-active", { sessionToken: hashSecret(a.token) });
    expect(dead.status).toBe(401);
    expect(browser.multiCookies()).toHaveLength(1);
    expect((await browser.get("/get-session")).body.user.id).toBe(b.userId);
  });

  it("revoke ends one device session; revoking the active one activates the next", async () => {
    const browser = openBrowser(server);
    const a = await signUpIn(browser);
    const b = await signUpIn(browser);
    const c = await signUpIn(browser);
    const inactive = await browser.post("/multi-session/revoke", { sessionToken: hashSecret(a.token) });
    expect(inactive.body).toEqual({ status: true });
    expect(await alive(a.token)).toBe(false);
    expect((await browser.get("/get-session")).body.user.id).toBe(c.userId);
    await browser.post("/multi-session/revoke", { sessionToken: hashSecret(c.token) });
    expect(await alive(c.token)).toBe(false);
    expect((await browser.get("/get-session")).body.user.id).toBe(b.userId);
    const list = await browser.get("/multi-session/list-device-sessions");
    expect(list.body.map((s: { user: { id: string } }) => s.user.id)).toEqual([b.userId]);
    await browser.post("/multi-session/revoke", { sessionToken: hashSecret(b.token) });
    expect(browser.sessionCookie()).toBeUndefined();
    const events = await auditRows(server, "session.revoke");
    expect(events.filter((e) => e.metadata?.via === "multi-session").length).toBeGreaterThanOrEqual(3);
  });

  it("revoke refuses a session this browser does not hold and needs a session", async () => {
    const browser = openBrowser(server);
    await signUpIn(browser);
    const stranger = await server.signUp();
    const response = await browser.post("/multi-session/revoke", { sessionToken: hashSecret(stranger.token) });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("INVALID_SESSION_TOKEN");
    expect(await alive(stranger.token)).toBe(true);
    const anonymous = await openBrowser(server).post("/multi-session/revoke", { sessionToken: "x" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("UNAUTHORIZED");
  });

  it("signing in again as the same user replaces that user's older device session", async () => {
    const browser = openBrowser(server);
    const a = await signUpIn(browser);
    await signUpIn(browser);
    const again = await browser.post("/sign-in/email", { email: a.email, password: "password123" });
    expect(again.status).toBe(200);
    expect(await alive(a.token)).toBe(false);
    expect(browser.multiCookies()).toHaveLength(2);
    const list = await browser.get("/multi-session/list-device-sessions");
    expect(list.body).toHaveLength(2);
  });

  it("keeps at most maximumSessions (5 by default): the oldest is dropped and revoked", async () => {
    const browser = openBrowser(server);
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await signUpIn(browser));
    expect(browser.multiCookies()).toHaveLength(5);
    expect(await alive(users[0]!.token)).toBe(false);
    for (const user of users.slice(1)) expect(await alive(user.token)).toBe(true);
    const list = await browser.get("/multi-session/list-device-sessions");
    expect(list.body.map((s: { user: { id: string } }) => s.user.id).sort()).toEqual(users.slice(1).map((u) => u.userId).sort());
  });

  it("honours a configured limit", async () => {
    const local = await startTestServer({ config: { multiSession: { maximumSessions: 2 } } });
    try {
      const browser = openBrowser(local);
      const a = await signUpIn(browser, local);
      const b = await signUpIn(browser, local);
      const c = await signUpIn(browser, local);
      expect(browser.multiCookies()).toHaveLength(2);
      expect(await alive(a.token, local)).toBe(false);
      expect(await alive(b.token, local)).toBe(true);
      expect(await alive(c.token, local)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it("sign-out ends every session of the browser", async () => {
    const browser = openBrowser(server);
    const a = await signUpIn(browser);
    const b = await signUpIn(browser);
    expect((await browser.post("/sign-out", {})).body).toEqual({ success: true });
    expect(await alive(a.token)).toBe(false);
    expect(await alive(b.token)).toBe(false);
    expect(browser.multiCookies()).toEqual([]);
    expect((await browser.get("/multi-session/list-device-sessions")).body).toEqual([]);
  });
});
