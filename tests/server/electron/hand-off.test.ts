/**
 * The desktop hand-off in @better-auth/electron's format: better-auth's own client signs in with
 * the app's `client_id`/`state`/`code_challenge` query, gets `electron_authorization_code`, and
 * the app trades it once for a session of its own — refused with the wrong verifier, the wrong
 * state, a second time, or after five minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows } from "../account/support.js";
import { browserTab, totpAt, userWithTotp } from "../two-factor/support.js";
import { decodeHandOffCookie, desktopApp, sessionOfToken } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function countSessions(userId: string): Promise<number> {
  const rows = await server.database.db.selectFrom("session").select("id").where("userId", "=", userId).execute();
  return rows.length;
}

describe("a password sign-in with the hand-off parameters", () => {
  it("answers as usual plus a code, which the app trades once for a new session of its own", async () => {
    const person = await server.signUp();
    const app = await desktopApp(server);
    const tab = browserTab(server);
    const signedIn = await tab.client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    expect(signedIn.error).toBeNull();
    const answer = signedIn.data as unknown as { token: string; user: { id: string }; electron_authorization_code: string };
    expect(answer.user.id).toBe(person.userId);
    expect(answer.electron_authorization_code).toMatch(/^[A-Za-z0-9]{32}$/);
    // The page's copy for better-auth's electronProxyClient: the same code and the app's state.
    expect(decodeHandOffCookie(tab.jar.cookies.get("latchkey.electron"))).toEqual({ identifier: answer.electron_authorization_code, state: app.state });
    // Only the digest is stored.
    const stored = await server.database.db.selectFrom("verification").select("identifier").where("identifier", "like", "desktop-hand-off:%").execute();
    expect(stored.some((row) => row.identifier.includes(answer.electron_authorization_code))).toBe(false);

    const traded = await app.trade(answer.electron_authorization_code);
    expect(traded.error).toBeNull();
    expect(traded.data!.user.id).toBe(person.userId);
    expect(traded.data!.token).not.toBe(answer.token);
    const appSession = await sessionOfToken(server, traded.data!.token);
    expect(appSession?.user.id).toBe(person.userId);
    // The browser's own session is untouched: both live.
    expect((await sessionOfToken(server, answer.token))?.user.id).toBe(person.userId);

    const again = await app.trade(answer.electron_authorization_code);
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({ status: 404, code: "INVALID_TOKEN", message: "Invalid or expired token." });

    const signIns = (await auditRows(server, "user.sign-in")).filter((row) => row.targetId === person.userId);
    expect(signIns.map((row) => row.metadata)).toEqual([
      expect.objectContaining({ method: "email", desktopHandOff: true }),
      expect.objectContaining({ method: "email", desktopApp: true }),
    ]);
  });

  it("works for a sign-up too", async () => {
    const app = await desktopApp(server);
    const tab = browserTab(server);
    const email = `desk-up-${Date.now()}@example.com`;
    const signedUp = await tab.client.signUp.email({ email, password: "password123", name: "Desk" }, { query: app.query });
    const code = (signedUp.data as unknown as { electron_authorization_code: string }).electron_authorization_code;
    const traded = await app.trade(code);
    expect(traded.data!.user.email).toBe(email);
  });

  it("gives no code without the parameters, or for another client id", async () => {
    const person = await server.signUp();
    const tab = browserTab(server);
    const plain = await tab.client.signIn.email({ email: person.email, password: person.password });
    expect(plain.data).not.toHaveProperty("electron_authorization_code");
    const app = await desktopApp(server, "some-other-app");
    const other = await browserTab(server).client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    expect(other.error).toBeNull();
    expect(other.data).not.toHaveProperty("electron_authorization_code");
  });

  it("refuses our client id without a state or a challenge before signing anyone in", async () => {
    const person = await server.signUp();
    const before = await countSessions(person.userId);
    const app = await desktopApp(server);
    const noState = await server.request("POST", `/sign-in/email?client_id=electron&code_challenge=${app.challenge}`, { body: { email: person.email, password: person.password } });
    expect(noState.status).toBe(400);
    expect(noState.body.code).toBe("MISSING_STATE");
    const noChallenge = await server.request("POST", `/sign-in/email?client_id=electron&state=${app.state}`, { body: { email: person.email, password: person.password } });
    expect(noChallenge.status).toBe(400);
    expect(noChallenge.body.code).toBe("MISSING_PKCE");
    expect(await countSessions(person.userId)).toBe(before);
  });
});

describe("trading a code", () => {
  async function codeFor(app: Awaited<ReturnType<typeof desktopApp>>) {
    const person = await server.signUp();
    const signedIn = await browserTab(server).client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    return { person, code: (signedIn.data as unknown as { electron_authorization_code: string }).electron_authorization_code };
  }

  it("refuses the wrong verifier, and the code is gone afterwards (no second guess)", async () => {
    const app = await desktopApp(server);
    const other = await desktopApp(server);
    const { person, code } = await codeFor(app);
    const sessions = await countSessions(person.userId);
    const wrong = await app.trade(code, { verifier: other.verifier });
    expect(wrong.error).toMatchObject({ status: 400, code: "INVALID_CODE_VERIFIER", message: "Invalid code verifier" });
    expect(await countSessions(person.userId)).toBe(sessions);
    const right = await app.trade(code);
    expect(right.error).toMatchObject({ status: 404, code: "INVALID_TOKEN" });
    const failed = (await auditRows(server, "user.desktop-hand-off-failed")).filter((row) => row.targetId === person.userId);
    expect(failed.map((row) => row.reason)).toEqual(["INVALID_CODE_VERIFIER"]);
  });

  it("refuses the wrong state", async () => {
    const app = await desktopApp(server);
    const other = await desktopApp(server);
    const { person, code } = await codeFor(app);
    const sessions = await countSessions(person.userId);
    const wrong = await app.trade(code, { state: other.state });
    expect(wrong.error).toMatchObject({ status: 400, code: "STATE_MISMATCH", message: "state mismatch" });
    expect(await countSessions(person.userId)).toBe(sessions);
  });

  it("refuses a code after five minutes, and accepts one just before", async () => {
    const early = await desktopApp(server);
    const { code: earlyCode } = await codeFor(early);
    server.clock.advance(299_000);
    expect((await early.trade(earlyCode)).error).toBeNull();

    const late = await desktopApp(server);
    const { person, code } = await codeFor(late);
    const sessions = await countSessions(person.userId);
    server.clock.advance(300_000);
    const expired = await late.trade(code);
    expect(expired.error).toMatchObject({ status: 404, code: "INVALID_TOKEN" });
    expect(await countSessions(person.userId)).toBe(sessions);
  });

  it("refuses a made-up code and bad bodies with typed errors", async () => {
    const app = await desktopApp(server);
    const madeUp = await app.trade("A".repeat(32));
    expect(madeUp.error).toMatchObject({ status: 404, code: "INVALID_TOKEN" });
    const empty = await server.request("POST", "/electron/token", { body: { token: "", state: app.state, code_verifier: app.verifier } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("VALIDATION_ERROR");
    const missing = await server.request("POST", "/electron/token", { body: {} });
    expect(missing.status).toBe(400);
  });

  it("refuses a banned user's code", async () => {
    const app = await desktopApp(server);
    const { person, code } = await codeFor(app);
    await server.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", person.userId).execute();
    const traded = await app.trade(code);
    expect(traded.data).toBeNull();
    expect(traded.error?.status).toBe(403);
  });
});

describe("a two-factor sign-in with the hand-off parameters", () => {
  it("holds at the second step without a code, and the step that completes it answers the code", async () => {
    const person = await userWithTotp(server);
    const app = await desktopApp(server);
    const tab = browserTab(server);
    const first = await tab.client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    expect(first.data).toMatchObject({ twoFactorRedirect: true });
    expect(first.data).not.toHaveProperty("electron_authorization_code");
    expect(tab.jar.cookies.has("latchkey.electron")).toBe(false);

    // No parameters on this call: the hand-off is bound to the held sign-in.
    const verified = await tab.client.twoFactor.verifyTotp({ code: totpAt(person.secret, server.clock.now()) });
    expect(verified.error).toBeNull();
    const code = (verified.data as unknown as { electron_authorization_code: string }).electron_authorization_code;
    expect(code).toMatch(/^[A-Za-z0-9]{32}$/);
    const traded = await app.trade(code);
    expect(traded.data!.user.id).toBe(person.userId);
    // The app's session is a full one (not held, not asking for the second step again).
    expect((await server.request("GET", "/list-sessions", { token: traded.data!.token })).status).toBe(200);
  });

  it("carries through a backup code as well", async () => {
    const person = await userWithTotp(server);
    const app = await desktopApp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    const verified = await tab.client.twoFactor.verifyBackupCode({ code: person.backupCodes[0]! });
    expect(verified.error).toBeNull();
    const traded = await app.trade((verified.data as unknown as { electron_authorization_code: string }).electron_authorization_code);
    expect(traded.data!.user.id).toBe(person.userId);
  });
});

describe("other sign-in methods with the hand-off parameters", () => {
  it("a mailed second-step code completes the held sign-in with the code", async () => {
    const person = await userWithTotp(server);
    const app = await desktopApp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: person.email, password: person.password }, { query: app.query });
    expect((await tab.client.twoFactor.sendOtp()).error).toBeNull();
    const mail = (await server.outbox(person.email)).find((m) => m.kind === "otp");
    expect(mail?.token).toMatch(/^\d{6}$/);
    const verified = await tab.client.twoFactor.verifyOtp({ code: mail!.token! });
    expect(verified.error).toBeNull();
    const traded = await app.trade((verified.data as unknown as { electron_authorization_code: string }).electron_authorization_code);
    expect(traded.data!.user.id).toBe(person.userId);
  });

  it("a username sign-in answers the code too", async () => {
    const username = `desk${Date.now().toString(36)}`;
    const person = await server.signUp({ username });
    const app = await desktopApp(server);
    const signedIn = await browserTab(server).client.$fetch("/sign-in/username", { method: "POST", query: app.query, body: { username, password: person.password } });
    expect(signedIn.error).toBeNull();
    const traded = await app.trade((signedIn.data as { electron_authorization_code: string }).electron_authorization_code);
    expect(traded.data!.user.id).toBe(person.userId);
    const signIns = (await auditRows(server, "user.sign-in")).filter((row) => row.targetId === person.userId && row.metadata?.desktopApp === true);
    expect(signIns.map((row) => row.metadata?.method)).toEqual(["username"]);
  });
});

describe("POST /electron/transfer-user", () => {
  it("hands the account signed in in this browser to the app", async () => {
    const person = await server.signUp();
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: person.email, password: person.password });
    const app = await desktopApp(server);
    const transferred = await tab.client.$fetch("/electron/transfer-user", { method: "POST", query: app.query, body: {} });
    expect(transferred.error).toBeNull();
    const answer = transferred.data as { url: string | null; redirect: boolean; electron_authorization_code: string };
    expect(answer).toMatchObject({ url: null, redirect: false });
    expect(decodeHandOffCookie(tab.jar.cookies.get("latchkey.electron")).identifier).toBe(answer.electron_authorization_code);
    const traded = await app.trade(answer.electron_authorization_code);
    expect(traded.data!.user.id).toBe(person.userId);
    const transfers = (await auditRows(server, "user.desktop-hand-off")).filter((row) => row.targetId === person.userId);
    expect(transfers).toHaveLength(1);
  });

  it("answers callbackURL as the place to go", async () => {
    const person = await server.signUp();
    const app = await desktopApp(server);
    const query = new URLSearchParams(app.query).toString();
    const answered = await server.request("POST", `/electron/transfer-user?${query}`, { token: person.token, body: { callbackURL: "/console/" } });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ url: "/console/", redirect: true });
  });

  it("is 401 without a session, and refuses API keys, another client id and missing parameters", async () => {
    const app = await desktopApp(server);
    const query = new URLSearchParams(app.query).toString();
    const anonymous = await server.request("POST", `/electron/transfer-user?${query}`, { body: {} });
    expect(anonymous.status).toBe(401);

    const person = await server.signUp();
    const key = await server.request("POST", "/api-key/create", { token: person.token, body: { name: "desk" } });
    expect(key.status).toBe(200);
    const byKey = await server.request("POST", `/electron/transfer-user?${query}`, { headers: { "x-api-key": key.body.key }, body: {} });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe("API_KEY_NOT_ALLOWED");

    const otherClient = await server.request("POST", `/electron/transfer-user?client_id=nope&state=${app.state}&code_challenge=${app.challenge}`, { token: person.token, body: {} });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.code).toBe("INVALID_CLIENT_ID");
    const noState = await server.request("POST", `/electron/transfer-user?client_id=electron&state=&code_challenge=${app.challenge}`, { token: person.token, body: {} });
    expect(noState.body.code).toBe("MISSING_STATE");
    const noChallenge = await server.request("POST", `/electron/transfer-user?client_id=electron&state=${app.state}&code_challenge=`, { token: person.token, body: {} });
    expect(noChallenge.body.code).toBe("MISSING_PKCE");
    const stored = await server.database.db.selectFrom("verification").select("id").where("identifier", "like", "desktop-hand-off:%").where("userId", "=", person.userId).execute();
    expect(stored).toHaveLength(0);
  });

  it("refuses a session past its fresh age, which would come out fresh in the app", async () => {
    const person = await server.signUp();
    server.clock.advance((server.app.context.config.session.freshAge + 60) * 1000);
    const app = await desktopApp(server);
    const query = new URLSearchParams(app.query).toString();
    const refused = await server.request("POST", `/electron/transfer-user?${query}`, { token: person.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SESSION_NOT_FRESH");
    const stored = await server.database.db.selectFrom("verification").select("id").where("identifier", "like", "desktop-hand-off:%").where("userId", "=", person.userId).execute();
    expect(stored).toHaveLength(0);
    // Signing in again (here with the password and the hand-off parameters) is the way through.
    const signedIn = await server.request("POST", `/sign-in/email?${query}`, { body: { email: person.email, password: person.password } });
    expect(typeof signedIn.body.electron_authorization_code).toBe("string");
  });

  it("refuses an impersonation", async () => {
    const admin = await server.signUp();
    await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
    const target = await server.signUp();
    const impersonating = await server.request("POST", "/admin/impersonate-user", { token: admin.token, body: { userId: target.userId } });
    expect(impersonating.status).toBe(200);
    const token = impersonating.headers.get("set-auth-token") ?? impersonating.body.session.token;
    const app = await desktopApp(server);
    const query = new URLSearchParams(app.query).toString();
    const refused = await server.request("POST", `/electron/transfer-user?${query}`, { token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_ALLOWED_WHILE_IMPERSONATING");
  });
});

describe("the OpenAPI document", () => {
  it("lists the hand-off routes and the hand-off parameters of the sign-in routes", async () => {
    const doc = (await server.request("GET", "/openapi.json")).body as { paths: Record<string, Record<string, { parameters: Array<{ name: string }>; description?: string }>> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/auth/electron/token", "/api/auth/electron/transfer-user", "/api/auth/electron/init-oauth-proxy"]));
    const signIn = doc.paths["/api/auth/sign-in/email"]!.post!;
    expect(signIn.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["client_id", "state", "code_challenge"]));
    expect(signIn.description).toContain("electron_authorization_code");
    expect(doc.paths["/api/auth/get-session"]!.get!.parameters.map((p) => p.name)).not.toContain("client_id");
  });
});
