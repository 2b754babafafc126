/** Two-factor with TOTP, driven by better-auth's own client with twoFactorClient(). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { auditRows } from "../account/support.js";
import { browserTab, secretOf, totpAt, totpOf, userWithTotp } from "./support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("turning TOTP on", () => {
  it("answers a TOTP URI and 10 backup codes, and turns two-factor on only after a first correct code", async () => {
    const tab = browserTab(server);
    await tab.client.signUp.email({ email: "setup@example.com", password: "password123", name: "Setup" });
    const enabled = await tab.client.twoFactor.enable({ password: "password123", issuer: "Acme" });
    expect(enabled.error).toBeNull();
    expect(totpOf(enabled.data).totpURI).toMatch(/^otpauth:\/\/totp\/Acme:setup%40example\.com\?/);
    expect(totpOf(enabled.data).backupCodes).toHaveLength(10);
    expect(new Set(totpOf(enabled.data).backupCodes).size).toBe(10);
    expect((await tab.client.getSession()).data!.user.twoFactorEnabled).toBe(false);

    const secret = secretOf(totpOf(enabled.data).totpURI);
    const wrong = await tab.client.twoFactor.verifyTotp({ code: totpAt(secret, server.clock.now() + 120_000) });
    expect(wrong.error?.status).toBe(401);
    expect(wrong.error?.code).toBe("INVALID_CODE");
    expect((await tab.client.getSession({ query: { disableCookieCache: true } })).data!.user.twoFactorEnabled).toBe(false);

    const right = await tab.client.twoFactor.verifyTotp({ code: totpAt(secret, server.clock.now()) });
    expect(right.error).toBeNull();
    expect(right.data!.user.twoFactorEnabled).toBe(true);
    expect((await tab.client.getSession({ query: { disableCookieCache: true } })).data!.user.twoFactorEnabled).toBe(true);
    expect((await auditRows(server, "user.two-factor-enable")).some((e) => e.targetId === right.data!.user.id)).toBe(true);
  });

  it("refuses enable with a wrong password (400 INVALID_PASSWORD)", async () => {
    const tab = browserTab(server);
    await tab.client.signUp.email({ email: "wrongpw@example.com", password: "password123", name: "W" });
    const response = await tab.client.twoFactor.enable({ password: "not it" });
    expect(response.error?.status).toBe(400);
    expect(response.error?.code).toBe("INVALID_PASSWORD");
  });
});

describe("signing in with TOTP", () => {
  it("answers {twoFactorRedirect, twoFactorMethods} with no session, then a correct code creates the session", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    const first = await tab.client.signIn.email({ email: user.email, password: user.password });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(tab.jar.cookies.has("latchkey.session_token")).toBe(false);
    expect(tab.jar.cookies.has("latchkey.two_factor")).toBe(true);
    expect((await tab.client.getSession()).data).toBeNull();
    // The password alone is no sign-in: the last sign-in is still the setup one, by email.
    const before = await server.database.db.selectFrom("user").select(["lastSignInAt"]).where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(Number(before.lastSignInAt)).toBeLessThan(server.clock.now());

    const verified = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect(verified.error).toBeNull();
    expect(verified.data!.user.id).toBe(user.userId);
    expect(verified.data!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tab.jar.cookies.has("latchkey.two_factor")).toBe(false);
    expect((await tab.client.getSession()).data!.user.id).toBe(user.userId);
    const after = await server.database.db.selectFrom("user").select(["lastSignInAt", "lastSignInMethod"]).where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(Number(after.lastSignInAt)).toBe(server.clock.now());
    expect(after.lastSignInMethod).toBe("email");
    const signIns = await auditRows(server, "user.sign-in");
    expect(signIns.some((e) => e.targetId === user.userId && e.metadata?.secondFactor === "totp")).toBe(true);
  });

  it("asks for the second step after a username sign-in too", async () => {
    const tab = browserTab(server);
    const signUp = await server.request("POST", "/sign-up/email", { body: { email: "named@example.com", password: "password123", name: "N", username: "named_tf" } });
    const token = signUp.body.token as string;
    const enabled = await server.request("POST", "/two-factor/enable", { token, body: { password: "password123" } });
    const secret = secretOf(enabled.body.totpURI);
    expect((await server.request("POST", "/two-factor/verify-totp", { token, body: { code: totpAt(secret, server.clock.now()) } })).status).toBe(200);
    const response = await tab.jar.fetch(`${server.api}/sign-in/username`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "named_tf", password: "password123" }) });
    expect(await response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(response.headers.get("set-auth-token")).toBeNull();
  });

  it("accepts codes one step early or late, and refuses two steps off", async () => {
    const user = await userWithTotp(server);
    for (const [offset, ok] of [
      [-30_000, true],
      [+30_000, true],
      [-60_000, false],
      [+60_000, false],
    ] as const) {
      // Two minutes between cases: each accepted code uses up its step, and later steps stay fresh.
      server.clock.advance(120_000);
      const tab = browserTab(server);
      await tab.client.signIn.email({ email: user.email, password: user.password });
      const response = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now() + offset) });
      expect(response.error?.code ?? "ok", `offset ${offset}`).toBe(ok ? "ok" : "INVALID_CODE");
    }
  });

  it("refuses a code that was already used (replay), even from another browser", async () => {
    const user = await userWithTotp(server);
    const code = totpAt(user.secret, server.clock.now());
    const a = browserTab(server);
    await a.client.signIn.email({ email: user.email, password: user.password });
    expect((await a.client.twoFactor.verifyTotp({ code })).error).toBeNull();
    const b = browserTab(server);
    await b.client.signIn.email({ email: user.email, password: user.password });
    const replay = await b.client.twoFactor.verifyTotp({ code });
    expect(replay.error?.code).toBe("INVALID_CODE");
    // An earlier step's code is refused too once a later one was used.
    const earlier = await b.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now() - 30_000) });
    expect(earlier.error?.code).toBe("INVALID_CODE");
  });

  it("drops the pending sign-in after 5 wrong codes (TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE)", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    for (let i = 0; i < 5; i++) expect((await tab.client.twoFactor.verifyTotp({ code: "000000" })).error?.code).toBe("INVALID_CODE");
    const sixth = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect(sixth.error?.status).toBe(400);
    expect(sixth.error?.code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    const after = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect(after.error?.code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("refuses a verify without the two-factor cookie, or with an altered one (401 INVALID_TWO_FACTOR_COOKIE)", async () => {
    const user = await userWithTotp(server);
    const none = await server.request("POST", "/two-factor/verify-totp", { body: { code: totpAt(user.secret, server.clock.now()) } });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: "INVALID_TWO_FACTOR_COOKIE", message: "invalid two factor cookie" });
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    const cookie = tab.jar.cookies.get("latchkey.two_factor")!;
    tab.jar.cookies.set("latchkey.two_factor", "X" + cookie.slice(1));
    expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) })).error?.code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("lets the two-factor cookie expire after 10 minutes", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    expect(tab.jar.cookies.get("latchkey.two_factor")).toBeTruthy();
    server.clock.advance(10 * 60_000 + 1000);
    const late = await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    expect(late.error?.code).toBe("INVALID_TWO_FACTOR_COOKIE");
  });

  it("turns two-factor off with the password: the next sign-in gets a session at once", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    const wrong = await tab.client.twoFactor.disable({ password: "nope" });
    expect(wrong.error?.code).toBe("INVALID_PASSWORD");
    expect((await tab.client.twoFactor.disable({ password: user.password })).data).toEqual({ status: true });
    expect(await server.database.db.selectFrom("twoFactor").select("id").where("userId", "=", user.userId).executeTakeFirst()).toBeUndefined();
    const again = browserTab(server);
    const signIn = await again.client.signIn.email({ email: user.email, password: user.password });
    expect(signIn.data).toMatchObject({ token: expect.any(String), user: { twoFactorEnabled: false } });
  });

  it("shows the TOTP URI again with the password", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) });
    const uri = await tab.client.twoFactor.getTotpUri({ password: user.password });
    expect(secretOf(uri.data!.totpURI)).toBe(user.secret);
  });
});
