/**
 * Cookie prefixes and duplicates (#27 item 6). On https every cookie is `__Host-latchkey.…`, so a
 * sibling subdomain cannot plant one; a cookie name sent twice counts as none, so a planted
 * second copy cannot switch the browser into another account or another pending sign-in. The
 * test servers listen on plain http but believe their public URL is https, which is all the
 * cookie names depend on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCookies } from "../../../server/http/cookies.js";
import { startTestServer, type TestServer } from "../../helpers/test-server.js";
import { createCookieFetch } from "../../helpers/cookie-fetch.js";
import { totpAt, userWithTotp } from "../two-factor/support.js";

const PUBLIC_URL = "https://auth.example.test";

/** name=value of the Set-Cookie line whose name is `name`. */
function pairOf(cookies: string[], name: string): string {
  const line = cookies.find((c) => c.startsWith(`${name}=`));
  expect(line, `a Set-Cookie for ${name} among ${cookies.map((c) => c.split("=")[0]).join(", ")}`).toBeDefined();
  return line!.split(";")[0]!;
}

describe("parseCookies", () => {
  it("drops a name sent twice, whichever copy comes first, and a later third copy too (#27)", () => {
    expect([...parseCookies("a=1; b=2; a=3; c=4; a=5")]).toEqual([
      ["b", "2"],
      ["c", "4"],
    ]);
    expect(parseCookies("a=1; a=1").has("a")).toBe(false);
  });

  it("drops a value with malformed percent-encoding, and a copy of that name after it (#19)", () => {
    expect([...parseCookies("a=%E0%A4%A; b=%41; a=ok")]).toEqual([["b", "A"]]);
  });
});

describe("cookies on https (#27)", () => {
  let server: TestServer;
  let user: { email: string; password: string; userId: string };
  beforeAll(async () => {
    server = await startTestServer({ config: { baseURL: PUBLIC_URL, session: { cookieCache: { enabled: true } } } });
    user = await server.signUp();
  });
  afterAll(async () => {
    await server.close();
  });

  it("names every cookie __Host-latchkey.…, Secure, Path=/ and without Domain", async () => {
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password, rememberMe: false } });
    expect(signIn.status).toBe(200);
    const names = signIn.cookies.map((c) => c.split("=")[0]!);
    expect(names).toEqual(expect.arrayContaining(["__Host-latchkey.session_token", "__Host-latchkey.session_data", "__Host-latchkey.dont_remember"]));
    expect(names.some((n) => n.startsWith("__Host-latchkey.session_token_multi-"))).toBe(true);
    for (const line of signIn.cookies) {
      expect(line).toMatch(/^__Host-latchkey\./);
      expect(line).toContain("; Secure");
      expect(line).toContain("; Path=/;");
      expect(line.toLowerCase()).not.toContain("domain=");
    }
  });

  it("reads only the prefixed session cookie: the same token unprefixed is no session", async () => {
    const signIn = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    const pair = pairOf(signIn.cookies, "__Host-latchkey.session_token");
    const token = pair.slice(pair.indexOf("=") + 1);
    const prefixed = await server.request("GET", "/get-session", { cookie: pair });
    expect(prefixed.body.user.id).toBe(user.userId);
    const planted = await server.request("GET", "/get-session", { cookie: `latchkey.session_token=${token}` });
    expect(planted.body).toBeNull();
  });

  it("a duplicated __Host- session cookie yields no session", async () => {
    const victim = await server.request("POST", "/sign-in/email", { body: { email: user.email, password: user.password } });
    const attacker = await server.signUp();
    const attackerSignIn = await server.request("POST", "/sign-in/email", { body: { email: attacker.email, password: attacker.password } });
    const cookie = `${pairOf(attackerSignIn.cookies, "__Host-latchkey.session_token")}; ${pairOf(victim.cookies, "__Host-latchkey.session_token")}`;
    const session = await server.request("GET", "/get-session", { cookie });
    expect(session.status).toBe(200);
    expect(session.body).toBeNull();
  });

  it("finishes a two-factor sign-in through the __Host- two-factor cookie, and refuses it duplicated", async () => {
    const totpUser = await userWithTotp(server, "password123", PUBLIC_URL);
    const tab = createCookieFetch(PUBLIC_URL);
    const signIn = await tab.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: totpUser.email, password: totpUser.password }) });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const twoFactor = tab.cookies.get("__Host-latchkey.two_factor");
    expect(twoFactor).toBeDefined();
    const code = totpAt(totpUser.secret, server.clock.now());
    const duplicated = await server.request("POST", "/two-factor/verify-totp", {
      cookie: `__Host-latchkey.two_factor=${twoFactor}; __Host-latchkey.two_factor=${twoFactor}`,
      headers: { origin: PUBLIC_URL },
      body: { code },
    });
    expect(duplicated.status).toBe(401);
    expect(duplicated.body.code).toBe("INVALID_TWO_FACTOR_COOKIE");
    const verified = await server.request("POST", "/two-factor/verify-totp", { cookie: `__Host-latchkey.two_factor=${twoFactor}`, headers: { origin: PUBLIC_URL }, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(totpUser.userId);
    expect(pairOf(verified.cookies, "__Host-latchkey.session_token")).toBeTruthy();
  });

  it("keeps one browser's device sessions in __Host- multi-session cookies", async () => {
    const second = await server.signUp();
    const tab = createCookieFetch(PUBLIC_URL);
    for (const account of [user, second]) {
      const response = await tab.fetch(`${server.api}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: account.email, password: account.password }) });
      expect(response.status).toBe(200);
    }
    expect([...tab.cookies.keys()].filter((name) => name.startsWith("__Host-latchkey.session_token_multi-"))).toHaveLength(2);
    const devices = await tab.fetch(`${server.api}/multi-session/list-device-sessions`);
    const listed = (await devices.json()) as Array<{ user: { id: string } }>;
    expect(listed.map((entry) => entry.user.id).sort()).toEqual([user.userId, second.userId].sort());
  });

  it("serves the OpenAPI cookie scheme under the prefixed name", async () => {
    const openapi = await server.request("GET", "/openapi.json");
    expect(openapi.body.components.securitySchemes.cookie.name).toBe("__Host-latchkey.session_token");
  });
});

describe("duplicated cookies over http (#27)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps the unprefixed names on http", async () => {
    const { email, password } = await server.signUp();
    const signIn = await server.request("POST", "/sign-in/email", { body: { email, password } });
    expect(signIn.cookies.every((c) => c.startsWith("latchkey."))).toBe(true);
    expect(signIn.cookies.some((c) => c.includes("Secure"))).toBe(false);
  });

  it("a planted session cookie before the victim's own switches nobody into the attacker's account: no session", async () => {
    const victim = await server.signUp();
    const attacker = await server.signUp();
    const victimSignIn = await server.request("POST", "/sign-in/email", { body: { email: victim.email, password: victim.password } });
    const attackerSignIn = await server.request("POST", "/sign-in/email", { body: { email: attacker.email, password: attacker.password } });
    const planted = pairOf(attackerSignIn.cookies, "latchkey.session_token");
    const own = pairOf(victimSignIn.cookies, "latchkey.session_token");
    for (const cookie of [`${planted}; ${own}`, `${own}; ${planted}`]) {
      const session = await server.request("GET", "/get-session", { cookie });
      expect(session.body, cookie).toBeNull();
      const sessions = await server.request("GET", "/list-sessions", { cookie });
      expect(sessions.status).toBe(401);
    }
    expect((await server.request("GET", "/get-session", { cookie: own })).body.user.id).toBe(victim.userId);
  });

  it("a planted two-factor cookie cannot finish the attacker's pending sign-in in the victim's browser", async () => {
    const victim = await userWithTotp(server);
    const attacker = await userWithTotp(server);
    const pending = async (account: { email: string; password: string }) => {
      const response = await server.request("POST", "/sign-in/email", { body: { email: account.email, password: account.password } });
      expect(response.body).toMatchObject({ twoFactorRedirect: true });
      return pairOf(response.cookies, "latchkey.two_factor");
    };
    const victimCookie = await pending(victim);
    const plantedCookie = await pending(attacker);
    const attackerCode = totpAt(attacker.secret, server.clock.now());
    const response = await server.request("POST", "/two-factor/verify-totp", {
      cookie: `${plantedCookie}; ${victimCookie}`,
      headers: { origin: server.url },
      body: { code: attackerCode },
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("INVALID_TWO_FACTOR_COOKIE");
    expect(response.cookies.some((c) => c.startsWith("latchkey.session_token="))).toBe(false);
  });
});
