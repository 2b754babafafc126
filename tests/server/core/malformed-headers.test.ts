/**
 * Every header and cookie the server reads, given malformed percent-encoding and odd bytes
 * (#19 item 6): none may answer 500, and none may count as a credential. `Authorization: Bearer %`
 * used to reach an unguarded decodeURIComponent and answer 500.
 *
 * Headers read: authorization (sessions, /metrics), cookie (each cookie below), x-api-key,
 * accept-language (mail language), origin and referer (the origin check, CORS), user-agent
 * (sessions, audit), x-forwarded-for/-host/-proto (with trustProxy), content-type, and the CORS
 * preflight's access-control-request-*.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type RawResponse, type TestServer } from "../../helpers/test-server.js";
import { browserTab, userWithTotp } from "../two-factor/support.js";

/** Malformed percent-encoding, encoded NUL and lone surrogates, overlong UTF-8, and raw Latin-1 bytes (header values are ByteStrings). */
const MALFORMED = ["%", "%E0%A4%A", "%zz", "%%41", "%00", "%ED%A0%80", "%C0%AF", "%FF%FE", "a%", "\u00ff\u00fe\u0080", "é%E9", `${"%".repeat(2000)}`];

/** Every cookie Latchkey reads, by the name it has over plain http. */
const COOKIES = [
  "latchkey.session_token",
  "latchkey.session_data",
  "latchkey.dont_remember",
  "latchkey.admin_session",
  "latchkey.session_token_multi-0123456789abcdef",
  "latchkey.two_factor",
  "latchkey.trust_device",
  "latchkey.oauth_state",
  "latchkey.passkey_challenge",
];

const ORIGIN = "https://app.example.com";
let server: TestServer;
let user: { token: string; email: string; password: string };
let admin: { token: string };
const failures: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    config: {
      trustedOrigins: [ORIGIN],
      // Every header path switched on: X-Forwarded-For read, the cookie cache read, /metrics guarded by a token.
      trustProxy: 1,
      session: { cookieCache: { enabled: true } },
      metrics: { enabled: true, token: "metrics-token-metrics-token-42" },
      socialProviders: { github: { clientId: "github-client", clientSecret: "github-secret" } },
    },
  });
  user = await server.signUp();
  const signedUpAdmin = await server.signUp();
  await server.database.db.updateTable("user").set({ role: "admin" }).where("id", "=", signedUpAdmin.userId).execute();
  admin = signedUpAdmin;
});
afterAll(async () => {
  await server.close();
});

/** Records a 5xx, or a 4xx JSON answer without `{code, message}`. */
function check(label: string, response: RawResponse): void {
  if (response.status >= 500) failures.push(`${label} → ${response.status} ${response.text.slice(0, 160)}`);
  else if (response.status >= 400 && response.headers.get("content-type")?.includes("json")) {
    if (typeof response.body?.code !== "string" || typeof response.body?.message !== "string") failures.push(`${label} → untyped ${response.status} ${response.text.slice(0, 160)}`);
  }
}

/** Calls that read sessions, cookies, the origin and the request's metadata. */
const CALLS: Array<{ method: string; path: string; body?: unknown }> = [
  { method: "GET", path: "/get-session" },
  { method: "GET", path: "/list-sessions" },
  { method: "GET", path: "/multi-session/list-device-sessions" },
  { method: "POST", path: "/sign-out", body: {} },
  { method: "POST", path: "/sign-in/email", body: { email: "nobody@example.com", password: "password123" } },
  { method: "POST", path: "/two-factor/verify-totp", body: { code: "123456" } },
  { method: "POST", path: "/passkey/verify-authentication", body: { response: { id: "x", rawId: "x", type: "public-key", response: {} } } },
  { method: "POST", path: "/admin/stop-impersonating", body: {} },
  { method: "POST", path: "/send-verification-email", body: { email: "nobody@example.com" } },
  { method: "GET", path: "/callback/github?state=nope&code=nope" },
  { method: "GET", path: "/no-such-route" },
];

describe("malformed headers never answer 500 (#19)", () => {
  it("treats `Bearer %E0%A4%A` and `Bearer %` as no token: get-session answers null, a session route 401", async () => {
    for (const value of ["%E0%A4%A", "%", "%zz.%", "a%.b"]) {
      const session = await server.request("GET", "/get-session", { headers: { authorization: `Bearer ${value}` } });
      expect(session.status, value).toBe(200);
      expect(session.body, value).toBeNull();
      const sessions = await server.request("GET", "/list-sessions", { headers: { authorization: `Bearer ${value}` } });
      expect(sessions.status, value).toBe(401);
      expect(sessions.body.code, value).toBe("UNAUTHORIZED");
    }
  });

  it("a malformed bearer token beside a good session cookie leaves the cookie's session", async () => {
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    const cookie = signIn.cookies.find((c) => c.startsWith("latchkey.session_token="))!.split(";")[0]!;
    const session = await server.request("GET", "/get-session", { cookie, headers: { authorization: "Bearer %" } });
    expect(session.body?.user.email).toBe(user.email);
  });

  for (const header of ["authorization", "x-api-key", "accept-language", "origin", "referer", "user-agent", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "content-type"]) {
    it(`${header}: every malformed value answers a typed error or a success, signed out and signed in`, async () => {
      for (const raw of MALFORMED) {
        const value = header === "authorization" ? `Bearer ${raw}` : raw;
        for (const call of CALLS) {
          for (const token of [undefined, call.path.startsWith("/admin/") ? admin.token : user.token]) {
            // A bearer token and a malformed Authorization cannot both be sent; the token goes as a cookie then.
            const auth = header === "authorization" && token ? { cookie: `latchkey.session_token=${token}` } : { token };
            const headers: Record<string, string> = { origin: ORIGIN, [header]: value };
            const response = await server.request(call.method, call.path, { ...auth, headers, body: call.body });
            check(`${call.method} ${call.path} ${header}: ${JSON.stringify(value).slice(0, 40)} ${token ? "signed in" : "anonymous"}`, response);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("/metrics: a malformed bearer is refused with a typed error", async () => {
    for (const raw of MALFORMED) {
      const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${raw}` } });
      expect(response.status, raw).toBe(401);
      expect((await response.json()).code).toBe("METRICS_TOKEN_REQUIRED");
    }
  });

  it("CORS preflights with malformed origins and request headers answer without a server error", async () => {
    for (const raw of MALFORMED) {
      const preflights: Array<Record<string, string>> = [
        { origin: raw, "access-control-request-method": "POST" },
        { origin: ORIGIN, "access-control-request-method": raw, "access-control-request-headers": raw },
      ];
      for (const headers of preflights) {
        const response = await fetch(`${server.api}/sign-in/email`, { method: "OPTIONS", headers });
        expect(response.status, JSON.stringify(headers).slice(0, 80)).toBeLessThan(500);
      }
    }
  });

  for (const name of COOKIES) {
    it(`cookie ${name}: malformed values count as no cookie, signed out and beside a bearer token`, async () => {
      for (const raw of MALFORMED) {
        for (const call of CALLS) {
          for (const token of [undefined, user.token]) {
            const response = await server.request(call.method, call.path, { token, cookie: `${name}=${raw}`, headers: { origin: ORIGIN }, body: call.body });
            check(`${call.method} ${call.path} cookie ${name}=${JSON.stringify(raw).slice(0, 40)} ${token ? "with bearer" : "anonymous"}`, response);
          }
        }
        const session = await server.request("GET", "/get-session", { cookie: `${name}=${raw}` });
        expect(session.body, `${name}=${raw}`).toBeNull();
      }
      expect(failures).toEqual([]);
    });
  }

  it("a sign-in through every cookie-reading step (device sessions, trusted device) with malformed cookies", async () => {
    const totpUser = await userWithTotp(server);
    for (const raw of MALFORMED) {
      const cookie = `latchkey.session_token_multi-0123456789abcdef=${raw}; latchkey.trust_device=${raw}; latchkey.dont_remember=${raw}`;
      const plain = await server.request("POST", "/sign-in/email", { cookie, headers: { origin: ORIGIN, "user-agent": raw, "accept-language": raw }, body: { email: user.email, password: user.password } });
      expect(plain.status, raw).toBe(200);
      const held = await server.request("POST", "/sign-in/email", { cookie, headers: { origin: ORIGIN }, body: { email: totpUser.email, password: totpUser.password } });
      expect(held.status, raw).toBe(200);
      expect(held.body.twoFactorRedirect, raw).toBe(true);
    }
  });

  it("a social callback whose state cookie is malformed fails as a foreign browser, without a server error", async () => {
    for (const raw of MALFORMED) {
      const tab = browserTab(server);
      const start = await tab.jar.fetch(`${server.api}/sign-in/social`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ provider: "github", callbackURL: "/" }) });
      const state = new URL(((await start.json()) as { url: string }).url).searchParams.get("state")!;
      const response = await server.request("GET", `/callback/github?state=${encodeURIComponent(state)}&code=c`, { cookie: `latchkey.oauth_state=${raw}` });
      expect(response.status, raw).toBe(302);
      expect(response.headers.get("location"), raw).toContain("error=please_restart_the_process");
    }
  });
});
