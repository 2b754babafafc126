/**
 * The ID token's `amr` and `acr` tell how the session the authorization came from signed in
 * (issue 23): the first factor and the second factor that sign-in passed, as recorded when the
 * session was created — not the account's latest sign-in elsewhere, nor whether it has two-factor
 * on. A trusted browser that skipped the second step presented no second factor, so it gets no
 * otp/mfa. Sessions without a record fall back to the account's last method, never otp/mfa; an
 * administrator impersonating someone is refused. Real endpoints, a cookie-keeping tab per
 * browser, openid-client for the code exchange, a software authenticator for passkeys.
 * Runs on SQLite and, with LATCHKEY_TEST_DIALECT=postgres, on PostgreSQL.
 */
import * as oidc from "openid-client";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identifierOf, issue } from "../../../server/core/one-time.js";
import { recordSessionSignIn, sessionSignIn } from "../../../server/core/sign-in/session-facts.js";
import { findUserById } from "../../../server/core/user/store.js";
import { signInFacts } from "../../../server/features/oauth-provider/claims.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { desktopApp, sessionOfToken } from "../electron/support.js";
import { createSoftAuthenticator } from "../passkey/soft-authenticator.js";
import { browserTab, totpAt, userWithTotp, type Tab } from "../two-factor/support.js";

const REDIRECT = "https://app.example.test/callback";
const SINGLE = "urn:latchkey:acr:single";
const MFA = "urn:latchkey:acr:mfa";

let server: TestServer;
let admin: { token: string; email: string; password: string };
let app: { client_id: string; client_secret?: string };
let config: oidc.Configuration;

beforeAll(async () => {
  server = await startTestServer({ config: { oauthProvider: { enabled: true }, rateLimit: { enabled: false } } });
  const signUp = await server.signUp({ email: "amr-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", signUp.userId).execute();
  admin = signUp;
  const created = await server.request("POST", "/admin/oauth2/create-client", { token: admin.token, body: { client_name: "Grafana", redirect_uris: [REDIRECT], skip_consent: true } });
  expect(created.status).toBe(200);
  app = created.body as { client_id: string; client_secret?: string };
  config = await oidc.discovery(new URL(server.api), app.client_id, app.client_secret, oidc.ClientSecretBasic(app.client_secret!), { execute: [oidc.allowInsecureRequests] });
});
afterAll(async () => {
  await server.close();
});

async function call(tab: Tab, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await tab.jar.fetch(server.api + path, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

/** Starts the app's flow in this tab and follows /oauth2/authorize to the app's callback. */
async function startFlow(tab: Tab, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid email", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state, nonce, ...extra });
  const answer = await tab.jar.fetch(url.toString());
  expect(answer.status).toBe(302);
  return { location: new URL(answer.headers.get("location")!), verifier, state, nonce };
}

/** The ID token this tab's session earns the app, verified against /jwks. */
async function idTokenOf(tab: Tab): Promise<JWTPayload> {
  const flow = await startFlow(tab);
  expect(flow.location.href.startsWith(REDIRECT)).toBe(true);
  const tokens = await oidc.authorizationCodeGrant(config, flow.location, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
  const { payload } = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(`${server.api}/jwks`)), { issuer: server.api, audience: app.client_id });
  return payload;
}

async function passwordTab(email: string, password: string): Promise<Tab> {
  const tab = browserTab(server);
  const signedIn = await tab.client.signIn.email({ email, password });
  expect(signedIn.error).toBeNull();
  return tab;
}

/** A user with a registered passkey (the software authenticator holds it), signed out again. */
async function userWithPasskey() {
  const password = "password123";
  const email = `amr-pk-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const tab = browserTab(server);
  const signUp = await tab.client.signUp.email({ email, password, name: "Passkey Person" });
  expect(signUp.error).toBeNull();
  const authenticator = createSoftAuthenticator(server.url);
  const options = await call(tab, "GET", "/passkey/generate-register-options");
  expect((await call(tab, "POST", "/passkey/verify-registration", { response: authenticator.register(options.body), name: "Laptop" })).status).toBe(200);
  await tab.client.signOut();
  return { email, password, userId: signUp.data!.user.id, authenticator };
}

async function passkeyTab(authenticator: ReturnType<typeof createSoftAuthenticator>, flags: { userVerified?: boolean } = {}): Promise<Tab> {
  const tab = browserTab(server);
  const options = await call(tab, "GET", "/passkey/generate-authenticate-options");
  const signedIn = await call(tab, "POST", "/passkey/verify-authentication", { response: authenticator.authenticate(options.body, undefined, flags) });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.session).toBeDefined();
  return tab;
}

async function sessionIdOf(tab: Tab): Promise<string> {
  return (await call(tab, "GET", "/get-session")).body.session.id as string;
}

describe("oauth-provider amr and acr: how this session signed in", () => {
  it("a password-only user: [pwd], acr single", async () => {
    const person = await server.signUp({ email: "amr-plain@example.com" });
    const token = await idTokenOf(await passwordTab(person.email, person.password));
    expect(token.amr).toEqual(["pwd"]);
    expect(token.acr).toBe(SINGLE);
  });

  it("a TOTP user through the code step: pwd, otp, mfa and acr mfa", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    const held = await tab.client.signIn.email({ email: user.email, password: user.password });
    expect((held.data as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) })).error).toBeNull();
    const token = await idTokenOf(tab);
    expect(token.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(token.acr).toBe(MFA);
  });

  it("the same TOTP user skipping the step on a trusted browser: [pwd] only, acr single", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()), trustDevice: true })).error).toBeNull();
    expect(tab.jar.cookies.get("latchkey.trust_device")).toBeTruthy();
    expect((await idTokenOf(tab)).amr).toEqual(["pwd", "otp", "mfa"]);
    await tab.client.signOut();

    // Signed in again on the trusted browser: no second step, so no second factor was presented.
    const again = await tab.client.signIn.email({ email: user.email, password: user.password });
    expect(again.error).toBeNull();
    expect((again.data as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
    const token = await idTokenOf(tab);
    expect(token.amr).toEqual(["pwd"]);
    expect(token.acr).toBe(SINGLE);
  });

  it("a backup code at the step: pwd, otp, mfa and acr mfa", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    expect((await tab.client.twoFactor.verifyBackupCode({ code: user.backupCodes[0]! })).error).toBeNull();
    const token = await idTokenOf(tab);
    expect(token.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(token.acr).toBe(MFA);
  });

  it("a passkey with user verification: [hwk], acr mfa; touch only: [hwk], acr single", async () => {
    const person = await userWithPasskey();
    const verified = await idTokenOf(await passkeyTab(person.authenticator));
    expect(verified.amr).toEqual(["hwk"]);
    expect(verified.acr).toBe(MFA);
    const touched = await idTokenOf(await passkeyTab(person.authenticator, { userVerified: false }));
    expect(touched.amr).toEqual(["hwk"]);
    expect(touched.acr).toBe(SINGLE);
  });

  it("a passkey sign-in elsewhere after this session began does not change this session's pwd", async () => {
    const person = await userWithPasskey();
    const here = await passwordTab(person.email, person.password);
    await passkeyTab(person.authenticator); // the phone, later: the account's last method is now the passkey
    const last = await server.database.db.selectFrom("user").select("lastSignInMethod").where("id", "=", person.userId).executeTakeFirstOrThrow();
    expect(last.lastSignInMethod).toBe("passkey");
    const token = await idTokenOf(here);
    expect(token.amr).toEqual(["pwd"]);
    expect(token.acr).toBe(SINGLE);
  });

  it("a session without a record (from before it existed) gets the account's last method and never otp or mfa", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) })).error).toBeNull();
    const sessionId = await sessionIdOf(tab);
    const removed = await server.database.db.deleteFrom("verification").where("identifier", "=", identifierOf("session-sign-in", sessionId)).executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    const token = await idTokenOf(tab);
    expect(token.amr).toEqual(["pwd"]);
    expect(token.acr).toBe(SINGLE);
  });

  it("a passkey session from before the record, with only the older passkey mark, still reads as a verified passkey", async () => {
    const person = await userWithPasskey();
    const tab = await passkeyTab(person.authenticator);
    const sessionId = await sessionIdOf(tab);
    await server.database.db.deleteFrom("verification").where("identifier", "=", identifierOf("session-sign-in", sessionId)).execute();
    await issue(server.database.db, server.clock.now(), { purpose: "passkey-session", secret: sessionId, data: {}, lifetimeSeconds: 3600, userId: person.userId });
    const token = await idTokenOf(tab);
    expect(token.amr).toEqual(["hwk"]);
    expect(token.acr).toBe(MFA);
  });

  it("maps each recorded sign-in to RFC 8176 names: a provider (social, One Tap or SSO) is fed, a mailed link email, with the code step otp and mfa", async () => {
    const person = await server.signUp({ email: "amr-mapping@example.com" });
    const context = server.app.context;
    const user = (await findUserById(context.db, person.userId))!;
    const cases = [
      { facts: { method: "social:google" }, amr: ["fed"], acr: SINGLE },
      { facts: { method: "social:github", secondFactor: "totp" as const }, amr: ["fed", "otp", "mfa"], acr: MFA },
      { facts: { method: "one-tap:google" }, amr: ["fed"], acr: SINGLE },
      // An organization's SSO provider is federated too; its own asserted MFA (recorded as userVerified) counts as two factors.
      { facts: { method: "sso:acme" }, amr: ["fed"], acr: SINGLE },
      { facts: { method: "sso:acme", userVerified: true as const }, amr: ["fed", "mfa"], acr: MFA },
      { facts: { method: "sso:acme", secondFactor: "totp" as const }, amr: ["fed", "otp", "mfa"], acr: MFA },
      { facts: { method: "email-verification", secondFactor: "otp" as const }, amr: ["email", "otp", "mfa"], acr: MFA },
      { facts: { method: "username", secondFactor: "trusted-device" as const }, amr: ["pwd"], acr: SINGLE },
      { facts: { method: "passkey", secondFactor: "backup-code" as const }, amr: ["hwk", "otp", "mfa"], acr: MFA },
    ];
    for (const [index, each] of cases.entries()) {
      const sessionId = `mapping-session-${index}`;
      await recordSessionSignIn(context, sessionId, person.userId, each.facts);
      const facts = await signInFacts(context, user, { id: sessionId, createdAt: server.clock.now() });
      expect({ method: each.facts.method, amr: facts.amr, acr: facts.acr }).toEqual({ method: each.facts.method, amr: each.amr, acr: each.acr });
    }
    // Another user's record under this session id is not this session's sign-in.
    const other = await server.signUp({ email: "amr-mapping-other@example.com" });
    await recordSessionSignIn(context, "mapping-session-other", other.userId, { method: "email", secondFactor: "totp" });
    expect((await signInFacts(context, user, { id: "mapping-session-other", createdAt: server.clock.now() })).amr).toEqual(["pwd"]);
  });

  it("the session that replaces this one after a password change ending the others keeps its sign-in", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) })).error).toBeNull();
    const before = await sessionIdOf(tab);
    const changed = await call(tab, "POST", "/change-password", { currentPassword: user.password, newPassword: "a-new-password-456", revokeOtherSessions: true });
    expect(changed.status).toBe(200);
    expect(await sessionIdOf(tab)).not.toBe(before);
    const token = await idTokenOf(tab);
    expect(token.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(token.acr).toBe(MFA);
  });

  it("the desktop app's session handed over from a browser session records that session's sign-in, second factor included", async () => {
    const user = await userWithTotp(server);
    const tab = browserTab(server);
    await tab.client.signIn.email({ email: user.email, password: user.password });
    expect((await tab.client.twoFactor.verifyTotp({ code: totpAt(user.secret, server.clock.now()) })).error).toBeNull();
    const desktop = await desktopApp(server);
    const transferred = await tab.client.$fetch("/electron/transfer-user", { method: "POST", query: desktop.query, body: {} });
    expect(transferred.error).toBeNull();
    const traded = await desktop.trade((transferred.data as { electron_authorization_code: string }).electron_authorization_code);
    expect(traded.error).toBeNull();
    const appSession = await sessionOfToken(server, traded.data!.token);
    expect(appSession!.session.id).not.toBe(await sessionIdOf(tab));
    expect(await sessionSignIn(server.app.context, appSession!.session.id, user.userId)).toEqual({ method: "email", secondFactor: "totp" });
  });

  it("an administrator impersonating someone is refused with access_denied, even with prompt=none", async () => {
    const target = await server.signUp({ email: "amr-target@example.com" });
    const tab = await passwordTab(admin.email, admin.password);
    const started = await call(tab, "POST", "/admin/impersonate-user", { userId: target.userId });
    expect(started.status).toBe(200);
    for (const extra of [{}, { prompt: "none" }] as Record<string, string>[]) {
      const flow = await startFlow(tab, extra);
      expect(flow.location.href.startsWith(REDIRECT)).toBe(true);
      expect(flow.location.searchParams.get("error")).toBe("access_denied");
      expect(flow.location.searchParams.get("code")).toBeNull();
      expect(flow.location.searchParams.get("state")).toBe(flow.state);
    }
  });
});
