/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0, issue 23): an app that registered a
 * `backchannel_logout_uri` is told when the person's access ends — RP-initiated logout, sign-out
 * of the Latchkey session its tokens came from, a ban, a deletion. The receiver is a real local
 * HTTP server; each logout token is verified against /jwks with jose. Registration refuses URIs
 * the server should not POST to, and a receiver that never answers does not hold up the request.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieFetch, type CookieFetch } from "../../helpers/cookie-fetch.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";

const REDIRECT = "https://app.example.test/callback";
const EVENT = "http://schemas.openid.net/event/backchannel-logout";

interface Received {
  path: string;
  contentType: string;
  logoutToken: string;
}

let server: TestServer;
let adminToken: string;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The server's warnings, as pino writes them (one JSON line each). */
const warnings: Array<{ msg: string; clientId?: string; status?: number }> = [];
/** Requests to /hang are held open and never answered (until the test ends). */
const hanging: Array<() => void> = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ path: request.url ?? "", contentType: request.headers["content-type"] ?? "", logoutToken: new URLSearchParams(body).get("logout_token") ?? "" });
      if (request.url === "/hang") hanging.push(() => response.end());
      else response.writeHead(request.url === "/broken" ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const stream = { write: (line: string) => void warnings.push(JSON.parse(line) as (typeof warnings)[number]) };
  server = await startTestServer({ config: { oauthProvider: { enabled: true, allowDynamicClientRegistration: true }, rateLimit: { enabled: false } }, logger: { level: "warn", stream } });
  const admin = await server.signUp({ email: "bcl-admin@example.com" });
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  adminToken = admin.token;
});
afterAll(async () => {
  for (const release of hanging) release();
  await server.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function createApp(body: Record<string, unknown>) {
  return server.request("POST", "/admin/oauth2/create-client", { token: adminToken, body: { client_name: "Wiki", redirect_uris: [REDIRECT], skip_consent: true, ...body } });
}

async function browserOf(email: string, password = "correct horse battery"): Promise<CookieFetch> {
  const jar = createCookieFetch(server.url);
  const signIn = await jar.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  expect(signIn.status).toBe(200);
  return jar;
}

/** A person signed in to the app through the provider: their browser and the app's tokens. */
async function signedInToApp(app: { client_id: string; client_secret: string }, email: string) {
  const config = await oidc.discovery(new URL(server.api), app.client_id, app.client_secret, oidc.ClientSecretBasic(app.client_secret), { execute: [oidc.allowInsecureRequests] });
  const jar = await browserOf(email);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid profile email offline_access", code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256", state });
  const location = (await jar.fetch(url.toString())).headers.get("location") ?? "";
  const tokens = await oidc.authorizationCodeGrant(config, new URL(location), { pkceCodeVerifier: verifier, expectedState: state });
  return { config, jar, tokens, sid: tokens.claims()!.sid as string };
}

/** Waits (bounded) until `count` logout tokens reached `path`, then verifies each as a relying party would. */
async function logoutTokensAt(path: string, count: number, clientId: string): Promise<JWTPayload[]> {
  const deadline = Date.now() + 10_000;
  while (received.filter((r) => r.path === path).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  const mine = received.filter((r) => r.path === path);
  expect(mine).toHaveLength(count);
  const jwks = createRemoteJWKSet(new URL(`${server.api}/jwks`));
  const payloads: JWTPayload[] = [];
  for (const { logoutToken, contentType } of mine) {
    expect(contentType).toBe("application/x-www-form-urlencoded");
    const { payload, protectedHeader } = await jwtVerify(logoutToken, jwks, { issuer: server.api, audience: clientId, typ: "logout+jwt", maxTokenAge: "2 minutes" });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.events).toEqual({ [EVENT]: {} });
    expect(typeof payload.jti).toBe("string");
    expect(typeof payload.iat).toBe("number");
    expect(payload).not.toHaveProperty("nonce");
    payloads.push(payload);
  }
  return payloads;
}

describe.sequential("back-channel logout", () => {
  it("refuses, at registration, a back-channel logout URI the server should not POST to", async () => {
    for (const uri of ["http://apps.example.test/logout", "https://app.example.test/logout#frag", "https://user:pw@app.example.test/logout", "ftp://app.example.test/logout", "not a url"]) {
      const answer = await createApp({ backchannel_logout_uri: uri });
      expect([uri, answer.status, answer.body.code]).toEqual([uri, 400, "OAUTH_INVALID_CLIENT_METADATA"]);
    }
    for (const uri of ["https://app.example.test/logout", "http://127.0.0.1:8080/logout", "http://localhost/logout", "http://[::1]:9/logout"]) {
      expect([uri, (await createApp({ backchannel_logout_uri: uri })).status]).toEqual([uri, 200]);
    }
    // Dynamic registration (anyone, when on) gets no loopback exception: no POSTs to the server's own host.
    const register = (uri: string) => server.request("POST", "/oauth2/register", { body: { client_name: "Self-made", redirect_uris: [REDIRECT], backchannel_logout_uri: uri } });
    for (const uri of ["http://127.0.0.1:6379/", "https://localhost:8443/logout", "https://[::1]/logout"]) {
      const answer = await register(uri);
      expect([uri, answer.status, answer.body.error]).toEqual([uri, 400, "invalid_client_metadata"]);
    }
    expect((await register("https://app.example.test/logout")).status).toBe(201);
    const created = (await createApp({})).body as { client_id: string };
    const update = await server.request("POST", "/admin/oauth2/update-client", { token: adminToken, body: { client_id: created.client_id, update: { backchannel_logout_uri: "http://10.0.0.8/logout" } } });
    expect([update.status, update.body.code]).toEqual([400, "OAUTH_INVALID_CLIENT_METADATA"]);
  });

  it("end-session tells the app, naming the session (sid) and the person (sub)", async () => {
    const app = (await createApp({ backchannel_logout_uri: `${receiverUrl}/end-session` })).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-end@example.com" });
    const { config, jar, tokens, sid } = await signedInToApp(app, person.email);
    const end = await jar.fetch(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! }).toString());
    expect(end.status).toBe(200);
    const [payload] = await logoutTokensAt("/end-session", 1, app.client_id);
    expect(payload).toMatchObject({ sid, sub: person.userId });
  });

  it("signing out of the Latchkey session the tokens came from tells the app", async () => {
    const app = (await createApp({ backchannel_logout_uri: `${receiverUrl}/sign-out` })).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-sign-out@example.com" });
    const { jar, sid } = await signedInToApp(app, person.email);
    const out = await jar.fetch(`${server.api}/sign-out`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(out.status).toBe(200);
    const [payload] = await logoutTokensAt("/sign-out", 1, app.client_id);
    expect(payload).toMatchObject({ sid, sub: person.userId });
  });

  it("signing out everywhere else tells the app of each other session, not of the one kept", async () => {
    const app = (await createApp({ backchannel_logout_uri: `${receiverUrl}/revoke-others` })).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-others@example.com" });
    const kept = await signedInToApp(app, person.email);
    const other = await signedInToApp(app, person.email);
    const revoked = await kept.jar.fetch(`${server.api}/revoke-other-sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(revoked.status).toBe(200);
    const payloads = await logoutTokensAt("/revoke-others", 1, app.client_id);
    expect(payloads.map((p) => [p.sid, p.sub])).toEqual([[other.sid, person.userId]]);
    // The kept session's own sign-out is its first (and only) logout token.
    expect((await kept.jar.fetch(`${server.api}/sign-out`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(200);
    const all = await logoutTokensAt("/revoke-others", 2, app.client_id);
    expect(all.map((p) => p.sid)).toEqual([other.sid, kept.sid]);
  });

  it("changing the password with revokeOtherSessions tells the app, naming the person", async () => {
    const app = (await createApp({ backchannel_logout_uri: `${receiverUrl}/password-change` })).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-password@example.com" });
    const { jar } = await signedInToApp(app, person.email);
    const change = await jar.fetch(`${server.api}/change-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: "correct horse battery", newPassword: "another horse battery", revokeOtherSessions: true }),
    });
    expect(change.status).toBe(200);
    const [payload] = await logoutTokensAt("/password-change", 1, app.client_id);
    expect(payload).toMatchObject({ sub: person.userId });
    // Without revokeOtherSessions nothing ends, so nothing is sent.
    const again = await jar.fetch(`${server.api}/change-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: "another horse battery", newPassword: "a third horse battery" }),
    });
    expect(again.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((r) => r.path === "/password-change")).toHaveLength(1);
  });

  it("a ban tells every app holding the person's tokens, naming the person; a session-bound app gets each session", async () => {
    const byPerson = (await createApp({ backchannel_logout_uri: `${receiverUrl}/ban` })).body as { client_id: string; client_secret: string };
    const bySession = (await createApp({ backchannel_logout_uri: `${receiverUrl}/ban-sessions`, backchannel_logout_session_required: true })).body as { client_id: string; client_secret: string };
    const silent = (await createApp({})).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-ban@example.com" });
    await signedInToApp(byPerson, person.email);
    await signedInToApp(byPerson, person.email);
    const first = await signedInToApp(bySession, person.email);
    const second = await signedInToApp(bySession, person.email);
    await signedInToApp(silent, person.email);
    const ban = await server.request("POST", "/admin/ban-user", { token: adminToken, body: { userId: person.userId } });
    expect(ban.status).toBe(200);
    const [payload] = await logoutTokensAt("/ban", 1, byPerson.client_id);
    expect(payload?.sub).toBe(person.userId);
    expect(payload).not.toHaveProperty("sid");
    const perSession = await logoutTokensAt("/ban-sessions", 2, bySession.client_id);
    expect(perSession.map((p) => p.sid).sort()).toEqual([first.sid, second.sid].sort());
    expect(perSession.every((p) => p.sub === person.userId)).toBe(true);
  });

  it("deleting the person tells the app", async () => {
    const app = (await createApp({ backchannel_logout_uri: `${receiverUrl}/delete` })).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-delete@example.com" });
    await signedInToApp(app, person.email);
    const removed = await server.request("POST", "/admin/remove-user", { token: adminToken, body: { userId: person.userId } });
    expect(removed.status).toBe(200);
    const [payload] = await logoutTokensAt("/delete", 1, app.client_id);
    expect(payload?.sub).toBe(person.userId);
  });

  it("an app that never answers, or answers 500, holds up nothing and breaks nothing; both are logged", async () => {
    const hangs = (await createApp({ backchannel_logout_uri: `${receiverUrl}/hang` })).body as { client_id: string; client_secret: string };
    const broken = (await createApp({ backchannel_logout_uri: `${receiverUrl}/broken` })).body as { client_id: string; client_secret: string };
    const person = await server.signUp({ email: "bcl-slow@example.com" });
    await signedInToApp(hangs, person.email);
    await signedInToApp(broken, person.email);
    const ban = await server.request("POST", "/admin/ban-user", { token: adminToken, body: { userId: person.userId } });
    expect(ban.status).toBe(200);
    // Delivery waits up to 5 s for an answer; the ban did not wait for it: when it answered, the
    // silent app was not given up on yet. (Was "answered within 4 s", which a loaded CI box can
    // miss without anything waiting; this holds on any machine.)
    expect(warnings.filter((w) => w.clientId === hangs.client_id && w.msg === "back-channel logout failed")).toEqual([]);
    await logoutTokensAt("/hang", 1, hangs.client_id);
    await logoutTokensAt("/broken", 1, broken.client_id);
    // The refusal is logged at once; the silent app is given up on after the 5 s timeout.
    const logged = async (clientId: string, msg: string) => {
      const deadline = Date.now() + 10_000;
      while (!warnings.some((w) => w.clientId === clientId && w.msg === msg) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return warnings.find((w) => w.clientId === clientId && w.msg === msg);
    };
    expect(await logged(broken.client_id, "back-channel logout refused by the app")).toMatchObject({ status: 500 });
    expect(await logged(hangs.client_id, "back-channel logout failed")).toBeDefined();
    const unban = await server.request("POST", "/admin/unban-user", { token: adminToken, body: { userId: person.userId } });
    expect(unban.status).toBe(200);
  });
});
