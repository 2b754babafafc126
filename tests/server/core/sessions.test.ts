import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isFresh } from "../../../server/core/credentials/powers.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const DAY = 24 * 3600 * 1000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

function cookieFrom(cookies: string[], name: string): string | undefined {
  const line = cookies.find((c) => c.startsWith(`${name}=`));
  return line?.split(";")[0];
}

describe("get-session", () => {
  it("answers null without credentials", async () => {
    const response = await server.request("GET", "/get-session");
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });

  it("answers the session and user for a bearer token", async () => {
    const { token, userId } = await server.signUp();
    const response = await server.request("GET", "/get-session", { token });
    expect(response.body.user.id).toBe(userId);
    expect(response.body.session).toMatchObject({ userId, token });
  });

  it("answers the session for the session cookie", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    const cookie = cookieFrom(signIn.cookies, "latchkey.session_token");
    expect(cookie).toBeDefined();
    const response = await server.request("GET", "/get-session", { cookie });
    expect(response.body.user.email).toBe(email);
  });

  it("answers null for an unknown token", async () => {
    const response = await server.request("GET", "/get-session", { token: "A".repeat(32) });
    expect(response.body).toBeNull();
  });

  it("ignores an unknown query parameter, as better-auth does (issue 12)", async () => {
    const { token, userId } = await server.signUp();
    const response = await server.request("GET", "/get-session?foo=1&__proto__=x", { token });
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(userId);
  });

  it("slides the expiry forward once the session is older than the update age", async () => {
    const { token } = await server.signUp();
    const first = await server.request("GET", "/get-session", { token });
    const initialExpiry = Date.parse(first.body.session.expiresAt);
    server.clock.advance(DAY / 2);
    const early = await server.request("GET", "/get-session", { token });
    expect(Date.parse(early.body.session.expiresAt)).toBe(initialExpiry);
    server.clock.advance(DAY);
    const later = await server.request("GET", "/get-session", { token });
    expect(Date.parse(later.body.session.expiresAt)).toBe(server.clock.now() + 7 * DAY);
  });

  it("does not refresh when disableRefresh is set", async () => {
    const { token } = await server.signUp();
    const first = await server.request("GET", "/get-session", { token });
    server.clock.advance(2 * DAY);
    const second = await server.request("GET", "/get-session?disableRefresh=true", { token });
    expect(second.body.session.expiresAt).toBe(first.body.session.expiresAt);
  });

  it("deletes an expired session when it is seen", async () => {
    const { token, userId } = await server.signUp();
    server.clock.advance(8 * DAY);
    const response = await server.request("GET", "/get-session", { token });
    expect(response.body).toBeNull();
    const rows = await server.database.db.selectFrom("session").selectAll().where("userId", "=", userId).execute();
    expect(rows).toEqual([]);
  });

  it("gives a one-day session and a cookie without Max-Age when rememberMe is false", async () => {
    const { email, password } = await server.signUp();
    const response = await server.request("POST", "/sign-in/email", { body: { email, password, rememberMe: false } });
    const line = response.cookies.find((c) => c.startsWith("latchkey.session_token="));
    expect(line).toBeDefined();
    expect(line).not.toMatch(/Max-Age/i);
    const session = await server.request("GET", "/get-session", { token: response.body.token });
    expect(Date.parse(session.body.session.expiresAt) - server.clock.now()).toBe(DAY);
  });
});

describe("sign-out", () => {
  it("ends the bearer session and answers success", async () => {
    const { token } = await server.signUp();
    const out = await server.request("POST", "/sign-out", { token, body: {} });
    expect(out.body).toEqual({ success: true });
    const after = await server.request("GET", "/get-session", { token });
    expect(after.body).toBeNull();
  });

  it("ends the cookie session and clears the cookie", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    const cookie = cookieFrom(signIn.cookies, "latchkey.session_token") as string;
    const out = await server.request("POST", "/sign-out", { cookie, headers: { origin: server.url } });
    expect(out.status).toBe(200);
    expect(out.cookies.some((c) => c.startsWith("latchkey.session_token=;") && /Max-Age=0/.test(c))).toBe(true);
    const after = await server.request("GET", "/get-session", { cookie });
    expect(after.body).toBeNull();
  });

  it("answers success without a session", async () => {
    const out = await server.request("POST", "/sign-out");
    expect(out.body).toEqual({ success: true });
  });
});

describe("session freshness", () => {
  it("passes a new session and refuses one older than the fresh age with 403 SESSION_NOT_FRESH", async () => {
    const { token } = await server.signUp();
    const { body } = await server.request("GET", "/get-session", { token });
    const row = await server.database.db.selectFrom("session").selectAll().where("id", "=", body.session.id).executeTakeFirstOrThrow();
    expect(isFresh(server.app.context, row)).toBe(true);
    server.clock.advance(DAY + 1000);
    expect(isFresh(server.app.context, row)).toBe(false);
    const stale = await server.request("POST", "/unlink-account", { token, body: { providerId: "credential" } });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({ code: "SESSION_NOT_FRESH", message: "Session is not fresh" });
  });
});
